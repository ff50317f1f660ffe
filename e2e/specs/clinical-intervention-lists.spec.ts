// Protect CDS intervention drug lists (issue 14; spec 2 §2 "Clinical configuration", §4
// "Intervention list wizard", §5 "Clinical", §9), as the clinician: /clinical/intervention opens
// the configuration page's lists tab, whose table sorts on the server; a list is created through
// all five wizard steps (Next disabled by an empty or duplicate name and on Target Drugs with
// none); the cancel confirmation keeps the wizard on 'Cancel' and closes and resets it on 'Yes,
// Continue'; on the detail page a target drug is removed with confirmation, and the list is seen
// as it stood on a past date. axe on each page and dialog; screenshots at 1024 and 1440 px.
import { type Locator, type Page } from '@playwright/test';
import {
  CLINICAL_MESSAGES,
  type InterventionList,
  type InterventionListPage,
} from '@pillar/domain';
import { accessTokenOf, apiGet, expect, signIn, test } from '../fixtures.ts';
import { apiPost } from '../helpers/api.ts';
import { checkA11y, choose, shownDialog } from '../helpers/ui.ts';

/** Names no other run on the same server has used. */
const RUN = Date.now().toString(36);
const NAME = `Statin Review ${RUN}`;
/** Demo catalogue drug classes (apps/server/src/seed/data/demo-drugs.csv, gpi_10). */
const ATORVASTATIN = '2407011010';
const ROSUVASTATIN = '2407012010';
const SIMVASTATIN = '2407013010';
const LISTS_TAB = '/clinical/config/intervention-drug-lists';

const SCREENSHOTS = 'test-results/clinical-intervention-lists';

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

function breadcrumb(page: Page): Locator {
  return page.locator('.page-breadcrumb');
}

function listRows(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Intervention drug lists' })
    .locator('.ant-table-tbody tr.ant-table-row');
}

/** The dropdown of the select whose combobox is `box`, once open. */
async function dropdownOf(box: Locator): Promise<Locator> {
  const page = box.page();
  const list = `${await box.getAttribute('id')}_list`;
  return page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) });
}

/**
 * Types a term into the drug search select, waits (2 s debounce) for the option whose title
 * starts with the class code, and takes it with the keyboard.
 */
