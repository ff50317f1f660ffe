// The mapping step (issue 16; spec 3 §2 "Mapping step", "Transformation wizard and drawer", §4,
// §5, §8; decisions 0122, 0134) as the data-mapping analyst, on a schema created here through the
// wizard from a sample CSV: step 3 generates the template (every required target guessed from the
// column names); the template name keeps only its letters while typing; 'Select one' on a required
// target shows 'This field is required' and Next is refused with 'All required fields must be
// mapped'; one concatenation (alternateId = GROUP_ID + "-" + SSN, the Transform button still usable
// after it) and one value map (gender, built with Add New Transformation in the drawer and selected
// on return); Next saves the template and the schema keeps its id. In edit mode a mapping job runs
// on the sample file and its output is downloaded and read; in view mode the mapping shows and
// nothing edits. axe on the step, the drawer and the wizard; screenshots at 1024 px.
import fs from 'node:fs';
import { type Page } from '@playwright/test';
import {
  DATA_MAPPING_MESSAGES,
  IMPORT_SCHEMA_WIZARD_MESSAGES,
  TRANSFORMATION_MESSAGES,
  type ImportSchemaPage,
  type MappingJob,
  type Template,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { mapRequiredTargets, mappingStep, mappingTable, pickOption } from '../helpers/mapping.ts';
import { checkA11y, choose, expectNotice, shownDialog, uniqueLetters } from '../helpers/ui.ts';

const SCREENSHOTS = 'test-results/data-mapping';
const IMPORTS = '/data-management/eligibility-imports';
const RUN = uniqueLetters(8);
const SCHEMA = `E2E Mapped Census ${RUN}`;
const GENDER_MAP = `E2E_Gender_${RUN}`;
const CONCATENATION = 'Concatenation: GROUP_ID + "-" + SSN';
/** The demo seed's schema of the Acme pipe files, on Acme_Eligibility_Standard (decision 0136). */
const ACME = 'Acme Eligibility - Pipe Delimited';
const SAMPLE = [
  'GROUP_ID,GROUP_EFF_DATE,EFF_DATE,SSN,SEX,FIRST,LAST,DOB',
  'G100,20240101,20240201,123456789,M,Ann,Lee,19800101',
  'G100,20240101,20240201,987654321,f,Bob,Ray,19790505',
].join('\n');

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-1024.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

async function toMappingStep(page: Page, path: string) {
  await page.goto(path);
  await next(page);
  await next(page);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Mapping & Transformations' }),
  ).toBeVisible();
  return mappingTable(page);
}

