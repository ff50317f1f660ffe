// Details of spec 1 the browser review found (issue 10): one date message in the user's format,
// a create form's SSN shown as the 9 digits it takes, read-only forms without required marks or
// an empty foot, room under the dependent page's header, a home grid without holes, one
// confirmation for every action that changes coverage, and pages usable at 1024 px and
// readable at 390 px. Nothing here changes data: every confirmation is cancelled.
import { type Locator, type Page } from '@playwright/test';
import {
  PROCESS_STATUS,
  type DependentDetail,
  type DependentSearchRow,
  type EmployeeSearchRow,
  type OrganizationDetail,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { findOrganization } from '../helpers/api.ts';
import { checkA11y, panel, shown, shownDialog } from '../helpers/ui.ts';

/** An active organization with no termination ahead, which offers Create New Member. */
async function openOrganization(page: Page): Promise<OrganizationDetail> {
  const organization = await findOrganization(page, 'processStatus=1&sort=name:asc', (o) =>
    o.processStatus === PROCESS_STATUS.active && !o.expirationDate ? o : undefined,
  );
  expect(organization, 'a seeded active organization').toBeDefined();
  return organization!;
}

/** The form item (label, control and its messages) of a labelled field. */
function fieldItem(form: Locator, label: string): Locator {
  return form
    .locator('.ant-form-item')
    .filter({ has: form.page().getByLabel(label, { exact: true }) })
    .last();
}

/** Labels of the form whose required mark ('*') is drawn. */
async function drawnRequiredMarks(form: Locator): Promise<number> {
  return form.locator('label').evaluateAll(
    (labels) =>
      labels.filter((label) => {
        const mark = getComputedStyle(label, '::before');
        return mark.content.includes('*') && mark.display !== 'none';
      }).length,
  );
}

/** Pixels between the last field of a form and the foot of the card body holding it. */
async function footGap(card: Locator): Promise<number> {
  return card.locator('.ant-card-body').evaluate((body) => {
    const items = [...body.querySelectorAll('.ant-form-item')];
    const lastBottom = Math.max(...items.map((item) => item.getBoundingClientRect().bottom));
    const padding = parseFloat(getComputedStyle(body).paddingBottom);
    return body.getBoundingClientRect().bottom - padding - lastBottom;
  });
}

test('Create New Member: one date message in MM/DD/YYYY, and the SSN as the 9 digits it takes', async ({
  page,
}) => {
  await signIn(page, 'superAdmin');
  const organization = await openOrganization(page);
  await page.goto(`/organizations/${organization.organizationNo}/members`);
  await page.getByRole('button', { name: 'Create New Member' }).click();
  const form = page.getByRole('form', { name: 'Create New Member' });
  await expect(form).toBeVisible();

  // An impossible date: one message, in the format the field is typed in.
  const birth = fieldItem(form, 'Birth Date');
  await form.getByLabel('Birth Date', { exact: true }).fill('13/45/2020');
  await form.getByLabel('Birth Date', { exact: true }).blur();
  await expect(birth.locator('.ant-form-item-explain-error')).toHaveText([
    'Birth Date must be a valid date (MM/DD/YYYY)',
  ]);
  await expect(form.getByText('YYYY-MM-DD')).toHaveCount(0);
  const effective = fieldItem(form, 'Effective Date');
  await form.getByLabel('Effective Date', { exact: true }).fill('02/30/2025');
  await form.getByLabel('Effective Date', { exact: true }).blur();
  await expect(effective.locator('.ant-form-item-explain-error')).toHaveText([
    'Effective Date must be a valid date (MM/DD/YYYY)',
  ]);

  // The create form takes 9 digits without dashes, and shows what it takes.
  const ssn = form.getByLabel('SSN', { exact: true });
  await ssn.pressSequentially('123456789');
  await expect(ssn).toHaveValue('123456789');
  await ssn.blur();
  await expect(fieldItem(form, 'SSN').locator('.ant-form-item-explain-error')).toHaveCount(0);
  // A pasted SSN with dashes becomes its digits.
  await ssn.fill('987-65-4321');
  await expect(ssn).toHaveValue('987654321');
  await checkA11y(page);
});

test('read-only member and dependent forms: no required marks, no empty foot, room under the header', async ({
  page,
}) => {
  await signIn(page, 'clientNoSsn');
  const organizations = await apiGet<ResultPage<{ organizationNo: number }>>(
    page,
    '/portal/v1/organizations?limit=5',
  );
  const orgId = organizations.data[0]!.organizationNo;
  const members = await apiGet<ResultPage<EmployeeSearchRow>>(
    page,
    `/portal/v1/organizations/${orgId}/employees?processStatus=active&limit=20&sort=name:asc`,
  );
  const member = members.data[0]!;
  await page.goto(`/organizations/${orgId}/employees/${member.employeeNo}`);
  const details = page.getByRole('form', { name: 'Member Details' });
  await expect(details).toBeVisible();
  await expect(details.getByLabel('First Name', { exact: true })).toBeDisabled();
  expect(await drawnRequiredMarks(details)).toBe(0);
  // Only the card's own padding under the last field, no room kept for absent buttons.
  expect(await footGap(panel(page, 'Member Details'))).toBeLessThanOrEqual(4);
  await checkA11y(page);

  // A dependent of an active member, so no warning sits between the header and the panels.
  const dependents = await apiGet<ResultPage<DependentSearchRow>>(
    page,
    `/portal/v1/organizations/${orgId}/dependents?processStatus=active&limit=20&sort=name:asc`,
  );
  let shownDependent: DependentDetail | undefined;
  for (const row of dependents.data) {
    const detail = await apiGet<DependentDetail>(
      page,
      `/portal/v1/organizations/${orgId}/employees/${row.employeeNo}/dependents/${row.dependentNo}`,
    );
    if (!detail.actions.reinstateBlockedMessage) {
      shownDependent = detail;
      break;
    }
  }
  expect(shownDependent, 'an active dependent of an active member').toBeDefined();
  await page.goto(
    `/organizations/${orgId}/employees/${shownDependent!.employeeNo}/dependents/${shownDependent!.dependentNo}`,
  );
  const dependentForm = page.getByRole('form', { name: 'Dependent Details' });
  await expect(dependentForm).toBeVisible();
  expect(await drawnRequiredMarks(dependentForm)).toBe(0);
  expect(await footGap(panel(page, 'Dependent Details'))).toBeLessThanOrEqual(4);
  const headerBottom = await page
    .locator('.page-header')
    .evaluate((header) => header.getBoundingClientRect().bottom);
  const panelTop = await panel(page, 'Dependent Details').evaluate(
    (card) => card.getBoundingClientRect().top,
  );
  expect(
    panelTop - headerBottom,
    'space between the header rows and the panels',
  ).toBeGreaterThanOrEqual(8);
  await checkA11y(page);
});

test('the home grid has no empty column and no lone card', async ({ page }) => {
  await signIn(page, 'accountManager');
  const cards = page.locator('.home__grid > *:visible');
  await expect(page.getByRole('heading', { level: 2, name: 'Feedback' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Files' })).toBeVisible();
  // Every row of the grid is filled edge to edge: the cards' right edges reach the grid's.
  const rows = await cards.evaluateAll((elements) => {
    const grid = elements[0]!.parentElement!.getBoundingClientRect();
    const byTop = new Map<number, number>();
    for (const element of elements) {
      const box = element.getBoundingClientRect();
      const top = Math.round(box.top);
      byTop.set(top, Math.max(byTop.get(top) ?? 0, box.right));
    }
    return [...byTop.values()].map((right) => Math.round(grid.right - right));
  });
  expect(rows.length).toBeGreaterThan(1);
  for (const gap of rows) expect(gap, 'room left at the end of a row').toBeLessThanOrEqual(1);
  await checkA11y(page);
});

test('at 1024 px the members table shows Status without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, 'accountManager');
  const organization = await openOrganization(page);
  await page.goto(`/organizations/${organization.organizationNo}/members`);
  const status = page.getByRole('columnheader', { name: 'Status' });
  await expect(status).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(2)).toBeVisible();
  const within = await status.evaluate((cell) => {
    const box = cell.getBoundingClientRect();
    const container = cell.closest('.ant-table-container')!.getBoundingClientRect();
    return box.left >= container.left - 1 && box.right <= container.right + 1;
  });
  expect(within, 'the Status column inside the table as shown').toBe(true);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
    1024,
  );
  await checkA11y(page);
});

test('at 390 px the key pages fit the phone, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'accountManager');
  const organization = await openOrganization(page);
  const orgId = organization.organizationNo;
  const members = await apiGet<ResultPage<EmployeeSearchRow>>(
    page,
    `/portal/v1/organizations/${orgId}/employees?limit=5&sort=name:asc`,
  );
  const member = members.data[0]!;
  const pages: [string, string][] = [
    ['/home', 'Members'],
    ['/organizations', 'Organizations'],
    [`/organizations/${orgId}/members`, organization.name],
    [`/organizations/${orgId}/employees/${member.employeeNo}`, 'Member Details'],
    ['/help', 'Help'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.scrollingElement!.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll, `${path} is no wider than the phone`).toBeLessThanOrEqual(widths.inner);
  }
  // The header keeps every control, by name, in the narrow bar.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Help' })).toBeVisible();
  await checkA11y(page);
});

