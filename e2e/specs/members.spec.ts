// Member search: the cross-organization /members page (two-field rule, employee/dependent
// switch, ID field by permission) and an organization's Members tab. Read-only: the seeded
// members stay as they are for every other spec.
import { type Page } from '@playwright/test';
import {
  MEMBER_SEARCH_RULE_MESSAGE,
  type DependentSearchRow,
  type EmployeeSearchRow,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, expectNoSeriousA11yViolations, signIn, test } from '../fixtures.ts';
import { choose } from '../helpers/ui.ts';

const EMPTY_TEXT =
  'Use the filters above to search for members. You can use one or several filters.';
/** The first seeded organization: the broker's, the client's and the client viewer's. */
const CEDAR_VALLEY = 'Cedar Valley Manufacturing';

/** Where a member search table lives: the page's main area, or one organization tab. */
type Scope = ReturnType<Page['locator']>;
const mainOf = (page: Page): Scope => page.getByRole('main');
const membersTabOf = (page: Page): Scope => page.locator('.organization-members');

function summary(scope: Scope) {
  return scope.getByText(/^\d+-\d+ of \d+ total results$/);
}

function searchButton(page: Page) {
  return page.getByRole('button', { name: 'Search', exact: true });
}

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The cells of every result row shown. */
async function readRows(scope: Scope): Promise<string[][]> {
  return scope
    .getByRole('row')
    .filter({ has: scope.page().getByRole('link') })
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.innerText.trim())),
    );
}

/**
 * Waits until the table shows what the API answers the same search (its first page of 20),
 * then returns the rows as shown.
 */
async function expectResults<T extends { name: string }>(
  scope: Scope,
  apiPath: string,
): Promise<{ rows: string[][]; answer: ResultPage<T> }> {
  const answer = await apiGet<ResultPage<T>>(scope.page(), apiPath);
  const shown = Math.min(20, answer.totalCount);
  if (answer.totalCount === 0) {
    await expect(scope.getByText('No members match this search.')).toBeVisible();
  } else {
    await expect(summary(scope)).toHaveText(`1-${shown} of ${answer.totalCount} total results`);
    await expect(
      scope.getByRole('link', { name: answer.data[0]!.name, exact: true }).first(),
    ).toBeVisible();
  }
  await expect(scope.locator('.ant-spin-spinning')).toHaveCount(0);
  const rows = await readRows(scope);
  expect(rows).toHaveLength(shown);
  expect(rows.map((row) => row[0])).toEqual(answer.data.slice(0, 20).map((row) => row.name));
  return { rows, answer };
}

async function headers(scope: Scope): Promise<string[]> {
  return scope
    .getByRole('columnheader')
    .evaluateAll((cells) =>
      cells.map((cell) => (cell as HTMLElement).innerText.trim()).filter(Boolean),
    );
}

/** The dropdown of one antd select: the one holding the listbox its combobox controls. */
async function dropdownOf(page: Page, combobox: string) {
  const box = page.getByRole('combobox', { name: combobox, exact: true });
  // rc-select names the listbox after the combobox: {id}_list.
  const list = `${await box.getAttribute('id')}_list`;
  return {
    box,
    dropdown: page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) }),
  };
}

/** The whole antd select around a labelled combobox, which shows the chosen option. */
function selectOf(page: Page, combobox: string) {
  return page.locator('.ant-select', {
    has: page.getByRole('combobox', { name: combobox, exact: true }),
  });
}

async function optionsOf(page: Page, combobox: string): Promise<string[]> {
  const { box, dropdown } = await dropdownOf(page, combobox);
  await box.click();
  await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible();
  const titles = await dropdown
    .locator('.ant-select-item-option')
    .evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();
  return titles;
}

/** axe on the page as it rests: the pointer off any button, whose hover shade is lighter. */
async function checkA11y(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
}

function kindSwitch(page: Page, kind: 'Employee' | 'Dependent') {
  return page.locator('label.ant-radio-button-wrapper').filter({ hasText: kind });
}