/** The Transform drawer of a target, once open. */
async function openDrawer(page: Page, target: string, verb = 'Transform') {
  await page.getByRole('button', { name: `${verb} ${target}`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Transform ${target}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeDrawer(page: Page, target: string) {
  const drawer = page.getByRole('dialog', { name: `Transform ${target}` });
  await drawer.getByRole('button', { name: 'Close' }).first().click();
  await expect(drawer).toBeHidden();
}

/** Add New Transformation: a value map of M and F (capitalization not mattering) in the wizard. */
async function buildGenderMap(page: Page) {
  await shownDialog(page, 'Step 1 of');
  const dialog = page.getByRole('dialog', { name: 'Create Transformation' });
  await dialog.getByRole('radio', { name: 'Conversion' }).check();
  const forward = dialog.getByRole('button', { name: 'Next' });
  await forward.click();
  await dialog.getByLabel('Name').fill(GENDER_MAP);
  await forward.click();
  await dialog.getByLabel('Description').fill('M and F to Male and Female');
  await forward.click();
  await forward.click(); // null check: yes
  await forward.click(); // with output: yes
  await dialog.getByRole('radio', { name: 'No' }).check(); // capitalization does not matter
  await forward.click();
  await dialog.getByLabel('How many values?').fill('2');
  await dialog.getByLabel('From 1').fill('M');
  await dialog.getByLabel('To 1').fill('Male');
  await dialog.getByLabel('From 2').fill('F');
  await dialog.getByLabel('To 2').fill('Female');
  await forward.click();
  await dialog.getByLabel('Test input').fill('f');
  await dialog.getByRole('button', { name: 'Test' }).click();
  await expect(dialog.getByText('Output:')).toContainText('Female');
  await checkA11y(page);
  await shot(page, 'add-new-transformation');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectNotice(page, TRANSFORMATION_MESSAGES.created);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('a schema mapped with a concatenation and a value map, its job run and output downloaded', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'dataMapper', { path: `${IMPORTS}/import-schema` });

  // ---- Create: step 1, the sample file in step 2, then the generated mapping ----
  await page.getByLabel('Schema Name').fill(SCHEMA);
  await choose(page.locator('main'), 'File Type', 'Delimited Text File');
  await choose(page.locator('main'), 'Delimiter', 'Comma');
  await next(page);
  const fields = page.getByRole('region', { name: 'Field Definitions' });
  await fields
    .locator('input[type=file]')
    .setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from(SAMPLE) });
  await fields.getByRole('button', { name: /^(loading )?Upload$/ }).click();
  await expect(fields.getByRole('textbox', { name: 'Field Name, row 8', exact: true })).toHaveValue(
    'DOB',
  );
  await next(page);
  const table = await mappingTable(page);
  await expect(table.getByText(DATA_MAPPING_MESSAGES.fieldRequired)).toHaveCount(0);
  await expect(table.locator('tr', { hasText: 'dateOfBirth' })).toContainText('DOB');
  // Percent Populated from the sample file: both rows have a last name.
  await expect(page.getByRole('columnheader', { name: 'Percent Populated' })).toBeVisible();
  await expect(table.locator('tr', { hasText: 'lastName' })).toContainText('100.0%');

  // The template name keeps only letters, 1-9 and underscore while typing.
  const name = page.getByLabel('Template Name');
  await name.fill(`E2E Map-0_${RUN}`);
  await expect(name).toHaveValue(`E2EMap_${RUN}`);

  // 'Select one' clears a required target: the row says so and Next is refused.
  await page.getByLabel('Source column of lastName').click();
  await pickOption(page, 'Select one');
  await expect(table.locator('tr', { hasText: 'lastName' })).toContainText(
    DATA_MAPPING_MESSAGES.fieldRequired,
  );
  await next(page);
  await expect(page.getByText(DATA_MAPPING_MESSAGES.allRequiredMapped).first()).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Mapping & Transformations' }),
  ).toBeVisible();
  await checkA11y(page);
  await shot(page, 'required-block');
  await page.getByLabel('Source column of lastName').click();
  await pickOption(page, 'LAST');
  await expect(table.getByText(DATA_MAPPING_MESSAGES.fieldRequired)).toHaveCount(0);

  // A concatenation for alternateId: GROUP_ID + "-" + SSN.
  let drawer = await openDrawer(page, 'alternateId');
  await drawer.getByRole('tab', { name: 'Build Concatenation' }).click();
  await drawer.getByLabel('Entry 1 value').click();
  await pickOption(page, 'GROUP_ID');
  await drawer.getByRole('button', { name: 'Add entry' }).click();
  await drawer.getByLabel('Entry 2 value').fill('-');
  await drawer.getByRole('button', { name: 'Add entry' }).click();
  await drawer.getByLabel('Entry 3 type').click();
  await pickOption(page, 'Source field');
  await drawer.getByLabel('Entry 3 value').click();
  await pickOption(page, 'SSN');
  await checkA11y(page);
  await shot(page, 'drawer-concatenation');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer).toBeHidden();
  await expect(table.locator('tr', { hasText: 'alternateId' })).toContainText(CONCATENATION);
  // The Transform button stays usable after a concatenation, and the drawer shows what applies.
  await expect(page.getByRole('button', { name: 'Transform alternateId' })).toBeEnabled();
  drawer = await openDrawer(page, 'alternateId');
  await expect(drawer.getByText(CONCATENATION)).toBeVisible();
  await closeDrawer(page, 'alternateId');

  // A value map for gender, made with Add New Transformation and selected on return.
  drawer = await openDrawer(page, 'gender');
  await drawer.getByRole('button', { name: 'Add New Transformation' }).click();
  await buildGenderMap(page);
  await expect(drawer.getByLabel('Search transformations')).toHaveValue(GENDER_MAP);
  await drawer.getByRole('button', { name: `Select ${GENDER_MAP}` }).click();
  await expect(drawer.getByText(`Applies: ${GENDER_MAP}`)).toBeVisible();
  await checkA11y(page);
  await shot(page, 'drawer-value-map');
  await closeDrawer(page, 'gender');
  await expect(table.locator('tr', { hasText: 'gender' })).toContainText(GENDER_MAP);
  await checkA11y(page);
  await shot(page, 'mapped');

  // Next saves the template; Save keeps the schema with the template's id.
  await next(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Advanced Options' })).toBeVisible();
  await next(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectNotice(page, 'Save Import Schema');
  const found = await apiGet<ImportSchemaPage>(
    page,
    `/eligibilityImportSchema/eligibility-import-schemas?scope=my&name=${encodeURIComponent(SCHEMA)}`,
  );
  const schema = found.data.find((s) => s.name === SCHEMA)!;
  expect(schema.dmTemplateId).not.toBeNull();
  const template = await apiGet<Template>(page, `/datamapping/v1/templates/${schema.dmTemplateId}`);
  expect(template.name).toBe(`E2EMap_${RUN}`);
  expect(template.mappings.find((m) => m.target === 'gender')).toMatchObject({
    source: 'SEX',
    transformation: GENDER_MAP,
  });
  expect(template.mappings.find((m) => m.target === 'alternateId')?.concatenation).toHaveLength(3);

  // ---- Edit mode: the stored mapping, a job on the sample file, its output ----
  await toMappingStep(page, `${IMPORTS}/import-schema/${schema.id}/edit`);
  await expect(page.getByText(CONCATENATION)).toBeVisible();
  await page.getByRole('button', { name: 'Run Mapping Job' }).click();
  const job = page.getByRole('region', { name: 'Mapping Job', exact: true });
  await expect(job.getByText(/^Job \d+: completed$/)).toBeVisible({ timeout: 60_000 });
  await expect(job.getByRole('row', { name: /Rows written 2/ })).toBeVisible();
  await checkA11y(page);
  await shot(page, 'job-completed');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    job.getByRole('button', { name: 'Download Output' }).click(),
  ]);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  const header = lines[0]!;
  const row = (n: number, column: string) => lines[n]![header.indexOf(column)];
  expect(lines).toHaveLength(3);
  expect(row(1, 'alternateId')).toBe('G100-123456789');
  expect(row(1, 'gender')).toBe('Male');
  expect(row(2, 'gender')).toBe('Female');
  expect(row(2, 'lastName')).toBe('Ray');

  // ---- View mode: the notice, the mapping shown, nothing edits ----
  await toMappingStep(page, `${IMPORTS}/import-schema/${schema.id}`);
  await expect(
    mappingStep(page).getByText(IMPORT_SCHEMA_WIZARD_MESSAGES.mappingViewOnly),
  ).toBeVisible();
  await expect(page.getByText(CONCATENATION)).toBeVisible();
  await expect(page.getByLabel('Template Name')).toBeDisabled();
  await expect(page.getByLabel('Source column of gender')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Run Mapping Job' })).toHaveCount(0);
  drawer = await openDrawer(page, 'gender', 'View');
  await expect(drawer.getByText(`Applies: ${GENDER_MAP}`)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Add New Transformation' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: /^Select / })).toHaveCount(0);
  await checkA11y(page);
  await closeDrawer(page, 'gender');
  await checkA11y(page);
  await shot(page, 'view-mode');
});

