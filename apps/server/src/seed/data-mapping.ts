import type { Kysely } from 'kysely';
import { schemaInput, templateInput } from '@pillar/domain';
import type { DB } from '../database.ts';
import {
  createSeedTemplate,
  createSeedTemplateFor,
  createStandardWriteSchemas,
  createUnmapped834Template,
} from '../modules/data-mapping/index.ts';
import { seedSchemasToMap, seedTemplateLink } from '../modules/import-schemas/index.ts';
import type { SeedContext } from './seed-context.ts';

/**
 * The data mapper's demo (issue 16, decision 0120): the standard eligibility and claims write
 * schemas, and a template mapping a typical pipe-delimited eligibility file onto the standard
 * one with the demo transformations, the fixed unmapped 834 template, and a template for each
 * demo data-mapper import schema, linked as its dmTemplateId (run after seedTransformations and
 * seedImportSchemas; decision 0133).
 */
export async function seedDataMapping(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const userNo = context.userNos.get('dataMapper') ?? null;
  const write = await createStandardWriteSchemas(db);
  await createUnmapped834Template(db, write.eligibility);
  const field = (name: string) => ({ name, required: false });
  const read = schemaInput.parse({
    name: 'Acme_Eligibility_Pipe',
    mediaType: 'csv',
    delimiter: '|',
    fileHasHeaderRow: true,
    fields: ['GROUP', 'EFF_DATE', 'SSN', 'SEX', 'FULL_NAME', 'DOB', 'REL', 'ZIP'].map(field),
  });
  const template = templateInput.parse({
    name: 'Acme_Eligibility_Standard',
    description: 'Acme pipe-delimited eligibility onto the standard eligibility layout',
    readSchemaId: 1,
    writeSchemaId: write.eligibility,
    mappings: [
      { target: 'benefitGroupId', source: 'GROUP', transformation: 'Default_Group' },
      { target: 'groupEffectiveDate', source: 'EFF_DATE', transformation: 'Date_MMDDYYYY_To_ISO' },
      { target: 'memberEffectiveDate', source: 'EFF_DATE', transformation: 'Date_MMDDYYYY_To_ISO' },
      { target: 'employeeSSN', source: 'SSN', transformation: 'Zero_Pad_SSN' },
      { target: 'gender', source: 'SEX', transformation: 'Gender_Code_Map' },
      { target: 'firstName', source: 'FULL_NAME', transformation: 'First_Name_From_Full_Name' },
      { target: 'lastName', source: 'FULL_NAME', transformation: 'Last_Name_From_Full_Name' },
      { target: 'dateOfBirth', source: 'DOB', transformation: 'Date_MMDDYYYY_To_ISO' },
      { target: 'relationship', source: 'REL', transformation: 'Relationship_Code_Map' },
      { target: 'zip', source: 'ZIP', transformation: 'Zip_First_Five' },
    ],
  });
  const { readSchemaId: _unused, ...rest } = template;
  void _unused;
  await createSeedTemplate(db, userNo, read, rest);

  // A template for each demo data-mapper import schema, linked as its dmTemplateId.
  for (const schema of await seedSchemasToMap(db)) {
    const templateId = await createSeedTemplateFor(db, userNo, schema, write.eligibility);
    if (templateId !== null && userNo !== null)
      await seedTemplateLink(db, userNo, schema.id, templateId);
  }
}
