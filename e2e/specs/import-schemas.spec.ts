// Eligibility import schemas (issue 15; spec 3 §2 "Imports list", "Import schema wizard", §4, §5),
// as the data-mapping analyst: a schema and an import configuration are made through the API, so
// the test owns them; the list finds the schema by name, importer type, organization and status
// with the filters in the URL, switches scope, and Find Usage(s) shows the configuration; the
// schema opens in view mode (chips jump, every field read-only), is cloned (create mode, name
// cleared) and saved under a new name; in edit mode a comment and a file are added. axe on each
// page and dialog; screenshots at 1024 and 1440 px.
import { type Page } from '@playwright/test';
import {
  IMPORT_SCHEMA_MESSAGES,
  IMPORT_SCHEMA_WIZARD_MESSAGES,
  type ImportConfiguration,
  type ImportSchema,
  type OrganizationSummary,
  type Page as ResultPage,
} from '@pillar/domain';
import { apiGet, expect, signIn, test } from '../fixtures.ts';
import { apiPost } from '../helpers/api.ts';
import { mapRequiredTargets } from '../helpers/mapping.ts';
import { checkA11y, choose, expectNotice, shownDialog, uniqueLetters } from '../helpers/ui.ts';

const SCREENSHOTS = 'test-results/import-schemas';
const IMPORTS = '/data-management/eligibility-imports';
const RUN = `${uniqueLetters(4)}${Date.now().toString(36)}`;
const CLONE = `E2E Pipe Census Copy ${RUN}`;
const COMMENT = `Client sends the census every Monday; the pipe file has ${'a header row and '.repeat(4)}no trailer.`;

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

/**
 * A delimited schema of the analyst's own with three fields, and a configuration using it; each
 * test names its own (`which`), so the two never find each other's.
 */
async function givenSchemaInUse(page: Page, which: string) {
  const NAME = `E2E Pipe Census ${which} ${RUN}`;
  const CONFIG = `E2E Config ${which} ${RUN}`;
  const organizations = await apiGet<ResultPage<OrganizationSummary>>(
    page,
    '/portal/v1/organizations?limit=1&processStatus=1&sort=name:asc',
  );
  const organization = organizations.data[0]!;
  const schema = await apiPost<ImportSchema>(page, '/eligibilityImportSchema', {
    name: NAME,
    importerType: 1,
    mediaType: 'csv',
    fileDelimiter: 'pipe',
    fileHasHeaderRow: true,
    fieldDefinitionMode: 'manual',
    fieldDefinitions: [
      { fieldName: 'EmployeeSSN', alias: 'SSN' },
      { fieldName: 'FirstName', alias: null },
      { fieldName: 'LastName', alias: null },
    ],
    useInputDate: true,
  });
  const config = await apiPost<ImportConfiguration>(
    page,
    '/eligibilityImportSchema/eligibility-import-configs',
    {
      eicName: CONFIG,
      eicStatus: 1,
      organizationNo: organization.organizationNo,
      eligibilityImportSchemaNo: schema.id,
    },
  );
  return { organization, schema, config, NAME, CONFIG };
}

function rowOf(page: Page, name: string) {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({
    has: page.getByRole('link', { name, exact: true }),
  });
}

test('the Imports list: filters in the URL, scope, Find Usage(s)', async ({ page }) => {
  await signIn(page, 'dataMapper', { path: IMPORTS });
  const { organization, NAME, CONFIG } = await givenSchemaInUse(page, 'list');
  await page.goto(IMPORTS);

  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Show My Schemas' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Create Import Schema' })).toBeVisible();

  // Name: the filter goes into the URL, the schema is the analyst's own.
  const search = page.getByRole('form', { name: 'Import schema search' });
  await search.getByLabel('Name').fill(NAME);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/ei\.name=/);
  const row = rowOf(page, NAME);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Data Mapper');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('link', { name: `Edit ${NAME}` })).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'imports-list');

  // Importer type Legacy leaves it out; Data Mapper, the organization and Active keep it.
  await choose(search, 'Importer Type', 'Legacy');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/ei\.importerType=0/);
  await expect(rowOf(page, NAME)).toHaveCount(0);
  await choose(search, 'Importer Type', 'Data Mapper');
  await choose(search, 'Organization', organization.name, organization.name);
  await choose(search, 'Status', 'Active');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/ei\.orgID=\d+/);
  await expect(page).toHaveURL(/ei\.processStatus=1/);
  await expect(rowOf(page, NAME)).toHaveCount(1);

  // A reload restores the search from the URL.
  await page.reload();
  await expect(rowOf(page, NAME)).toHaveCount(1);
  await expect(search.getByLabel('Name')).toHaveValue(NAME);

  // Find Usage(s): the configuration, its status, its organization.
  await rowOf(page, NAME)
    .getByRole('button', { name: `${IMPORT_SCHEMA_MESSAGES.findUsages} of ${NAME}` })
    .click();
  const usages = await shownDialog(page, IMPORT_SCHEMA_MESSAGES.configDetailsTitle);
  for (const header of ['Config Name', 'Config Status', 'Organization', 'Organization Status']) {
    await expect(usages.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const configRow = usages.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: CONFIG });
  await expect(configRow).toContainText(organization.name);
  await expect(configRow).toContainText('Active');
  await checkA11y(page);
  await screenshots(page, 'find-usages');
  await usages.getByRole('button', { name: 'Close' }).click();
  await expect(usages).toBeHidden();

  // Show All Schemas: the scope is in the URL and the filters stay.
  // antd's button-style radio hides its input: a person clicks the label.
  await page.getByText('Show All Schemas', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Show All Schemas' })).toBeChecked();
  await expect(page).toHaveURL(/scope=all/);
  await expect(rowOf(page, NAME)).toHaveCount(1);

  // Clear Filters empties the search; an unused schema says 'Not yet utilized'.
  await search.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).not.toHaveURL(/ei\.name=/);
  await expect(search.getByLabel('Name')).toHaveValue('');
  await expect(
    page.locator('.ant-table-tbody').getByText(IMPORT_SCHEMA_MESSAGES.notYetUtilized).first(),
  ).toBeVisible();
  await checkA11y(page);
});