test('an EDI-834 schema maps from a copy of the unmapped 834 template', async ({ page }) => {
  test.setTimeout(180_000);
  const EDI = `E2E EDI Census ${RUN}`;
  await signIn(page, 'dataMapper', { path: `${IMPORTS}/import-schema` });
  await page.getByLabel('Schema Name').fill(EDI);
  await choose(page.locator('main'), 'File Type', 'EDI-834');
  await choose(
    page.locator('main'),
    '834 Schema Filename',
    '005010X220A1 - Benefit Enrollment and Maintenance (5010)',
  );
  // EDI-834 has no field definitions: Next goes to the mapping, a copy of the 834 template.
  await next(page);
  const table = await mappingTable(page);
  await expect(table.getByText(DATA_MAPPING_MESSAGES.fieldRequired).first()).toBeVisible();
  await next(page);
  await expect(
    page.getByText(IMPORT_SCHEMA_WIZARD_MESSAGES.unmappedRequired).first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Advanced Options' })).toBeHidden();
  await checkA11y(page);
  await shot(page, 'edi-mapping');
  await mapRequiredTargets(page);
  await next(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Advanced Options' })).toBeVisible();
  await next(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectNotice(page, 'Save Import Schema');

  // The schema keeps its own copy: mapped, while the fixed 834 template stays unmapped.
  const found = await apiGet<ImportSchemaPage>(
    page,
    `/eligibilityImportSchema/eligibility-import-schemas?scope=my&name=${encodeURIComponent(EDI)}`,
  );
  const schema = found.data.find((s) => s.name === EDI)!;
  const layouts = await apiGet<{ data: { filename: string; unmappedTemplateId: number | null }[] }>(
    page,
    '/datamapping/v1/edi834',
  );
  const unmapped = layouts.data.find((l) => l.filename === '005010X220A1')!.unmappedTemplateId;
  expect(schema.dmTemplateId).not.toBeNull();
  expect(schema.dmTemplateId).not.toBe(unmapped);
  const copy = await apiGet<Template>(page, `/datamapping/v1/templates/${schema.dmTemplateId}`);
  expect(copy.mappings.find((m) => m.target === 'lastName')?.source).toBeTruthy();
  const fixed = await apiGet<Template>(page, `/datamapping/v1/templates/${unmapped}`);
  expect(fixed.mappings.every((m) => !m.source)).toBe(true);
});

test("the template's mapping jobs listed on the mapping step: the seeded jobs, an output downloaded, a job's row errors", async ({
  page,
}) => {
  await signIn(page, 'dataMapper', { path: IMPORTS });
  // The demo seed's two jobs on Acme_Eligibility_Standard are its first jobs (decision 0136).
  const seeded = await apiGet<MappingJob>(page, '/datamapping/v1/jobs/1');
  expect(seeded.templatename).toBe('Acme_Eligibility_Standard');
  // The seeded Acme pipe schema uses that template.
  const found = await apiGet<ImportSchemaPage>(
    page,
    `/eligibilityImportSchema/eligibility-import-schemas?scope=all&name=${encodeURIComponent(ACME)}`,
  );
  const schema = found.data.find((s) => s.name === ACME)!;
  expect(schema.dmTemplateId).toBe(seeded.templateId);

  // View mode: both seeded jobs, newest first, with their counts.
  await toMappingStep(page, `${IMPORTS}/import-schema/${schema.id}`);
  const list = page.getByRole('region', { name: 'Mapping Jobs', exact: true });
  const jobs = list.getByRole('table', { name: 'Jobs of this template' });
  const clean = jobs.getByRole('row', { name: /^1 .*Completed 60 60 0/ });
  const broken = jobs.getByRole('row', { name: /^2 .*Completed 40 34 6/ });
  await expect(clean).toBeVisible();
  await expect(broken).toBeVisible();
  const rows = jobs.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toHaveAttribute('data-row-key', '2');
  await expect(page.getByRole('button', { name: 'Run Mapping Job' })).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'job-list');
  await page.screenshot({ path: `${SCREENSHOTS}/job-list-1440.png`, fullPage: true });

  // The clean job's output: the write schema's header, then its 60 rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    clean.getByRole('button', { name: 'Download Output of job 1' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Acme_Eligibility_Standard-job-1.csv');
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^benefitGroupId,groupEffectiveDate,memberEffectiveDate,employeeSSN,/);
  expect(lines).toHaveLength(61);

  // The failed rows of the other job, in a drawer: row, field and the spec's message.
  await expect(clean.getByRole('button', { name: /^Errors of job/ })).toHaveCount(0);
  await broken.getByRole('button', { name: 'Errors of job 2' }).click();
  const drawer = page.getByRole('dialog', { name: 'Row errors of job 2' });
  await expect(drawer).toBeVisible();
  const errors = drawer.getByRole('table', { name: 'Row errors' });
  await expect(errors.locator('tbody tr.ant-table-row')).toHaveCount(6);
  for (const field of ['lastName', 'dateOfBirth', 'employeeSSN'])
    await expect(
      errors
        .getByRole('row', { name: new RegExp(`^\\d+ ${field} This field is required$`) })
        .first(),
    ).toBeVisible();
  await expect(drawer.getByText(/Argument 1 of function/)).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'job-errors');
  await drawer.getByRole('button', { name: 'Close' }).first().click();
  await expect(drawer).toBeHidden();
});