async function searchAndChoose(box: Locator, term: string, code: string): Promise<void> {
  const page = box.page();
  await box.click();
  await box.fill(term);
  const dropdown = await dropdownOf(box);
  await expect(dropdown.locator(`.ant-select-item-option[title^="${code}"]`)).toBeVisible();
  const active = dropdown.locator('.ant-select-item-option-active');
  for (let step = 0; step < 20; step += 1) {
    if ((await active.getAttribute('title'))?.startsWith(code)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(active).toHaveAttribute('title', new RegExp(`^${code}`));
  await page.keyboard.press('Enter');
}

/** The wizard's step marked as the current one. */
function currentStep(dialog: Locator): Locator {
  return dialog.locator('.ant-steps-item-process .ant-steps-item-title');
}

/** POST /protect/v1/intervention-lists (answers 200 with the list) as the signed-in user. */
async function createList(page: Page, name: string): Promise<InterventionList> {
  const response = await page.request.post('/protect/v1/intervention-lists', {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    data: { name },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as InterventionList;
}

async function cellTexts(rows: Locator, column: number): Promise<string[]> {
  return rows.locator(`td:nth-child(${column})`).allTextContents();
}

test('the clinician sorts the lists and creates one through the five wizard steps', async ({
  page,
}) => {
  await signIn(page, 'clinician', { path: '/clinical/intervention' });
  await expect(page).toHaveURL(new RegExp(`${LISTS_TAB}$`));
  // Lists to sort and a name to collide with, and a condition for the settings step.
  const taken = await createList(page, `Anticoagulant Review ${RUN}`);
  await createList(page, `zz Last Alphabetically ${RUN}`);
  const condition = await apiPost<{ name: string }>(page, '/protect/v1/health-condition', {
    name: `Hyperlipidemia ${RUN}`,
  });
  await page.reload();
  await expect(breadcrumb(page)).toHaveText(
    /Protect CDS\s*\/\s*Configuration\s*\/\s*Intervention Drug Lists/,
  );
  await expect(
    page.getByRole('tab', { name: 'Intervention Drug Lists', selected: true }),
  ).toBeVisible();
  await expect(listRows(page).first()).toBeVisible();
  for (const column of [
    'ID',
    'Name',
    'Active Prospective Cases',
    'Active Retrospective Cases',
    'Status',
    'Created',
    'Last Updated',
  ]) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  // Created and Last Updated read 'creator MM/DD/YYYY'.
  await expect(listRows(page).first().locator('td:nth-child(6)')).toHaveText(
    /\S.* \d{2}\/\d{2}\/\d{4}$/,
  );
  await checkA11y(page);
  await screenshots(page, 'lists-tab');

  // Sorting asks the server: the URL holds the sort and the rows come in the server's order.
  const byName = async (direction: 'asc' | 'desc') =>
    (
      await apiGet<InterventionListPage>(
        page,
        `/protect/v1/intervention-lists?limit=20&sort=name:${direction}`,
      )
    ).data.map((list) => list.name);
  const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
  await nameHeader.click();
  await expect(page).toHaveURL(/il\.sort=name(%3A|:)asc/);
  await expect.poll(() => cellTexts(listRows(page), 2)).toEqual(await byName('asc'));
  await nameHeader.click();
  await expect(page).toHaveURL(/il\.sort=name(%3A|:)desc/);
  await expect.poll(() => cellTexts(listRows(page), 2)).toEqual(await byName('desc'));
  expect((await cellTexts(listRows(page), 2))[0]).not.toBe(taken.name);
  await page.getByRole('columnheader', { name: 'Active Prospective Cases' }).click();
  await expect(page).toHaveURL(/il\.sort=prospective_cases(%3A|:)asc/);
  await page.getByRole('columnheader', { name: 'Status' }).click();
  await expect(page).toHaveURL(/il\.sort=is_active(%3A|:)asc/);

  // Step 0, Name: Next is disabled while the name is empty or another list's (any case, spaces).
  await page.getByRole('button', { name: 'Create List' }).click();
  const dialog = await shownDialog(page, 'Create List');
  const next = dialog.getByRole('button', { name: 'Next' });
  const finish = dialog.getByRole('button', { name: 'Finish' });
  await expect(currentStep(dialog)).toHaveText('Name');
  await expect(next).toBeDisabled();
  await expect(finish).toBeDisabled();
  await dialog.getByLabel('Name', { exact: true }).fill(`  ${taken.name.toUpperCase()}  `);
  await expect(dialog.getByText(CLINICAL_MESSAGES.listNameTaken)).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(finish).toBeDisabled();
  await checkA11y(page);
  await dialog.getByLabel('Name', { exact: true }).fill(NAME);
  await expect(next).toBeEnabled();
  await next.click();

  // Step 1, Target Drugs: Next waits for a target drug; a chosen drug is added at once.
  await expect(currentStep(dialog)).toHaveText('Target Drugs');
  await expect(dialog.getByText('No target drugs yet')).toBeVisible();
  await expect(next).toBeDisabled();
  await searchAndChoose(
    dialog.getByRole('combobox', { name: 'Add a target drug' }),
    'atorvastatin',
    ATORVASTATIN,
  );
  const targets = dialog.getByRole('list', { name: 'Target drugs' });
  await expect(targets.getByText(ATORVASTATIN)).toBeVisible();
  await expect(next).toBeEnabled();
  await checkA11y(page);
  await screenshots(page, 'wizard-target-drugs');
  await next.click();

  // Step 2, Alternative Drugs: one alternative for the target drug.
  await expect(currentStep(dialog)).toHaveText('Alternative Drugs');
  await searchAndChoose(
    dialog.getByRole('combobox', { name: /^Add an alternative to / }),
    'rosuvastatin',
    ROSUVASTATIN,
  );
  await expect(dialog.getByText(new RegExp(`^${ROSUVASTATIN} · `))).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'wizard-alternative-drugs');
  await next.click();

  // Step 3, PBMs.
  await expect(currentStep(dialog)).toHaveText('PBMs');
  await dialog.getByRole('checkbox', { name: 'Express Scripts' }).check();
  await dialog.getByRole('checkbox', { name: 'Optum' }).check();
  await checkA11y(page);
  await next.click();

  // Step 4, Condition Settings: a condition with a new intervention; Finish saves and closes.
  await expect(currentStep(dialog)).toHaveText('Condition Settings');
  await expect(next).toHaveCount(0);
  const intervention = `Statin switch ${RUN}`;
  await dialog.getByLabel('New intervention').fill(intervention);
  await dialog.getByRole('button', { name: 'Create Intervention' }).click();
  await dialog.getByRole('button', { name: 'Add Condition Setting' }).click();
  await choose(dialog, 'Condition 1', condition.name, condition.name);
  await choose(dialog, 'Intervention 1', intervention, intervention);
  await checkA11y(page);
  await screenshots(page, 'wizard-condition-settings');
  await finish.click();
  await expect(dialog).toBeHidden();

  // The new list is in the table, and its page shows what each step saved.
  const link = page.getByRole('link', { name: NAME, exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/clinical\/intervention\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  const target = page.getByRole('button', { name: new RegExp(`^${ATORVASTATIN} `) });
  await expect(target).toBeVisible();
  await target.click();
  await expect(page.getByText(new RegExp(`^${ROSUVASTATIN} `))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Alternative Drugs' })).toBeDisabled();
  const pbms = page.getByRole('region', { name: 'PBMs' });
  await expect(pbms.getByText('Express Scripts')).toBeVisible();
  await expect(pbms.getByText('Optum')).toBeVisible();
  const settings = page.getByRole('region', { name: 'Condition Settings' });
  await expect(
    settings.getByRole('row', { name: `${condition.name} ${intervention}` }),
  ).toBeVisible();
  const history = page.getByRole('table', { name: 'List history' });
  await expect(history.getByText(`Created '${NAME}'`)).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'list-detail');
});

test('the tabs, the cancel confirmation, removing a target drug and the past view', async ({
  page,
  browserErrors,
}) => {
  // An unknown tab opens the first; the placeholder tabs say what they will hold.
  await signIn(page, 'clinician', { path: '/clinical/config/no-such-tab' });
  await expect(page).toHaveURL(new RegExp(`${LISTS_TAB}$`));
  await page.getByRole('tab', { name: 'Message Template' }).click();
  await expect(page).toHaveURL(/\/clinical\/config\/message-template$/);
  await expect(breadcrumb(page)).toHaveText(/Configuration\s*\/\s*Message Template/);
  await expect(
    page.getByText(/^Message templates: the wording an intervention uses/),
  ).toBeVisible();
  await checkA11y(page);
  await page.getByRole('tab', { name: 'Scoring' }).click();
  await expect(page).toHaveURL(/\/clinical\/config\/scoring$/);
  await expect(page.getByText(/^Scoring: how intervention cases are weighed/)).toBeVisible();
  await page.getByRole('tab', { name: 'Intervention Drug Lists' }).click();
  await expect(page).toHaveURL(new RegExp(`${LISTS_TAB}$`));

  // 'Cancel' keeps the wizard as it was; 'Yes, Continue' closes it, and it opens afresh.
  await page.getByRole('button', { name: 'Create List' }).click();
  let dialog = await shownDialog(page, 'Create List');
  await dialog.getByLabel('Name', { exact: true }).fill(`Never saved ${RUN}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const sure = await shownDialog(page, CLINICAL_MESSAGES.confirmCancelText);
  await expect(sure).toContainText(CLINICAL_MESSAGES.confirmCancelTitle);
  await checkA11y(page);
  await sure.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(sure).toBeHidden();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(`Never saved ${RUN}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  const again = await shownDialog(page, CLINICAL_MESSAGES.confirmCancelText);
  await again.getByRole('button', { name: CLINICAL_MESSAGES.confirmCancelOk }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Create List' }).click();
  dialog = await shownDialog(page, 'Create List');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(currentStep(dialog)).toHaveText('Name');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await (
    await shownDialog(page, CLINICAL_MESSAGES.confirmCancelText)
  )
    .getByRole('button', { name: CLINICAL_MESSAGES.confirmCancelOk })
    .click();
  await expect(dialog).toBeHidden();

  // A list with two target drugs, made through the API.
  const name = `Remove Target ${RUN}`;
  const list = await createList(page, name);
  await apiPost(page, `/protect/v1/intervention-list/${list.id}/target-drugs`, {
    drug_codes: [ATORVASTATIN, SIMVASTATIN],
  });

  await page.goto(`/clinical/intervention/detail/${list.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(breadcrumb(page)).toHaveText(
    new RegExp(`Protect CDS\\s*/\\s*Configuration\\s*/\\s*Intervention Drug Lists\\s*/\\s*${name}`),
  );
  const region = page.getByRole('region', { name: 'Target Drugs' });
  await expect(region.getByRole('button', { name: new RegExp(`^${ATORVASTATIN} `) })).toBeVisible();
  await expect(region.getByRole('button', { name: new RegExp(`^${SIMVASTATIN} `) })).toBeVisible();
  await checkA11y(page);

  // Remove Target Drug asks first, then the list no longer has it.
  await region
    .getByRole('button', { name: new RegExp(`^Remove Target Drug ${SIMVASTATIN}`) })
    .click();
  const confirm = await shownDialog(page, 'Remove Target Drug?');
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Remove Target Drug' }).click();
  await expect(confirm).toBeHidden();
  await expect(region.getByRole('button', { name: new RegExp(`^${SIMVASTATIN} `) })).toHaveCount(0);
  await expect(region.getByRole('button', { name: new RegExp(`^${ATORVASTATIN} `) })).toBeVisible();
  // The alternatives say there are none.
  await region.getByRole('button', { name: new RegExp(`^${ATORVASTATIN} `) }).click();
  await expect(region.getByText(CLINICAL_MESSAGES.noAlternativeDrugs)).toBeVisible();

  // Add Target Drugs opens the wizard in edit mode on its Target Drugs step.
  await page.getByRole('button', { name: 'Add Target Drugs' }).click();
  dialog = await shownDialog(page, 'Edit List');
  await expect(currentStep(dialog)).toHaveText('Target Drugs');
  await expect(
    dialog.getByRole('list', { name: 'Target drugs' }).getByText(ATORVASTATIN),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();

  // The edit icon opens Edit List on its name: a rename made inactive is saved with the id.
  const renamed = `${name} (inactive)`;
  await page.getByRole('button', { name: 'Edit List' }).click();
  dialog = await shownDialog(page, 'Edit List');
  await expect(currentStep(dialog)).toHaveText('Name');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  await dialog.getByLabel('Name', { exact: true }).fill(renamed);
  await dialog.getByRole('switch').click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(currentStep(dialog)).toHaveText('Target Drugs');
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).getByText('Inactive')).toBeVisible();
  await expect(page.getByRole('table', { name: 'List history' })).toContainText(
    `'${name}' → '${renamed}'`,
  );

  // The past view: before the list existed it says so; today's is marked as a past view.
  // The server answers 404 for a date before the list existed; the page says so.
  browserErrors.allow(/status of 404 .*\/protect\/v1\/intervention-list\/\d+\?asOf=/);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/clinical/intervention/detail/${list.id}?asOf=${yesterday}`);
  await expect(page.getByText(CLINICAL_MESSAGES.notYetCreated)).toBeVisible();
  await page.getByRole('button', { name: 'Back to Today' }).click();
  await expect(page).toHaveURL(new RegExp(`/clinical/intervention/detail/${list.id}$`));
  const today = new Date().toISOString().slice(0, 10);
  const [y, m, d] = today.split('-');
  await page.getByLabel('View as of').fill(`${m}${d}${y}`);
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`asOf=${today}`));
  await expect(page.getByText(/^Past view: this list as it stood at the end of/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Target Drugs' })).toHaveCount(0);
  await expect(region.getByRole('button', { name: new RegExp(`^${ATORVASTATIN} `) })).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'list-past-view');
});