test('a schema in view mode, its clone, and a comment and a file in edit mode', async ({
  page,
}) => {
  // Two mappings are made on the way (the clone's and the edited schema's): more than 90 s here.
  test.setTimeout(180_000);
  await signIn(page, 'dataMapper', { path: IMPORTS });
  const { schema, NAME } = await givenSchemaInUse(page, 'wizard');
  await page.goto(`${IMPORTS}?ei.name=${encodeURIComponent(NAME)}`);
  await rowOf(page, NAME).getByRole('link', { name: NAME, exact: true }).click();

  // View mode: the tag, every field read-only, Clone on step 1, chips that jump.
  await expect(page).toHaveURL(new RegExp(`/import-schema/${schema.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Import Schema' })).toBeVisible();
  await expect(page.getByText('View Only', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Schema Name')).toHaveValue(NAME);
  await expect(page.getByLabel('Schema Name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Return to Imports' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clone' })).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'view-step-1');

  const chips = page.locator('.import-schema-steps');
  await chips.getByText('Advanced Options', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Advanced Options' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Use Input Date' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Use Input Date' })).toBeDisabled();
  // From step 2 on the header names the schema and its importer type.
  const summary = page.locator('.import-schema-summary');
  await expect(summary).toContainText(NAME);
  await expect(summary).toContainText('Data Mapper');
  await checkA11y(page);
  await screenshots(page, 'view-step-4');

  await chips.getByText('Mapping & Transformations', { exact: true }).click();
  await expect(page.getByText(IMPORT_SCHEMA_WIZARD_MESSAGES.mappingViewOnly)).toBeVisible();
  await expect(page.getByText('EmployeeSSN').first()).toBeVisible();

  await chips.getByText('Description', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Comment(s)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Done' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Comment' })).toHaveCount(0);

  // Back walks the schema's path: Description, Advanced Options, Mapping, Field Definitions.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Advanced Options' })).toBeVisible();
  await chips.getByText('File Definition', { exact: true }).click();

  // Clone: create mode at the create address, the name cleared, the rest copied.
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(page).toHaveURL(/\/import-schema$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clone Import Schema' })).toBeVisible();
  await expect(page.getByText('View Only', { exact: true })).toHaveCount(0);
  const nameField = page.getByLabel('Schema Name');
  await expect(nameField).toHaveValue('');
  await expect(nameField).toBeEnabled();
  await expect(
    page.locator('.ant-select').filter({ hasText: 'Delimited Text File' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clone' })).toHaveCount(0);
  // Chips are not clickable outside view mode; Next without a name is refused at the field.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(IMPORT_SCHEMA_MESSAGES.nameRequired)).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'clone-step-1');
  // A legacy import has neither field definitions nor mapping: three steps.
  const stepTitles = chips.locator('.ant-steps-item-title');
  await expect(stepTitles).toHaveCount(5);
  await page.getByText('Legacy', { exact: true }).click();
  await expect(stepTitles).toHaveText(['File Definition', 'Advanced Options', 'Description']);
  await page.getByText('Data Mapper', { exact: true }).click();
  await expect(stepTitles).toHaveCount(5);
  await nameField.fill(CLONE);
  for (const heading of ['Field Definitions', 'Mapping & Transformations', 'Advanced Options']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    // The copy's mapping is generated from its fields; Next saves it once the required are mapped.
    if (heading === 'Mapping & Transformations') await mapRequiredTargets(page);
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(IMPORT_SCHEMA_MESSAGES.createModeNotice)).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Save Import Schema');
  await expect(page).toHaveURL(new RegExp(`${IMPORTS}$`));
  await page.goto(`${IMPORTS}?ei.name=${encodeURIComponent(CLONE)}`);
  await expect(rowOf(page, CLONE)).toHaveCount(1);
  await expect(rowOf(page, CLONE)).toContainText(IMPORT_SCHEMA_MESSAGES.notYetUtilized);

  // Edit mode: a new file type on a schema with fields asks, then clears the fields.
  await page.goto(`${IMPORTS}/import-schema/${schema.id}/edit`);
  await expect(page.getByText('Edit Mode', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Schema Name')).toBeEnabled();
  await choose(page.locator('.import-schema-form'), 'File Type', 'Fixed Length Text File');
  let dialog = await shownDialog(page, IMPORT_SCHEMA_WIZARD_MESSAGES.fileTypeChangeTitle);
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.locator('.ant-select').filter({ hasText: 'Delimited Text File' }),
  ).toBeVisible();
  await choose(page.locator('.import-schema-form'), 'File Type', 'Fixed Length Text File');
  dialog = await shownDialog(page, IMPORT_SCHEMA_WIZARD_MESSAGES.fileTypeChangeTitle);
  await dialog.getByRole('button', { name: 'Change File Type' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Field Definitions' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please add at least one field').first()).toBeVisible();

  // Unsaved, so the schema is as it was: walk to Description and add a comment and a file.
  await page.reload();
  await expect(
    page.locator('.ant-select').filter({ hasText: 'Delimited Text File' }),
  ).toBeVisible();
  for (let step = 2; step <= 5; step += 1) {
    await page.getByRole('button', { name: 'Next' }).click();
    // The schema has no template yet: step 3 generates one, mapped before Next saves it.
    if (step === 3) await mapRequiredTargets(page);
  }
  await expect(page.getByRole('heading', { level: 3, name: 'Comment(s)' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Comment' }).click();
  dialog = await shownDialog(page, 'Add New Comment');
  await dialog.getByRole('button', { name: 'Add Comment' }).click();
  await expect(dialog.getByText(IMPORT_SCHEMA_MESSAGES.commentRequired)).toBeVisible();
  await checkA11y(page);
  await dialog.getByLabel('Comment').fill(COMMENT);
  await dialog.getByRole('button', { name: 'Add Comment' }).click();
  await expectNotice(page, 'Add Comment');
  const comments = page.getByRole('table', { name: 'Comment(s)' });
  // Cut at 70 characters; a click shows the whole comment.
  const preview = `${COMMENT.slice(0, 70)}...`;
  await comments.getByRole('button', { name: `Read the comment: ${preview}` }).click();
  dialog = await shownDialog(page, COMMENT);
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add New File' }).click();
  dialog = await shownDialog(page, 'Select File');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'census-layout.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('EmployeeSSN|FirstName|LastName\n'),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectNotice(page, 'Add New File');
  const files = page.getByRole('table', { name: 'File(s)' });
  await expect(files.getByText('census-layout.txt')).toBeVisible();
  await expect(files.getByRole('button', { name: 'Download census-layout.txt' })).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'edit-step-5');

  // Save keeps the schema and returns to the list.
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Save Import Schema');
  await expect(page).toHaveURL(new RegExp(`${IMPORTS}$`));
});

test('seeded schemas in view mode: the EDI-834 and the legacy paths', async ({ page }) => {
  await signIn(page, 'dataMapper', { path: IMPORTS });
  const chips = page.locator('.import-schema-steps .ant-steps-item-title');

  // EDI-834: no field definitions; Next from step 1 goes straight to the mapping, Back returns.
  const edi = 'Fairview Distribution - EDI 834';
  await page.goto(`${IMPORTS}?scope=all&ei.name=${encodeURIComponent(edi)}`);
  await expect(page.getByRole('radio', { name: 'Show All Schemas' })).toBeChecked();
  await rowOf(page, edi).getByRole('link', { name: edi, exact: true }).click();
  await expect(page.getByText('View Only', { exact: true })).toBeVisible();
  await expect(chips).toHaveText([
    'File Definition',
    'Mapping & Transformations',
    'Advanced Options',
    'Description',
  ]);
  await expect(page.locator('.ant-select').filter({ hasText: '005010X220A1' })).toBeVisible();
  await checkA11y(page);
  await screenshots(page, 'seeded-edi-step-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Mapping & Transformations' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'File Definition' })).toBeVisible();

  // Legacy: File Definition, Advanced Options, Description; Done returns to the list.
  const legacy = 'Legacy Payroll CSV';
  await page.goto(`${IMPORTS}?scope=all&ei.name=${encodeURIComponent(legacy)}`);
  await rowOf(page, legacy).getByRole('link', { name: legacy, exact: true }).click();
  await expect(chips).toHaveText(['File Definition', 'Advanced Options', 'Description']);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Advanced Options' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'File(s)' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`${IMPORTS}$`));
});
