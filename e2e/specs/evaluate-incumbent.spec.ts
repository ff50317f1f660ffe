// Evaluate incumbent sections and RxB pricing (issue 18; spec 3 §2 "Opportunity page", §3, §4
// "Other", §5 "Incumbent data" and "Fee rows", §8, §9), as the financial analyst on a seeded
// opportunity: two fees (a duplicate name refused) and a credit, an insight ('Missing insightful
// message' first), aggregates and a contact; a renewal entry whose rebate totals change as the
// guarantees are typed ('Missing Name' and 'Missing Field In Contract Information' first); all
// of it seen again after a reload; the RxB Pricing tab's fees with a PBM and its insights with
// their required fields. axe on each section and modal; screenshots at 1024 and 1440 px.
import { type Locator, type Page } from '@playwright/test';
import { EMPTY_AGGREGATES, INCUMBENT_MESSAGES, type OpportunityPage } from '@pillar/domain';
import { accessTokenOf, apiGet, expect, signIn, test } from '../fixtures.ts';
import { checkA11y, chooseByKeyboard, expectNotice, panel, shownDialog } from '../helpers/ui.ts';

const SCREENSHOTS = 'test-results/evaluate-incumbent';
/**
 * The stage whose first seeded opportunity the tests use: Finalist Presentation, an open stage
 * where the incumbent's terms are filled in (the demo seed has three in each stage).
 */
const STAGE = 7;
const RUN = Date.now().toString(36);
const INSIGHT = `The incumbent's specialty guarantee lapses at renewal (${RUN}).`;

