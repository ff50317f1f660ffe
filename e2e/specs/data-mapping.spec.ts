// The mapping step (issue 16; spec 3 §2 "Mapping step", "Transformation wizard and drawer", §5,
// §8) as the data-mapping analyst: a read schema, a template of it on the standard eligibility
// layout and an import schema using the template are made through the API, so the test owns
// them. In edit mode, clearing a required target shows 'This field is required' and blocks Save;
// a concatenation is applied in the Transform drawer and saved; in view mode the mapping shows and
// nothing edits. axe on the step and the drawer; screenshots at 1024 px.
import { type Page } from '@playwright/test';
import {
  DATA_MAPPING_MESSAGES,
  IMPORT_SCHEMA_WIZARD_MESSAGES,
  type DmSchema,
  type GeneratedTemplate,
  type ImportSchema,
  type Template,
} from '@pillar/domain';
import { accessTokenOf, apiGet, expect, signIn, test } from '../fixtures.ts';
import { apiPost } from '../helpers/api.ts';
import { checkA11y, uniqueLetters } from '../helpers/ui.ts';

const SCREENSHOTS = 'test-results/data-mapping';
const IMPORTS = '/data-management/eligibility-imports';
const RUN = uniqueLetters(8);
const SOURCE = ['GROUP', 'GROUP_EFF', 'EFF_DATE', 'SSN', 'SEX', 'FIRST', 'LAST', 'DOB', 'REL'];

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-1024.png`, fullPage: true });
}

/** Read schema, template (required targets mapped by name) and an import schema using it. */
async function givenMappedSchema(page: Page) {
  const seeded = await apiGet<Template>(page, '/datamapping/v1/templates/1');
  const read = await apiPost<DmSchema>(page, '/datamapping/v1/schemas', {
    name: `E2E_Read_${RUN}`,
    mediaType: 'csv',
    delimiter: '|',
    fileHasHeaderRow: true,
    fields: SOURCE.map((name) => ({ name, required: false })),
  });
  const response = await page.request.post(
    `/datamapping/v1/templates/schemas/${read.id}/${seeded.writeSchemaId}`,
    { headers: { Authorization: `Bearer ${await accessTokenOf(page)}` }, data: {} },
  );
  expect(response.ok(), await response.text()).toBe(true);
  const generated = (await response.json()) as GeneratedTemplate;
  // Whatever the generator did not guess, a required target reads the group column for now.
  const mappings = generated.columns
    .filter((c) => c.required)
    .map(
      (c) =>
        generated.mappings.find((m) => m.target === c.target && m.source) ?? {
          target: c.target,
          source: 'GROUP',
        },
    );
  const template = await apiPost<Template>(page, '/datamapping/v1/templates', {
    name: `E2E_Map_${RUN}`,
    description: '',
    readSchemaId: read.id,
    writeSchemaId: seeded.writeSchemaId,
    mappings,
  });
  const schema = await apiPost<ImportSchema>(page, '/eligibilityImportSchema', {
    name: `E2E Mapped Census ${RUN}`,
    importerType: 1,
    mediaType: 'csv',
    fileDelimiter: 'pipe',
    fileHasHeaderRow: true,
    fieldDefinitionMode: 'manual',
    fieldDefinitions: SOURCE.map((fieldName) => ({ fieldName, alias: null })),
    dmTemplateId: template.id,
  });
  return { template, schema };
}

/** An option of the open select's dropdown. */
async function pick(page: Page, title: string) {
  await page
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`)
    .click();
}

async function toMappingStep(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Mapping & Transformations' })).toBeVisible();
}

test('map fields with a concatenation, the required block, view mode', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'dataMapper', { path: IMPORTS });
  const { schema } = await givenMappedSchema(page);

  await toMappingStep(page, `${IMPORTS}/import-schema/${schema.id}/edit`);
  await expect(page.getByRole('columnheader', { name: 'Source Columns' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Target Columns' })).toBeVisible();
  // The template name keeps only letters, 1-9 and underscore while typing.
  const name = page.getByLabel('Template Name');
  await name.fill(`E2E Map-0_${RUN}`);
  await expect(name).toHaveValue(`E2EMap_${RUN}`);

  // 'Select one' clears a required target: the row says so and Save is refused.
  const lastName = page.getByLabel('Source column of lastName');
  await lastName.click();
  await pick(page, 'Select one');
  await expect(page.getByText(DATA_MAPPING_MESSAGES.fieldRequired).first()).toBeVisible();
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText(DATA_MAPPING_MESSAGES.allRequiredMapped)).toBeVisible();
  await shot(page, 'required-block');
  await lastName.click();
  await pick(page, 'LAST');

  // A concatenation for firstName: FIRST + ' ' + LAST.
  await page.getByRole('button', { name: 'Transform firstName' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: 'Build Concatenation' }).click();
  await drawer.getByLabel('Entry 1 value').click();
  await pick(page, 'FIRST');
  await drawer.getByRole('button', { name: 'Add entry' }).click();
  await drawer.getByLabel('Entry 2 value').fill('X');
  await checkA11y(page);
  await shot(page, 'drawer-concatenation');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Concatenation: FIRST + "X"')).toBeVisible();

  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText(DATA_MAPPING_MESSAGES.allRequiredMapped)).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'mapped');

  // View mode: the notice, the saved mapping shown, nothing edits.
  await toMappingStep(page, `${IMPORTS}/import-schema/${schema.id}`);
  await expect(page.getByText(IMPORT_SCHEMA_WIZARD_MESSAGES.mappingViewOnly)).toBeVisible();
  await expect(page.getByText('Concatenation: FIRST + "X"')).toBeVisible();
  await expect(page.getByLabel('Template Name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Template' })).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'view-mode');
});