test('searches members across organizations, refusing one field alone (spec 1 §5)', async ({
  page,
}) => {
  await signIn(page, 'accountManager', { path: '/members' });
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  expect(await headers(mainOf(page))).toEqual([
    'Name',
    'Organization',
    'Generated ID',
    'Client ID',
    'Birthdate',
    'Effective Date',
    'Status',
  ]);
  await checkA11y(page);

  // One field that is not enough alone is refused inline, once, with no 'Search Anyway' (that is
  // the agent desktop's variant, spec 2 §5): nothing is searched.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('smi');
  await searchButton(page).click();
  const rule = page.locator('.member-search-rule .ant-form-item-explain-error');
  await expect(rule).toHaveText(MEMBER_SEARCH_RULE_MESSAGE);
  await searchButton(page).click();
  await expect(page.getByText(MEMBER_SEARCH_RULE_MESSAGE)).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search Anyway' })).toHaveCount(0);
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  expect(query(page).get('emp.name')).toBeNull();
  await checkA11y(page);

  // A second field searches, and the search lives in the address.
  await choose(page, 'Status', 'Active');
  await searchButton(page).click();
  await expect(rule).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]emp\.name=smi(&|$)/);
  const { rows } = await expectResults<EmployeeSearchRow>(
    mainOf(page),
    '/portal/v1/employees?name=smi&processStatus=active&limit=20',
  );
  // One word is the start of a last name.
  for (const [name] of rows) expect(name!.toLowerCase()).toMatch(/^smi/);
  expect(new Set(rows.map((row) => row[1])).size).toBeGreaterThan(1);

  // The organization narrows to its own members.
  await choose(page, 'Organization', CEDAR_VALLEY, 'Cedar Valley');
  await searchButton(page).click();
  await expect(page).toHaveURL(/[?&]emp\.processStatus=active(&|$)/);
  await expect(page).toHaveURL(/[?&]emp\.organizationNo=\d+(&|$)/);
  const organizationNo = query(page).get('emp.organizationNo')!;
  const { rows: narrowed } = await expectResults<EmployeeSearchRow>(
    mainOf(page),
    `/portal/v1/employees?name=smi&processStatus=active&organizationNo=${organizationNo}&limit=20`,
  );
  for (const row of narrowed) {
    expect(row[1]).toBe(CEDAR_VALLEY);
    expect(row[6]).not.toBe('Terminated');
  }
  await checkA11y(page);

  // A reload restores the search; a name opens the member page of that organization.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Organization', exact: true })).toBeVisible();
  await expect(selectOf(page, 'Organization')).toContainText(CEDAR_VALLEY);
  const restored = await expectResults<EmployeeSearchRow>(
    mainOf(page),
    `/portal/v1/employees?name=smi&processStatus=active&organizationNo=${organizationNo}&limit=20`,
  );
  expect(restored.rows).toEqual(narrowed);
  if (narrowed.length > 0) {
    await page.getByRole('link', { name: narrowed[0]![0]!, exact: true }).click();
    await expect(page).toHaveURL(/\/organizations\/\d+\/employees\/\d+$/);
  }
});

test('switching between employees and dependents keeps the search but clears group, SSN and alternate ID', async ({
  page,
}) => {
  await signIn(page, 'accountManager', { path: '/members' });
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('a');
  await choose(page, 'Organization', CEDAR_VALLEY, 'Cedar');
  const groups = await optionsOf(page, 'Group');
  expect(groups.length).toBeGreaterThan(0);
  await choose(page, 'Group', groups[0]!);
  await choose(page, 'ID type', 'Alternate ID');
  await page.getByRole('textbox', { name: 'Alternate ID', exact: true }).fill('A123');

  await kindSwitch(page, 'Dependent').click();
  await expect(page).toHaveURL(/[?&]type=dependent(&|$)/);
  const params = query(page);
  expect(params.get('dep.name')).toBe('a');
  expect(params.get('dep.organizationNo')).toMatch(/^\d+$/);
  expect(params.get('dep.groupNo')).toBeNull();
  expect(params.get('dep.alternateId')).toBeNull();
  expect([...params.keys()].some((key) => key.startsWith('emp.'))).toBe(false);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('a');
  await expect(selectOf(page, 'Organization')).toContainText(CEDAR_VALLEY);
  await expect(selectOf(page, 'Group')).toContainText('Any group');
  const ssn = page.getByRole('textbox', { name: 'SSN', exact: true });
  await expect(ssn).toBeEnabled();
  await expect(ssn).toHaveValue('');
  expect(await headers(mainOf(page))).toEqual([
    'Name',
    'Organization',
    'Birthdate',
    'Effective Date',
    'Status',
  ]);
  const { rows } = await expectResults<DependentSearchRow>(
    mainOf(page),
    `/portal/v1/dependents?name=a&organizationNo=${params.get('dep.organizationNo')}&limit=20`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row[1]).toBe(CEDAR_VALLEY);
  await checkA11y(page);

  // An SSN is searched by, but never written into the address.
  await ssn.fill('123456789');
  await expect(ssn).toHaveValue('123-45-6789');
  await searchButton(page).click();
  await expect(page).toHaveURL(/[?&]dep\.ssn=ssn-[0-9a-f]+(&|$)/);
  expect(page.url()).not.toContain('123456789');
  expect(page.url()).not.toContain('123-45-6789');
  await expect(page.getByText('No members match this search.')).toBeVisible();

  await kindSwitch(page, 'Employee').click();
  await expect(page).toHaveURL(/[?&]type=employee(&|$)/);
  expect(query(page).get('emp.ssn')).toBeNull();
  await expect(page.getByRole('combobox', { name: 'ID type', exact: true })).toBeVisible();
  await expect(page.locator('.member-id-field input.ant-input').first()).toHaveValue('');
});