/** The page at both widths; a modal is taken as the viewport shows it (it does not scroll away). */
async function screenshots(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${SCREENSHOTS}/${name}-${width}.png`,
      fullPage,
      animations: 'disabled',
    });
  }
}

/** POSTs to the evaluate API as the signed-in user (the test's own starting state). */
async function apiReplace(page: Page, path: string, body: unknown): Promise<void> {
  const response = await page.request.post(path, {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    data: body,
  });
  expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
}

/**
 * The first seeded opportunity in STAGE, with the lists one test edits
 * emptied, so each run starts from the same place whatever an earlier run left; the two tests
 * empty different lists, so they may run side by side.
 */
async function seededOpportunity(page: Page, part: 'incumbent' | 'pricing'): Promise<number> {
  const found = await apiGet<OpportunityPage>(
    page,
    `/evaluate/v1/opps?scope=all&status=${STAGE}&sort=sfOppId:asc&limit=20&offset=0`,
  );
  const id = found.data[0]?.id;
  expect(id, `the demo seed has opportunities in stage ${STAGE}`).toBeDefined();
  const base = `/evaluate/v1/opps/${id}`;
  if (part === 'pricing') {
    for (const list of ['fees', 'credits', 'insights']) {
      await apiReplace(page, `${base}/pricing/${list}`, { items: [] });
    }
    return id as number;
  }
  await apiReplace(page, `${base}/fees`, { items: [] });
  await apiReplace(page, `${base}/credits`, { items: [] });
  await apiReplace(page, `${base}/incumbentRenewal`, { entries: [] });
  await apiReplace(page, `${base}/contacts`, { contacts: [] });
  await apiReplace(page, `${base}/incumbentAggregates`, EMPTY_AGGREGATES);
  return id as number;
}

function tableRows(section: Locator): Locator {
  return section.locator('.ant-table-tbody tr.ant-table-row');
}

/** Types a row of a fee or credit table (the last one), and keeps it with the row's Save. */
async function fillRow(
  section: Locator,
  noun: 'Fee' | 'Credit',
  name: string,
  amount: string,
  type?: string,
): Promise<void> {
  const row = tableRows(section).last();
  const nameBox = row.getByRole('combobox', { name: `${noun} name` });
  await nameBox.fill(name);
  await nameBox.press('Escape');
  if (type) await chooseByKeyboard(row, `${noun} type`, type);
  await row.getByRole('spinbutton', { name: `${noun} amount` }).fill(amount);
  await row.getByRole('button', { name: `Save ${noun.toLowerCase()} row` }).click();
  await expect(row.getByRole('button', { name: `Save ${noun.toLowerCase()} row` })).toHaveCount(0);
}

test('the financial analyst records the incumbent fees, credits, insight, aggregates, contacts and a renewal', async ({
  page,
}) => {
  // Six panels, a modal and a reload: longer than one page's default on the shared machine.
  test.setTimeout(180_000);
  await signIn(page, 'financialAnalyst', { path: '/evaluate/opportunities' });
  const id = await seededOpportunity(page, 'incumbent');
  await page.goto(`/evaluate/opportunities/${id}/incumbent`);
  await expect(page.getByRole('tab', { name: 'Incumbent Info', selected: true })).toBeVisible();

  // Fees: a preset fills its type; a second row of the same name (other case) is refused.
  const fees = panel(page, 'Fees');
  await fees.getByRole('button', { name: 'Add Fee' }).click();
  await fillRow(fees, 'Fee', 'Administrative Fee', '12.5');
  await expect(tableRows(fees).first()).toContainText('PEPM');
  await fees.getByRole('button', { name: 'Add Fee' }).click();
  await fillRow(fees, 'Fee', 'administrative fee', '3', 'PMPM');
  await fees.getByRole('button', { name: 'Save Fees' }).click();
  await expect(fees.getByRole('alert')).toContainText('Duplicate Names:');
  await expect(fees.getByRole('alert')).toContainText('Names must be unique.');
  await checkA11y(page);
  // An unsaved row blocks the list with the spec's two sentences.
  const second = tableRows(fees).last();
  await second.getByRole('combobox', { name: 'Fee name' }).fill('Connectivity Fee');
  await second.getByRole('combobox', { name: 'Fee name' }).press('Escape');
  await fees.getByRole('button', { name: 'Save Fees' }).click();
  await expect(fees.getByRole('alert')).toContainText(INCUMBENT_MESSAGES.notSavedTitle);
  await expect(fees.getByRole('alert')).toContainText(INCUMBENT_MESSAGES.notSavedDetail);
  await second.getByRole('button', { name: 'Save fee row' }).click();
  await fees.getByRole('button', { name: 'Save Fees' }).click();
  await expectNotice(page, 'Fees Saved');

  // A credit.
  const credits = panel(page, 'Credits');
  await credits.getByRole('button', { name: 'Add Credit' }).click();
  await fillRow(credits, 'Credit', 'Rebate Fee Credit', '4');
  await credits.getByRole('button', { name: 'Save Credits' }).click();
  await expectNotice(page, 'Credits Saved');

  // An insight: the message is required.
  const insights = panel(page, 'Additional Insights');
  await insights.getByRole('button', { name: 'Add Insight' }).click();
  let dialog = await shownDialog(page, 'Add Insight');
  await dialog.getByRole('button', { name: 'Add Insight' }).click();
  await expect(dialog.getByText(INCUMBENT_MESSAGES.missingInsightfulMessage)).toBeVisible();
  await checkA11y(page);
  await dialog.getByLabel('Insight').fill(INSIGHT);
  await dialog.getByRole('button', { name: 'Add Insight' }).click();
  await expectNotice(page, 'Insight Added');
  await expect(insights.getByText(INSIGHT)).toBeVisible();

  // Aggregates: Save and Undo appear once changed.
  const aggregates = panel(page, 'Aggregate Data');
  await expect(aggregates.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await aggregates.getByLabel('Rebate', { exact: true }).fill('1234.5');
  await aggregates.getByLabel('Use rebate for analysis').check();
  await aggregates.getByLabel('Gross', { exact: true }).fill('98000');
  await aggregates.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Aggregate Data Saved');
  await expect(aggregates.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // A contact in the second slot: the empty first and third are dropped.
  const contacts = panel(page, 'Contact List');
  await contacts.getByLabel('Contact 2 Name').fill('Ann Lee');
  await contacts.getByLabel('Contact 2 Position').fill('Benefits Director');
  await contacts.getByLabel('Contact 2 Email').fill('ann.lee@example.com');
  await contacts.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Contacts Saved');
  await expect(contacts.getByLabel('Contact 1 Name')).toHaveValue('Ann Lee');
  await checkA11y(page);

  // A renewal entry: the modal's rules, then the rebate totals as they are typed.
  const renewals = panel(page, 'Incumbent Renewals and Competitor Entries');
  await renewals.getByRole('button', { name: 'Add Entry' }).click();
  dialog = await shownDialog(page, 'New Renewal or Competitor Entry');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByRole('alert')).toContainText(INCUMBENT_MESSAGES.renewalMissingName);
  await dialog.getByLabel('Name', { exact: true }).fill(`Incumbent renewal ${RUN}`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByRole('alert')).toContainText(INCUMBENT_MESSAGES.renewalMissingField);
  await dialog.getByLabel('Effective Date').fill('01/01/2027');
  await dialog.getByRole('radio', { name: 'Yes - SSG' }).check();
  await dialog.getByRole('radio', { name: '3TIER' }).check();
  await dialog.getByLabel('Retail guarantee', { exact: true }).fill('2.5');
  await dialog.getByLabel('Retail claim count', { exact: true }).fill('1000');
  await expect(dialog.getByTestId('rebate-total-retail')).toHaveText('$2,500.00');
  await dialog.getByLabel('Retail exclusions', { exact: true }).fill('100');
  await expect(dialog.getByTestId('rebate-total-retail')).toHaveText('$2,250.00');
  await dialog.getByLabel('Mail guarantee', { exact: true }).fill('10');
  await dialog.getByLabel('Mail claim count', { exact: true }).fill('50');
  await expect(dialog.getByTestId('rebate-total-mail')).toHaveText('$500.00');
  await expect(dialog.getByTestId('rebate-total')).toHaveText('$2,750.00');
  await dialog.getByLabel('Retail brand AWP discount', { exact: true }).fill('18.5');
  await checkA11y(page);
  await screenshots(page, 'renewal-modal', false);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expectNotice(page, 'Entry Added');
  await expect(tableRows(renewals)).toHaveCount(1);
  await expect(tableRows(renewals).first()).toContainText('$2,750.00');
  await expect(tableRows(renewals).first()).toContainText('3TIER');
  await checkA11y(page);
  await screenshots(page, 'incumbent-tab');

  // After a reload everything is read back from the server.
  await page.reload();
  await expect(tableRows(panel(page, 'Fees'))).toHaveCount(2);
  await expect(panel(page, 'Fees').getByRole('combobox', { name: 'Fee name' }).first()).toHaveValue(
    'Administrative Fee',
  );
  await expect(panel(page, 'Fees').getByRole('combobox', { name: 'Fee name' }).last()).toHaveValue(
    'Connectivity Fee',
  );
  await expect(panel(page, 'Credits').getByRole('combobox', { name: 'Credit name' })).toHaveValue(
    'Rebate Fee Credit',
  );
  await expect(panel(page, 'Additional Insights').getByText(INSIGHT)).toBeVisible();
  await expect(panel(page, 'Aggregate Data').getByLabel('Rebate', { exact: true })).toHaveValue(
    /1,?234\.50/,
  );
  await expect(panel(page, 'Aggregate Data').getByLabel('Use rebate for analysis')).toBeChecked();
  await expect(panel(page, 'Contact List').getByLabel('Contact 1 Email')).toHaveValue(
    'ann.lee@example.com',
  );
  const entry = tableRows(panel(page, 'Incumbent Renewals and Competitor Entries')).first();
  await expect(entry).toContainText(`Incumbent renewal ${RUN}`);
  await expect(entry).toContainText('$2,750.00');
  await entry.getByRole('button', { name: `Edit Incumbent renewal ${RUN}` }).click();
  dialog = await shownDialog(page, `Edit Incumbent renewal ${RUN}`);
  await expect(dialog.getByLabel('Retail exclusions', { exact: true })).toHaveValue('100');
  await expect(dialog.getByTestId('rebate-total')).toHaveText('$2,750.00');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the financial analyst keeps RxB pricing fees with their PBM and pricing insights', async ({
  page,
}) => {
  await signIn(page, 'financialAnalyst', { path: '/evaluate/opportunities' });
  const id = await seededOpportunity(page, 'pricing');
  await page.goto(`/evaluate/opportunities/${id}/incumbent`);
  await page.getByRole('tab', { name: 'RxB Pricing' }).click();
  await expect(page).toHaveURL(new RegExp(`/evaluate/opportunities/${id}/rxb-pricing$`));

  const fees = panel(page, 'RxB Fees');
  await fees.getByRole('button', { name: 'Add Fee' }).click();
  const row = tableRows(fees).last();
  await expect(row.locator('.ant-select').filter({ hasText: 'All' })).toBeVisible();
  await chooseByKeyboard(row, 'Fee PBM', 'OptumRx');
  await fillRow(fees, 'Fee', 'Transparent Per Claim Fee', '0.75');
  await expect(row).toContainText('Per Claim');
  await fees.getByRole('button', { name: 'Save Fees' }).click();
  await expectNotice(page, 'RxB Fees Saved');

  const insights = panel(page, 'RxB Insights');
  await insights.getByRole('button', { name: 'Add Insight' }).click();
  await insights.getByRole('button', { name: 'Save Insights' }).click();
  await expect(insights.getByText(INCUMBENT_MESSAGES.missingInsightfulName)).toBeVisible();
  await expect(insights.getByText(INCUMBENT_MESSAGES.missingAdditionalInformation)).toBeVisible();
  await checkA11y(page);
  await insights.getByLabel('Insight name').fill('Specialty carve-out');
  await insights.getByLabel('Additional information').fill(`Priced with the carve-out (${RUN}).`);
  await insights.getByRole('button', { name: 'Save Insights' }).click();
  await expectNotice(page, 'RxB Insights Saved');
  await checkA11y(page);
  await screenshots(page, 'rxb-pricing-tab');

  await page.reload();
  await expect(tableRows(panel(page, 'RxB Fees'))).toHaveCount(1);
  await expect(tableRows(panel(page, 'RxB Fees')).first()).toContainText('OptumRx');
  await expect(panel(page, 'RxB Insights').getByLabel('Insight name')).toHaveValue(
    'Specialty carve-out',
  );
});
