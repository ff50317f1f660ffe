import type { Kysely } from 'kysely';
import { importSchemaInput, schemaInput, templateInput } from '@pillar/domain';
import type { DB } from '../database.ts';
import {
  createSeedTemplate,
  createSeedTemplateFor,
  createStandardWriteSchemas,
  createUnmapped834Template,
  runSeedMappingJob,
} from '../modules/data-mapping/index.ts';
import {
  seedSchemasToMap,
  seedTemplateLink,
  writeNewSchema,
} from '../modules/import-schemas/index.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';
import type { SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';

const ACME_HEADER = 'GROUP|EFF_DATE|SSN|SEX|FULL_NAME|DOB|REL|ZIP';

/** MM/DD/YYYY or MMDDYYYY, as eligibility vendors write dates. */
function usDate(iso: string, slashes: boolean): string {
  const [y, m, d] = iso.split('-');
  return slashes ? `${m}/${d}/${y}` : `${m}${d}${y}`;
}

/**
 * An Acme pipe-delimited eligibility file of `rows` members, as vendors send them: groups left
 * blank, SSNs that lost their leading zeros, gender as words or codes, ZIP+4. With `brokenEvery`,
 * every so many rows loses what a required target needs (a one-word name, a blank birth date or
 * SSN, in turn): the job drops them with their per-row errors.
 */
function acmeEligibility(random: SeededRandom, rows: number, brokenEvery?: number): Buffer {
  const lines = [ACME_HEADER];
  for (let i = 0; i < rows; i++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const kind = brokenEvery && i % brokenEvery === 2 ? Math.floor(i / brokenEvery) % 3 : -1;
    const ssn = String(random.int(1_000_000, 899_999_999));
    lines.push(
      [
        random.chance(0.1) ? '' : `00001-0${random.int(1, 4)}`,
        usDate(random.date('2025-01-01', '2026-11-01'), false),
        kind === 2 ? '' : ssn,
        random.pick(['M', 'F', 'Male', 'Female', '1', '2']),
        kind === 0 ? first : `${first} ${last}`,
        kind === 1 ? '' : usDate(random.date('1958-01-01', '2008-12-31'), true),
        random.pick(['18', '18', '01', '19']),
        `${random.int(10_000, 99_950)}-${random.digits(4)}`,
      ].join('|'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

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
  const acme = await createSeedTemplate(db, userNo, read, rest);

  // Completed jobs (issue 16; decision 0136): two Acme files mapped by the real job function,
  // one clean and one whose broken rows are dropped with their errors; outputs downloadable.
  if (userNo !== null) {
    const random = context.randomFor('data-mapping-jobs');
    for (const demo of [
      { fileName: 'acme_eligibility_2026_11.txt', rows: 60 },
      { fileName: 'acme_eligibility_2026_10.txt', rows: 40, brokenEvery: 7 },
    ]) {
      await runSeedMappingJob(db, {
        templateNo: acme,
        userNo,
        fileStorageId: random.uuid(),
        fileName: demo.fileName,
        content: acmeEligibility(random, demo.rows, demo.brokenEvery),
      });
    }
  }

  // A template for each demo data-mapper import schema, linked as its dmTemplateId.
  for (const schema of await seedSchemasToMap(db)) {
    const templateId = await createSeedTemplateFor(db, userNo, schema, write.eligibility);
    if (templateId !== null && userNo !== null)
      await seedTemplateLink(db, userNo, schema.id, templateId);
  }

  // The import schema of the Acme pipe files, using Acme_Eligibility_Standard: its mapping step
  // lists the two jobs above (issue 16). Made after the loop, which would generate it a template.
  if (userNo !== null) {
    const no = await writeNewSchema(
      db,
      userNo,
      importSchemaInput.parse({
        name: 'Acme Eligibility - Pipe Delimited',
        importerType: 1,
        mediaType: 'csv',
        fileDelimiter: 'pipe',
        fileHasHeaderRow: true,
        fieldDefinitionMode: 'manual',
        fieldDefinitions: ACME_HEADER.split('|').map((fieldName) => ({ fieldName, alias: null })),
        description:
          'Acme pipe-delimited eligibility, mapped by the Acme_Eligibility_Standard template.',
      }),
    );
    await seedTemplateLink(db, userNo, no, acme);
  }
}