/** The confirmation of an action: a modal asking the question, its button named after the action. */
async function expectConfirmation(page: Page, question: string, action: string): Promise<void> {
  const dialog = await shownDialog(page, question);
  await expect(dialog.getByRole('button', { name: action, exact: true })).toBeVisible();
  await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('every action that changes coverage asks the same way: a modal naming the action', async ({
  page,
}) => {
  await signIn(page, 'accountManager');
  const organization = await openOrganization(page);
  const orgId = organization.organizationNo;
  const base = `/portal/v1/organizations/${orgId}`;
  const terminated = await apiGet<ResultPage<EmployeeSearchRow>>(
    page,
    `${base}/employees?processStatus=terminated&limit=20&sort=name:asc`,
  );
  const former = terminated.data.find((m) => m.expirationDate && m.status === 'terminated');
  expect(former, 'a terminated member').toBeDefined();

  // A terminated member: change the termination date, remove it, reinstate.
  await page.goto(`/organizations/${orgId}/employees/${former!.employeeNo}`);
  const actions = panel(page, 'Eligibility Actions');
  await expect(actions).toBeVisible();
  const change = actions.locator('form#change-termination');
  await change
    .getByLabel('New Termination Date')
    .fill(
      former!.effectiveDate === former!.expirationDate
        ? '01/02/2099'
        : shown(former!.effectiveDate),
    );
  await change.getByRole('button', { name: 'Change Termination Date' }).click();
  await expectConfirmation(page, 'Change the termination date?', 'Change Termination Date');

  await actions.getByRole('button', { name: 'Remove Termination', exact: true }).click();
  await expectConfirmation(page, 'Remove the termination?', 'Remove Termination');

  const reinstate = actions.locator('form#reinstate-member');
  const group = reinstate.getByRole('combobox');
  if ((await reinstate.locator('.ant-select-selection-item').count()) === 0) {
    await group.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  }
  await reinstate.getByLabel('Reinstatement Date').fill(shown(former!.effectiveDate));
  await reinstate.getByRole('button', { name: 'Reinstate', exact: true }).click();
  await expectConfirmation(page, 'Reinstate this member?', 'Reinstate');
  await checkA11y(page);

  // An active dependent of an active member: terminate.
  const dependents = await apiGet<ResultPage<DependentSearchRow>>(
    page,
    `${base}/dependents?processStatus=active&limit=20&sort=name:asc`,
  );
  let dependent: DependentDetail | undefined;
  for (const row of dependents.data) {
    const detail = await apiGet<DependentDetail>(
      page,
      `${base}/employees/${row.employeeNo}/dependents/${row.dependentNo}`,
    );
    if (detail.actions.terminate) {
      dependent = detail;
      break;
    }
  }
  expect(dependent, 'an active dependent the account manager may terminate').toBeDefined();
  await page.goto(
    `/organizations/${orgId}/employees/${dependent!.employeeNo}/dependents/${dependent!.dependentNo}`,
  );
  const terminate = page.getByRole('form', { name: 'Terminate' });
  await terminate.getByLabel('Termination Date').fill(shown(dependent!.effectiveDate));
  await terminate.getByRole('button', { name: 'Terminate', exact: true }).click();
  await expectConfirmation(page, 'Terminate this dependent?', 'Terminate');
  await checkA11y(page);
});