test('without the SSN permission the ID field offers no SSN, and a dependent SSN is disabled', async ({
  page,
}) => {
  await signIn(page, 'clientNoSsn', { path: '/home' });
  const some = await apiGet<ResultPage<DependentSearchRow>>(
    page,
    '/portal/v1/dependents?processStatus=active&name=a&limit=1',
  );
  const lastName = some.data[0]!.lastName;
  // A link from the home page's search is one field: the dependents table opens with the name
  // filled in and asks for more (spec 1 §5), searching nothing, until a second field is given.
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/portal/v1/dependents?')) searches.push(request.url());
  });
  await page.goto(`/members?dep.name=${encodeURIComponent(lastName)}`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(lastName);
  await expect(mainOf(page).getByText(MEMBER_SEARCH_RULE_MESSAGE)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(searches).toEqual([]);
  await choose(page, 'Status', 'Active');
  await searchButton(page).click();
  await expectResults<DependentSearchRow>(
    mainOf(page),
    `/portal/v1/dependents?name=${encodeURIComponent(lastName)}&processStatus=active&limit=20`,
  );
  await expect(page.getByRole('textbox', { name: 'SSN', exact: true })).toBeDisabled();
  await checkA11y(page);

  await kindSwitch(page, 'Employee').click();
  expect(await optionsOf(page, 'ID type')).toEqual(['Member ID', 'Alternate ID']);
});

test("an organization's Members tab lists and searches its members within the user's groups", async ({
  page,
}) => {
  await signIn(page, 'client', { path: '/organizations' });
  await page.getByRole('link', { name: CEDAR_VALLEY, exact: true }).click();
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+\/members/);
  const orgId = /\/organizations\/(\d+)\//.exec(page.url())![1]!;
  const tab = membersTabOf(page);
  await expectResults<EmployeeSearchRow>(
    tab,
    `/portal/v1/organizations/${orgId}/employees?limit=20`,
  );
  expect(await headers(tab)).toEqual([
    'Name',
    'Group',
    'Generated ID',
    'Client ID',
    'Birthdate',
    'Effective Date',
    'Status',
  ]);
  // The client sees two of the organization's groups, and only their members.
  const groups = await optionsOf(page, 'Group');
  expect(groups).toHaveLength(2);
  // The client may edit members and Cedar Valley is active: Create New Member is offered
  // (the drawer itself is covered by member-page.spec.ts).
  await expect(page.getByRole('button', { name: 'Create New Member' })).toBeVisible();
  await checkA11y(page);

  await choose(page, 'Group', groups[1]!);
  await choose(page, 'Status', 'Active');
  await searchButton(page).click();
  await expect(page).toHaveURL(/[?&]emp\.groupNo=\d+(&|$)/);
  const groupNo = query(page).get('emp.groupNo')!;
  const groupName = groups[1]!.replace(/ \(.*$/, '');
  const { rows } = await expectResults<EmployeeSearchRow>(
    tab,
    `/portal/v1/organizations/${orgId}/employees?groupNo=${groupNo}&processStatus=active&limit=20`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row[1]).toBe(groupName);
    expect(row[6]).not.toBe('Terminated');
  }

  await kindSwitch(page, 'Dependent').click();
  await expect(page).toHaveURL(/[?&]type=dependent(&|$)/);
  expect(query(page).get('dep.groupNo')).toBeNull();
  expect(query(page).get('dep.processStatus')).toBe('active');
  const { rows: dependents } = await expectResults<DependentSearchRow>(
    tab,
    `/portal/v1/organizations/${orgId}/dependents?processStatus=active&limit=20`,
  );
  expect(await headers(tab)).toEqual(['Name', 'Birthdate', 'Effective Date', 'Status']);
  expect(dependents.length).toBeGreaterThan(0);
  await checkA11y(page);
  await page.getByRole('link', { name: dependents[0]![0]!, exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/organizations/${orgId}/employees/\\d+/dependents/\\d+$`),
  );
});
