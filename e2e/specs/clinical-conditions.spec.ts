// Protect CDS conditions (issue 14; spec 2 §2 "Clinical configuration", "Layout", "Side
// navigation", §4 "Unlock, cards, conditions", §5 "Clinical", §8 "Clinical", §9), as the clinician:
// the four undescribed Protect CDS items are absent; a condition is added in the modal ('Missing
// required field', a duplicate name blocked without regard to case or spaces), two drugs are added
// from the drug search (one by name, one by NDC after the odd-digits message), one is removed with
// confirmation, a rename to a taken name gets the server's 409 at the field, the rename is
// confirmed, and the history shows each change; the clinical header's
// search opens a drug's drawer (clinician) and an organization and a member (super admin). axe on
// each page, dialog and drawer; screenshots at 1024 and 1440 px.
import { type Locator, type Page } from '@playwright/test';
import {
  CLINICAL_MESSAGES,
  DRUG_SEARCH_MAX_LENGTH,
  DRUG_SEARCH_ODD_DIGITS_MESSAGE,
  type EmployeeSearchRow,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, sideNavigation, signIn, test } from '../fixtures.ts';
import { checkA11y, expectNotice, shownDialog } from '../helpers/ui.ts';

/** A name no other run on the same server has used. */
const NAME = `Type 2 Diabetes ${Date.now().toString(36)}`;
const RENAMED = `${NAME} (adult)`;
/** Demo catalogue drugs (apps/server/src/seed/data/demo-drugs.csv). */
const METFORMIN = { code: '2201011010', name: 'Metformin hydrochloride' };
const ATORVASTATIN = { code: '2407011010', name: 'Atorvastatin calcium', ndc: '67877-0511-90' };

const SCREENSHOTS = 'test-results/clinical-conditions';

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${SCREENSHOTS}/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
}

function breadcrumb(page: Page): Locator {
  return page.locator('.page-breadcrumb');
}

/** The dropdown of the select whose combobox is `box`, once open. */
async function dropdownOf(box: Locator): Promise<Locator> {
  const page = box.page();
  const list = `${await box.getAttribute('id')}_list`;
  return page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) });
}

/**
 * Types a term into a search select, waits for the option whose title starts with `prefix`, and
 * takes it with the keyboard (arrow keys, Enter).
 */
