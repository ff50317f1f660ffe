// Evaluate claims and financial analysis (issue 19; spec 3 §2 "Claims file page", the Claims and
// Financial Analysis tabs, §4 "Claims flow", "Pricing", "FA job status", §5, §8, §9), as the
// financial analyst on a seeded opportunity: upload a claims file (Accept disabled until it is
// uploaded, the 5-row preview, contains PHI checked), accept it, map it with the data mapper's
// editor and run the job, see the Summary (a Fill Date Range outside the file refused), run the
// financial analysis, change a selection ('New selections detected please recalculate!') and
// Recalculate, open how a cell was computed, save an iteration ('Please enter notes' first), open
// it from the Financial Analysis tab and download the proposal PDF. axe on each stage, modal and
// drawer; screenshots at 1024 and 1440 px.
import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { CLAIMS_FILE_MESSAGES, PRICING_MESSAGES, type OpportunityPage } from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { checkA11y, choose, shownDialog } from '../helpers/ui.ts';

const SCREENSHOTS = 'test-results/evaluate-claims';
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/**
 * A stage whose seeded opportunities all carry the incumbent's contract (the demo seed saves one
 * on every other opportunity, stage = index mod 10): the FA job prices the incumbent from it.
 */
const STAGE = 6;

async function screenshots(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${SCREENSHOTS}/${name}-${width}.png`,
      fullPage,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1024, height: 900 });
}

/**
 * Claims in the standard layout's spellings and aliases (Claim No, Member, Date Filled...). The
 * claim ids carry the run, so each run's bytes (and so its hash, which accept names) differ.
 */
const CLAIMS = [
  'Claim No,Member,Date Filled,NDC,Drug Name,Brand Generic,Qty,Days,Pharmacy Type,AWP,Member Paid,Plan Paid,Status',
  `C1${RUN},M1,2026-01-05,00002143380,Brandol,B,30,30,R,300.00,25.00,200.00,P`,
  `C2${RUN},M1,2026-01-20,00093714656,Genericin,G,60,30,R,40.00,5.00,10.00,P`,
  `C3${RUN},M2,2026-02-03,00093714656,Genericin,G,90,90,M,120.00,10.00,30.00,P`,
  `C4${RUN},M2,2026-02-17,00002143380,Brandol,B,90,90,M,900.00,50.00,600.00,P`,
  `C5${RUN},M3,2026-03-02,00378180001,Specialtix,B,1,30,SM,5000.00,100.00,4200.00,P`,
  `C6${RUN},M3,2026-03-20,00093714656,Genericin,G,30,30,R,20.00,5.00,5.00,P`,
].join('\n');

test.setTimeout(180_000);

test('the financial analyst uploads, maps and prices a claims file, saves an iteration and downloads its proposal', async ({
  page,
}) => {
  await signIn(page, 'financialAnalyst', { path: '/evaluate/opportunities' });
  const found = await apiGet<OpportunityPage>(
    page,
    `/evaluate/v1/opps?scope=all&status=${STAGE}&sort=sfOppId:asc&limit=20&offset=0`,
  );
  const id = found.data[0]?.id;
  expect(id, `the demo seed has opportunities in stage ${STAGE}`).toBeDefined();
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto(`/evaluate/opportunities/${id}/claims`);

  // ---- File: upload and accept ----
  const fileName = `claims-${RUN}.csv`;
  await page.getByRole('button', { name: 'Upload New Claims File' }).click();
  const upload = await shownDialog(page, 'Upload New Claims File');
  const accept = upload.getByRole('button', { name: /^(loading )?Accept$/ });
  await expect(accept).toBeDisabled();
  await expect(upload.getByRole('checkbox', { name: 'Contains PHI' })).toBeChecked();
  await upload.locator('input[type=file]').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(CLAIMS),
  });
  const preview = upload.getByRole('table', { name: 'Claims file preview' });
  await expect(preview).toBeVisible();
  // The first 5 rows and the first 5 columns.
  await expect(preview.locator('tbody tr.ant-table-row')).toHaveCount(5);
  await expect(preview.locator('thead th')).toHaveCount(5);
  // Counts read with their nouns' number ('1 row', '6 rows').
  await expect(upload.getByText('6 rows, 13 columns.')).toBeVisible();
  await expect(accept).toBeEnabled();
  await checkA11y(page);
  await screenshots(page, 'upload', false);
  await accept.click();
  await expect(upload).toBeHidden();
  const unmapped = page.locator('section', {
    has: page.getByRole('heading', { name: 'Unmapped Files' }),
  });
  const item = unmapped.locator('.ant-list-item').filter({ hasText: fileName });
  await expect(item).toBeVisible();
  await expect(item.getByText('PHI', { exact: true })).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'file-stage');

  // ---- Mapping: the generated template, saved, the job run, the mapped file registered ----
  await item.getByRole('button', { name: `Map ${fileName}` }).click();
  await expect(page.getByLabel('Template Name')).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'mapping');
  await page.getByRole('button', { name: /^(loading )?Save Template$/ }).click();
  await page.getByRole('button', { name: /^(loading )?Start Mapping Job$/ }).click();

  // ---- Summary ----
  await expect(page.getByRole('heading', { name: 'Fill Date Range' })).toBeVisible({
    timeout: 60_000,
  });
  const summary = page.locator('.claims-summary');
  await expect(summary.getByText('Total Claims')).toBeVisible();
  await expect(summary.locator('.ant-descriptions-item-content').first()).toHaveText('6');
  await expect(summary.getByText('01/05/2026', { exact: true })).toBeVisible();
  await expect(summary.getByText('03/20/2026', { exact: true })).toBeVisible();
  await expect(summary.getByText(/6\s+claims over\s+3\s+months/)).toBeVisible();
  const start = page.getByLabel('Start');
  await start.fill('12/01/2025');
  await expect(page.getByText(CLAIMS_FILE_MESSAGES.rangeOutside)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run Financial Analysis' })).toBeDisabled();
  await start.fill('02/01/2026');
  await expect(summary.getByText(/4\s+claims over\s+2\s+months/)).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'summary');

  // ---- Run Financial Analysis ----
  await page.getByRole('button', { name: 'Run Financial Analysis' }).click();
  const run = await shownDialog(page, 'Run Financial Analysis');
  await expect(run.getByRole('combobox', { name: /Pricing Option/ })).toBeVisible();
  await checkA11y(page);
  await run.getByRole('button', { name: /^(loading )?Run$/ }).click();
  await expect(run).toBeHidden();
  await expect(page.getByText('Financial analysis complete')).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Pricing', exact: true }).click();

  // ---- Pricing: change a selection, recalculate, explain a cell ----
  const grid = page.getByRole('table', { name: 'Pricing grid' });
  await expect(grid).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(PRICING_MESSAGES.recalculate)).toBeHidden();
  await choose(page.locator('.global-customizations'), 'Rebate Tier', '3TIER');
  await expect(page.getByText(PRICING_MESSAGES.recalculate)).toBeVisible();
  await page.getByRole('button', { name: /^(loading )?Add PBM$/ }).click();
  await expect(page.getByText(PRICING_MESSAGES.tooManySelections)).toBeVisible();
  await page.getByRole('button', { name: /^(loading )?Recalculate$/ }).click();
  await expect(page.getByText(PRICING_MESSAGES.recalculate)).toBeHidden();
  await checkA11y(page);
  await screenshots(page, 'pricing');
  await grid
    .getByRole('button', { name: /how Net Cost of .* was computed/ })
    .first()
    .click();
  const explain = page.getByRole('dialog').filter({ hasText: 'Formula' });
  await expect(explain).toBeVisible();
  await expect(explain.getByText(/Gross claim amount paid − member cost share/)).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'explain', false);
  await explain.getByRole('button', { name: 'Close' }).click();
  await expect(explain).toBeHidden();

  // ---- Save an iteration ----
  const notes = `Renewal against the three PBMs (${RUN})`;
  await page.getByRole('button', { name: /^(loading )?Save$/ }).click();
  const save = await shownDialog(page, 'Save Pricing Grid');
  await save.getByRole('button', { name: /^(loading )?Save$/ }).click();
  await expect(save.getByText(CLAIMS_FILE_MESSAGES.notesRequired)).toBeVisible();
  await save.getByLabel('FA Notes').fill(notes);
  await checkA11y(page);
  await save.getByRole('button', { name: /^(loading )?Save$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/evaluate/opportunities/${id}/fa$`));

  // ---- Financial Analysis tab: the iteration, its grid, its proposal ----
  const row = page.getByRole('row').filter({ hasText: notes });
  await expect(row).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'fa-tab');
  await row.getByRole('button', { name: /^Pricing Grid of iteration/ }).click();
  await expect(page.getByRole('table', { name: 'Pricing grid' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Global Customizations' })).toBeVisible();
  await screenshots(page, 'iteration');
  // The iteration explains its own numbers (decision 0139): the call names the iteration.
  const ownExplain = page.waitForResponse(
    (r) => r.url().includes('/explain?') && r.url().includes('iteration='),
  );
  await page
    .getByRole('table', { name: 'Pricing grid' })
    .getByRole('button', { name: /how Net Cost of .* was computed/ })
    .first()
    .click();
  expect((await ownExplain).status()).toBe(200);
  const saved = page.getByRole('dialog').filter({ hasText: 'Formula' });
  await expect(saved.getByText(/Gross claim amount paid − member cost share/)).toBeVisible();
  await saved.getByRole('button', { name: 'Close' }).click();
  await expect(saved).toBeHidden();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('row')
    .filter({ hasText: notes })
    .getByRole('button', { name: /^Proposal PDF of iteration/ })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('uploading a claims file already accepted says so, and accepting it keeps the one file (decision 0140)', async ({
  page,
}) => {
  await signIn(page, 'financialAnalyst', { path: '/evaluate/opportunities' });
  const found = await apiGet<OpportunityPage>(
    page,
    `/evaluate/v1/opps?scope=all&status=${STAGE}&sort=sfOppId:asc&limit=20&offset=0`,
  );
  const id = found.data[1]?.id ?? found.data[0]?.id;
  expect(id, `the demo seed has opportunities in stage ${STAGE}`).toBeDefined();
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto(`/evaluate/opportunities/${id}/claims`);
  const bytes = Buffer.from(`Claim No,Member,Date Filled\nD1${RUN},M1,2026-01-05\n`);
  const first = `twice-${RUN}.csv`;
  const again = `twice-again-${RUN}.csv`;
  const unmapped = page.locator('section', {
    has: page.getByRole('heading', { name: 'Unmapped Files' }),
  });

  const uploadAs = async (name: string) => {
    await page.getByRole('button', { name: 'Upload New Claims File' }).click();
    const dialog = await shownDialog(page, 'Upload New Claims File');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
    await expect(dialog.getByRole('table', { name: 'Claims file preview' })).toBeVisible();
    return dialog;
  };

  const firstDialog = await uploadAs(first);
  await expect(firstDialog.getByText(/is already in Unmapped Files/)).toHaveCount(0);
  await firstDialog.getByRole('button', { name: /^(loading )?Accept$/ }).click();
  await expect(firstDialog).toBeHidden();
  await expect(unmapped.locator('.ant-list-item').filter({ hasText: first })).toHaveCount(1);

  const secondDialog = await uploadAs(again);
  await expect(
    secondDialog.getByText(
      `This file is already in Unmapped Files as ${first}; Accept keeps that file and adds no copy.`,
    ),
  ).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'upload-again', false);
  await secondDialog.getByRole('button', { name: /^(loading )?Accept$/ }).click();
  await expect(secondDialog).toBeHidden();
  await expect(unmapped.locator('.ant-list-item').filter({ hasText: first })).toHaveCount(1);
  await expect(unmapped.locator('.ant-list-item').filter({ hasText: again })).toHaveCount(0);
});
