// PBM rate cards (issue 19 "PBM offerings", decision 0130), as the financial analyst (rxbAdmin,
// evaluate): the Rate Cards page under PPA shows each PBM's card in force and its history; an
// edit with three decimals is refused on its field; an edited discount saves as a new version in
// force, the old one superseded in the history; the two compared side by side. axe on the page,
// the form and the comparison; screenshots at 1024 px. The test puts the card back as it found it
// (a further version), so other specs price with the same terms.
import { type Page } from '@playwright/test';
import {
  RATE_CARD_MESSAGES,
  type RateCardList,
  type RateCardTerms,
  type RateCardVersion,
} from '@pillar/domain';
import { accessTokenOf, apiGet, expect, signIn, test } from '../fixtures.ts';
import { checkA11y, expectNotice, panel } from '../helpers/ui.ts';

const SCREENSHOTS = 'test-results/rate-cards';

async function screenshot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.screenshot({
    path: `${SCREENSHOTS}/${name}-1024.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

async function optumInForce(page: Page): Promise<RateCardVersion> {
  const list = await apiGet<RateCardList>(page, '/evaluate/v1/rate-cards');
  const optum = list.pbms.find((p) => p.pbm === 'OPTUMRX');
  expect(optum?.inForce).toBeTruthy();
  return optum!.inForce!;
}

async function inForceOf(page: Page, pbm: RateCardVersion['pbm']): Promise<RateCardVersion> {
  const list = await apiGet<RateCardList>(page, '/evaluate/v1/rate-cards');
  const card = list.pbms.find((p) => p.pbm === pbm);
  expect(card?.inForce).toBeTruthy();
  return card!.inForce!;
}

async function restore(
  page: Page,
  terms: RateCardTerms,
  effectiveDate: string,
  pbm: RateCardVersion['pbm'] = 'OPTUMRX',
): Promise<void> {
  const response = await page.request.post('/evaluate/v1/rate-cards', {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    data: { pbm, effectiveDate, terms, note: 'Restored after the e2e edit' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('the financial analyst edits a PBM discount into a new version and compares it with the old', async ({
  page,
}) => {
  await signIn(page, 'financialAnalyst', { path: '/evaluate/rate-cards' });
  await expect(page.getByRole('heading', { level: 1, name: 'Rate Cards' })).toBeVisible();
  await page.getByRole('tab', { name: 'Optum' }).click();
  const before = await optumInForce(page);
  const oldBrand = before.terms.discounts.retail.brand;
  // A value of this run's own (two decimals), different from the one in force.
  const newBrand = Math.round((20 + (Date.now() % 200) / 100) * 100) / 100;
  const edited = newBrand === oldBrand ? newBrand + 0.01 : newBrand;
  const note = `E2E retail brand ${edited}`;

  const inForce = panel(page, 'Card in Force');
  await expect(inForce).toBeVisible();
  await expect(inForce.getByText(`${oldBrand.toFixed(2)}%`).first()).toBeVisible();
  await checkA11y(page);
  await screenshot(page, 'card-in-force');

  await inForce.getByRole('button', { name: 'Edit Card' }).click();
  const form = panel(page, 'New Version of the Optum Card');
  const brand = form.getByRole('spinbutton', { name: 'Discount Retail Brand', exact: true });
  await expect(brand).toHaveValue(String(oldBrand));
  // Three decimals: refused on the field with the server's words, nothing saved.
  await brand.fill('21.125');
  await form.getByRole('button', { name: /^(loading )?Save New Version$/ }).click();
  await expect(form.getByText(RATE_CARD_MESSAGES.twoDecimals)).toBeVisible();
  expect((await optumInForce(page)).versionNo).toBe(before.versionNo);
  await checkA11y(page);
  await screenshot(page, 'edit-form');

  await brand.fill(String(edited));
  await form.getByLabel('Note').fill(note);
  await form.getByRole('button', { name: /^(loading )?Save New Version$/ }).click();
  await expectNotice(page, 'Rate Card Saved');

  // The new version is in force, with the new discount, by the analyst.
  await expect(inForce.getByText(`${edited.toFixed(2)}%`).first()).toBeVisible();
  await expect(inForce.getByText(note)).toBeVisible();
  await expect(inForce.getByText(/saved by Mei Chen/)).toBeVisible();
  const after = await optumInForce(page);
  expect(after.versionNo).not.toBe(before.versionNo);
  expect(after.terms.discounts.retail.brand).toBe(edited);

  // The history: the new version in force first, the old one superseded.
  const history = panel(page, 'History');
  const versions = history.getByRole('table').first();
  const newRow = versions.getByRole('row').filter({ hasText: note });
  await expect(newRow).toContainText('In force');
  await expect(newRow).toContainText('Mei Chen');
  const oldRow = versions.getByRole('row').filter({
    has: page.getByRole('checkbox', { name: new RegExp(`\\(v${before.versionNo}\\)$`) }),
  });
  await expect(oldRow).toContainText('Superseded');

  // Side by side: the discount changed from the old value to the new.
  await newRow.getByRole('checkbox').check();
  await oldRow.getByRole('checkbox').check();
  await history.getByRole('button', { name: 'Compare Selected' }).click();
  const comparison = page.getByRole('region', { name: 'Version comparison' });
  const changed = comparison.getByRole('row').filter({ hasText: 'Discounts · Retail · Brand' });
  await expect(changed).toContainText(String(oldBrand));
  await expect(changed).toContainText(String(edited));
  await expect(comparison.getByText('1 term changed')).toBeVisible();
  await checkA11y(page);
  await screenshot(page, 'history-comparison');

  await restore(page, before.terms, after.effectiveDate);
  expect((await optumInForce(page)).terms).toEqual(before.terms);
});

// Decision 0143: the formulary drug lists are edited on the card. A hyphenated NDC is refused on
// its field, then the 11 digits save as a new version whose list has the drug; the same NDC twice
// under one formulary is refused. The card is put back as it was.
test('the financial analyst adds an excluded drug to a formulary of a PBM card', async ({
  page,
}) => {
  await signIn(page, 'financialAnalyst', { path: '/evaluate/rate-cards' });
  await page.getByRole('tab', { name: 'Express Scripts' }).click();
  const before = await inForceOf(page, 'EXPRESS_SCRIPTS');
  const listed = (f: string, terms: RateCardTerms) =>
    (terms.formularyDrugs ?? []).filter((d) => d.formulary === f);
  const basic = listed('Basic', before.terms);
  const excluded = basic.filter((d) => d.status === 'excluded').length;
  const nonPreferred = basic.length - excluded;

  const inForce = panel(page, 'Card in Force');
  const lists = inForce.getByRole('region', { name: 'Formulary drug lists' });
  await expect(
    lists.getByText(`Basic: ${excluded} excluded, ${nonPreferred} non-preferred`, { exact: false }),
  ).toBeVisible();

  await inForce.getByRole('button', { name: 'Edit Card' }).click();
  const form = panel(page, 'New Version of the Express Scripts Card');
  // A button-style radio: its input is hidden, its label takes the click.
  await form
    .locator('label')
    .filter({ hasText: `Basic (${basic.length} drugs)` })
    .click();
  await expect(form.getByRole('radio', { name: `Basic (${basic.length} drugs)` })).toBeChecked();
  await expect(form.getByRole('group', { name: `Basic drug ${basic.length}` })).toBeVisible();
  await form.getByRole('button', { name: 'Add Drug' }).click();
  const n = basic.length + 1;
  const ndc = form.getByRole('textbox', { name: `Basic drug ${n} NDC` });
  await ndc.fill('00003-0893-21');
  await form.getByRole('textbox', { name: `Basic drug ${n} name` }).fill('Eliquis');
  await form.getByRole('button', { name: /^(loading )?Save New Version$/ }).click();
  await expect(form.getByText(RATE_CARD_MESSAGES.ndc)).toBeVisible();
  expect((await inForceOf(page, 'EXPRESS_SCRIPTS')).versionNo).toBe(before.versionNo);
  await checkA11y(page);
  await screenshot(page, 'formulary-drug-refused');

  // The same NDC as a line already listed under Basic: refused on the new line's NDC.
  await ndc.fill(basic[0]!.ndc);
  await form.getByRole('button', { name: /^(loading )?Save New Version$/ }).click();
  await expect(form.getByText(RATE_CARD_MESSAGES.duplicateFormularyDrug)).toBeVisible();

  await ndc.fill('00003089321');
  await form.getByLabel('Note').fill('E2E Eliquis excluded from Basic');
  await form.getByRole('button', { name: /^(loading )?Save New Version$/ }).click();
  await expectNotice(page, 'Rate Card Saved');

  await expect(
    lists.getByText(`Basic: ${excluded + 1} excluded, ${nonPreferred} non-preferred`, {
      exact: false,
    }),
  ).toBeVisible();
  const after = await inForceOf(page, 'EXPRESS_SCRIPTS');
  expect(after.versionNo).not.toBe(before.versionNo);
  expect(listed('Basic', after.terms)).toContainEqual({
    formulary: 'Basic',
    ndc: '00003089321',
    drugName: 'Eliquis',
    status: 'excluded',
  });
  // Only Basic changed: the other formularies' lines are as they were.
  expect(listed('National Preferred', after.terms)).toEqual(
    listed('National Preferred', before.terms),
  );
  await checkA11y(page);
  await screenshot(page, 'formulary-drug-saved');

  await restore(page, before.terms, after.effectiveDate, 'EXPRESS_SCRIPTS');
  expect((await inForceOf(page, 'EXPRESS_SCRIPTS')).terms).toEqual(before.terms);
});

// The administrator's price files (issue 19, decision 0147): a NADAC-layout CSV loads on the
// Price files tab, its bad row listed by row, field and message, and it is the active file. The
// test deletes it again (the other specs price without a price file).
test('the financial analyst loads a NADAC price file on the Price files tab', async ({ page }) => {
  await signIn(page, 'financialAnalyst', { path: '/evaluate/rate-cards' });
  await page.getByRole('tab', { name: 'Price files' }).click();
  const csv = [
    'NDC_Description,NDC,NADAC_Per_Unit,Effective_Date,Pricing_Unit,As of Date',
    'DRUG A,00002143380,2.00000,01/01/2026,EA,11/19/2026',
    'DRUG B,93714656,0.50000,01/01/2026,EA,11/19/2026',
    'BAD,ABC,1.00000,01/01/2026,EA,11/19/2026',
  ].join('\n');
  const fileName = `nadac-e2e-${Date.now()}.csv`;
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(
    page.getByText(`${fileName}: 2 price rows loaded (NADAC layout), 1 bad rows`),
  ).toBeVisible();
  const bad = page.getByRole('table', { name: 'Bad rows' });
  await expect(bad.getByRole('row').nth(1)).toContainText('4ndc');
  const row = page.getByRole('table', { name: 'Price files' }).getByRole('row', { name: fileName });
  await expect(row).toContainText('Active');
  await checkA11y(page);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row).toHaveCount(0);
});