async function searchAndChoose(box: Locator, term: string, prefix: string): Promise<void> {
  const page = box.page();
  await box.click();
  await box.fill(term);
  const dropdown = await dropdownOf(box);
  const option = dropdown.locator(`.ant-select-item-option[title^="${prefix}"]`);
  await expect(option).toBeVisible();
  const active = dropdown.locator('.ant-select-item-option-active');
  for (let step = 0; step < 20; step += 1) {
    if ((await active.getAttribute('title'))?.startsWith(prefix)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(active).toHaveAttribute(
    'title',
    new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  await page.keyboard.press('Enter');
}

function drugRows(page: Page): Locator {
  return page.getByRole('region', { name: 'Drugs' }).locator('.ant-table-tbody tr.ant-table-row');
}

test('the clinician adds a condition, its drugs by name and by NDC, removes one and renames it', async ({
  page,
  browserErrors,
}) => {
  const who = await signIn(page, 'clinician', { path: '/clinical/config/conditions' });

  // The side navigation's Protect CDS shows Configuration only (issue 14).
  const nav = sideNavigation(page);
  await expect(nav.getByRole('link', { name: 'Configuration', exact: true })).toBeVisible();
  for (const hidden of ['Intervention Queues', 'Member', 'Savings Validation', 'Cases']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }

  await expect(breadcrumb(page)).toHaveText(/Protect CDS\s*\/\s*Configuration\s*\/\s*Conditions/);
  await expect(page.getByRole('tab', { name: 'Conditions', selected: true })).toBeVisible();
  await expect(
    page.getByRole('combobox', { name: 'Search Drug/Member/Organization' }),
  ).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'conditions-tab');

  // Add: the name is required, then saved; the new condition's page opens.
  await page.getByRole('button', { name: 'Add Condition' }).click();
  let dialog = await shownDialog(page, 'Condition Name');
  await dialog.getByRole('button', { name: 'Add Condition' }).click();
  await expect(dialog.getByText(CLINICAL_MESSAGES.missingRequiredField)).toBeVisible();
  await checkA11y(page);
  await dialog.getByLabel('Condition Name').fill(NAME);
  await dialog.getByRole('button', { name: 'Add Condition' }).click();
  await expectNotice(page, 'Condition Added');
  await expect(page).toHaveURL(/\/clinical\/conditions\/detail\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(breadcrumb(page)).toHaveText(
    new RegExp(`Protect CDS\\s*/\\s*Configuration\\s*/\\s*Conditions\\s*/\\s*${NAME}`),
  );
  await expect(drugRows(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Drugs' }).getByText('No data')).toBeVisible();
  await checkA11y(page);

  // The same name again, in other case and with spaces around it, is blocked.
  await page.goto('/clinical/conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions' })).toBeVisible();
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'conditions-page');
  await page.getByRole('button', { name: 'Add Condition' }).click();
  dialog = await shownDialog(page, 'Condition Name');
  await dialog.getByLabel('Condition Name').fill(`  ${NAME.toUpperCase()}  `);
  await expect(dialog.getByText(CLINICAL_MESSAGES.conditionNameTaken)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add Condition' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A drug found by name: the search waits for typing to stop, then lists classes.
  await page.goto(detailUrl);
  const search = page.getByRole('combobox', { name: 'Find a drug to add' });
  await search.click();
  await search.fill('metformin');
  // The field says it waits (its description, read with the field; the dropdown says it too).
  await expect(search).toHaveAccessibleDescription('Waiting for you to stop typing…');
  await searchAndChoose(search, 'metformin', `${METFORMIN.code} · ${METFORMIN.name}`);
  await page.getByRole('button', { name: 'Add Drug' }).click();
  await expectNotice(page, 'Drug Added');
  await expect(drugRows(page)).toHaveCount(1);
  await expect(drugRows(page).first()).toContainText(METFORMIN.code);

  // A drug found by NDC: an odd number of digits is refused under the field first.
  await search.click();
  await search.fill('678770511');
  await expect(search).toHaveAccessibleDescription(DRUG_SEARCH_ODD_DIGITS_MESSAGE);
  await searchAndChoose(search, '6787705119', `${ATORVASTATIN.code} · ${ATORVASTATIN.name}`);
  await page.getByRole('button', { name: 'Add Drug' }).click();
  await expectNotice(page, 'Drug Added');
  await expect(drugRows(page)).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Drugs' })).toContainText(ATORVASTATIN.code);
  await checkA11y(page);
  await screenshots(page, 'condition-detail');

  // Remove one, confirmed.
  await page.getByRole('button', { name: new RegExp(`^Remove ${METFORMIN.code} `) }).click();
  dialog = await shownDialog(page, 'Remove this drug?');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Remove Drug' }).click();
  await expectNotice(page, 'Drug Removed');
  await expect(drugRows(page)).toHaveCount(1);
  await expect(drugRows(page).first()).toContainText(ATORVASTATIN.code);

  // Rename to a seeded condition's name: confirmed, then the server's 409 shows at the field.
  browserErrors.allow(/Failed to load resource: the server responded with a status of 409/);
  await page.getByRole('button', { name: 'Edit Condition' }).click();
  dialog = await shownDialog(page, 'Edit Condition');
  await dialog.getByLabel('Condition Name').fill(' asthma ');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await (
    await shownDialog(page, 'Save changes to this condition?')
  )
    .getByRole('button', { name: 'Save Changes' })
    .click();
  await expect(dialog.getByText(CLINICAL_MESSAGES.conditionNameTaken)).toBeVisible();

  // Rename: confirmed before it is saved.
  await dialog.getByLabel('Condition Name').fill(RENAMED);
  // After a save, antd keeps the button's hidden loading icon until its leave animation ends,
  // and its label ('loading') stays in the button's accessible name until then.
  await dialog.getByRole('button', { name: /^(loading )?Save$/ }).click();
  const confirmation = await shownDialog(page, 'Save changes to this condition?');
  await expect(confirmation).toContainText(RENAMED);
  await checkA11y(page);
  await confirmation.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(page, 'Condition Updated');
  await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();

  // The history: who, when, what, newest first.
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(`Changed name: '${NAME}' → '${RENAMED}'`)).toBeVisible();
  await expect(history.getByText(new RegExp(`^Removed drug .*${METFORMIN.code}`))).toBeVisible();
  await expect(history.getByText(new RegExp(`^Added drug .*${ATORVASTATIN.code}`))).toBeVisible();
  await expect(history.getByText(who.firstName, { exact: false }).first()).toBeVisible();
});

test('the clinical header search opens a drug for the clinician', async ({ page }) => {
  await signIn(page, 'clinician', { path: '/clinical/conditions' });
  const box = page.getByRole('combobox', { name: 'Search Drug/Member/Organization' });
  // A pasted 10,000 characters are cut to the longest term the searches take.
  await box.click();
  await box.fill('a'.repeat(10_000));
  await expect(box).toHaveValue('a'.repeat(DRUG_SEARCH_MAX_LENGTH));
  await searchAndChoose(box, 'atorvastatin', `${ATORVASTATIN.code} · ${ATORVASTATIN.name}`);
  const drawer = page.getByRole('dialog', { name: new RegExp(`^${ATORVASTATIN.code}`) });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('cell', { name: ATORVASTATIN.ndc, exact: true })).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'drug-drawer');
});

test('the clinical header search opens an organization and a member for the super admin', async ({
  page,
}) => {
  await signIn(page, 'superAdmin', { path: '/clinical/conditions' });
  const organizations = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    '/portal/v1/organizations?limit=1&offset=0&sort=name:asc',
  );
  const organization = organizations.data[0]!;
  const box = page.getByRole('combobox', { name: 'Search Drug/Member/Organization' });
  await searchAndChoose(box, organization.name, organization.name);
  // The organization page opens on its first tab.
  await expect(page).toHaveURL(
    new RegExp(`/organizations/${organization.organizationNo}(/dashboard)?$`),
  );

  const employees = await apiGet<ResultPage<EmployeeSearchRow>>(
    page,
    `/portal/v1/organizations/${organization.organizationNo}/employees?limit=1&offset=0`,
  );
  const member = employees.data[0]!;
  await page.goto('/clinical/conditions');
  await searchAndChoose(box, member.generatedId, `${member.name} · ${member.generatedId}`);
  await expect(page).toHaveURL(
    `/organizations/${member.organizationNo}/employees/${member.employeeNo}`,
  );
});
