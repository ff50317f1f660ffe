import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { importSchemaInput, type ImportSchemaFormValues } from '@pillar/domain';
import type { DB } from '../database.ts';
import {
  seedComment,
  seedConfiguration,
  seedFile,
  writeNewSchema,
} from '../modules/import-schemas/index.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * Demo eligibility import schemas (issue 15, decision 0111): a dozen schemas of every file type
 * and both importer types, each data-mapper one defined by a sample file under
 * seed/data/import-samples/ that is attached to it, so a user can download the file and try it
 * in a new schema's 'Use Sample File'. Import configurations tie several organizations to
 * them (Find Usage(s)); a few schemas have comments. Every schema goes through the domain's
 * schema (the same rules as the API) and the module's own writes, history included.
 * The people in the samples are invented; their SSNs start 900, which no SSN does.
 */

const SAMPLES = path.join(import.meta.dirname, 'data', 'import-samples');

/** The delimited samples' header row (acme-eligibility.csv and its siblings). */
const HEADER = [
  'Employee SSN',
  'Group ID',
  'Group Effective Date',
  'Member Effective Date',
  'Relationship',
  'Last Name',
  'First Name',
  'Gender',
  'Date of Birth',
  'Address',
  'City',
  'State',
  'Zip',
];
const ALIASES: Record<string, string> = {
  'Employee SSN': 'SSN, Subscriber SSN',
  'Date of Birth': 'DOB, Birth Date',
  'Group ID': 'Benefit Group',
};
const delimitedFields = HEADER.map((fieldName) => ({
  fieldName,
  alias: ALIASES[fieldName] ?? null,
}));

/** evergreen-mainframe-fixed.txt's layout: name and width, tiled from position 1. */
const FIXED_LAYOUT: readonly [string, number][] = [
  ['SSN', 9],
  ['Group ID', 10],
  ['Group Effective Date', 8],
  ['Member Effective Date', 8],
  ['Relationship', 1],
  ['Last Name', 20],
  ['First Name', 15],
  ['Gender', 1],
  ['Date of Birth', 8],
  ['Zip', 5],
];
const fixedFields = FIXED_LAYOUT.reduce<{ fieldName: string; start: number; end: number }[]>(
  (rows, [fieldName, width]) => {
    const start = (rows.at(-1)?.end ?? 0) + 1;
    return [...rows, { fieldName, start, end: start + width - 1 }];
  },
  [],
);

interface DemoSchema {
  values: ImportSchemaFormValues;
  /** The sample file attached to the schema, under seed/data/import-samples. */
  sample?: string;
  /** Who created it (edit-own holders see the edit icon only on theirs). */
  by: 'dataMapper' | 'superAdmin';
  /** Organizations (by position among the seeded ones) with a configuration using it. */
  organizations?: readonly number[];
  comments?: readonly string[];
}

const SCHEMAS: readonly DemoSchema[] = [
  {
    values: {
      name: 'Acme Manufacturing - Comma Delimited',
      importerType: 1,
      mediaType: 'csv',
      fileDelimiter: 'comma',
      fieldDefinitionMode: 'sample',
      fieldDefinitions: delimitedFields,
      useRetainStudentStatus: true,
      dependentRecordPrecededByEmployeeRecord: true,
      description: 'Weekly full file from the payroll system; dependents follow their employee.',
    },
    sample: 'acme-eligibility.csv',
    by: 'dataMapper',
    organizations: [0, 3],
    comments: [
      'Client confirmed the weekly file arrives Mondays before 6 a.m. Eastern; a late file should be chased with HR, not payroll.',
      'Relationship codes are E, S and C. Domestic partners come as S.',
    ],
  },
  {
    values: {
      name: 'Birch Health - Pipe Delimited',
      importerType: 1,
      mediaType: 'csv',
      fileDelimiter: 'pipe',
      fieldDefinitionMode: 'sample',
      fieldDefinitions: delimitedFields,
      useRetainCobraStatus: true,
      forceGroupChangeForCobraMembers: true,
    },
    sample: 'birch-eligibility-pipe.txt',
    by: 'dataMapper',
    organizations: [1],
  },
  {
    values: {
      name: 'Cedar Schools - Tab Delimited, No Header',
      importerType: 1,
      mediaType: 'csv',
      fileDelimiter: 'tab',
      fileHasHeaderRow: false,
      fieldDefinitionMode: 'manual',
      fieldDefinitions: delimitedFields,
      useRetainStudentStatus: true,
      useRetainAdultDependentStatus: true,
    },
    sample: 'cedar-eligibility-tab.txt',
    by: 'superAdmin',
    organizations: [2],
  },
  {
    values: {
      name: 'Delta Logistics - Spreadsheet',
      importerType: 1,
      mediaType: 'excel',
      fieldDefinitionMode: 'sample',
      fieldDefinitions: delimitedFields,
      supportsOrganizationValidation: true,
    },
    sample: 'delta-eligibility.xlsx',
    by: 'dataMapper',
    organizations: [4],
  },
  {
    values: {
      name: 'Evergreen Mainframe - Fixed Length',
      importerType: 1,
      mediaType: 'fixed',
      header: 'HDR',
      footer: 'TRL',
      recordHeader: '9',
      fieldDefinitionMode: 'manual',
      fieldDefinitions: fixedFields,
      useInputDate: true,
      subordinateRecordsWithTermDateEqualToEffectiveDate: true,
      description: 'Monthly mainframe extract; header HDR and trailer TRL records are skipped.',
    },
    sample: 'evergreen-mainframe-fixed.txt',
    by: 'dataMapper',
    organizations: [1, 5],
    comments: [
      'Record count in the trailer must equal the detail rows; the run refuses the file otherwise.',
    ],
  },
  {
    values: {
      name: 'Fairview Distribution - EDI 834',
      importerType: 1,
      mediaType: 'edi',
      edi834Filename: '005010X220A1',
      supportsUpdateOnlyRecords: true,
    },
    sample: 'fairview-834.txt',
    by: 'superAdmin',
    organizations: [6],
  },
  {
    values: {
      name: 'Granite Partners - Tilde Delimited',
      importerType: 1,
      mediaType: 'csv',
      fileDelimiter: 'tilde',
      fieldDefinitions: delimitedFields,
      supportsAlternateBenefitGroup: true,
    },
    sample: 'granite-eligibility-tilde.txt',
    by: 'dataMapper',
  },
  {
    values: {
      name: 'Harbor Foods - Semicolon (Other)',
      importerType: 1,
      mediaType: 'csv',
      fileDelimiter: 'other',
      customDelimiter: ';',
      fieldDefinitions: delimitedFields,
      processStatus: 0,
    },
    sample: 'harbor-eligibility-semicolon.csv',
    by: 'superAdmin',
  },
  {
    values: {
      name: 'Legacy Payroll CSV',
      importerType: 0,
      mediaType: 'csv',
      fileDelimiter: 'comma',
      useRetainRetireeStatus: true,
    },
    by: 'superAdmin',
    organizations: [7],
  },
  {
    values: {
      name: 'Legacy Mainframe Fixed Length',
      importerType: 0,
      mediaType: 'fixed',
      header: 'HDR',
    },
    by: 'dataMapper',
  },
  {
    values: {
      name: 'Legacy 834 (4010)',
      importerType: 0,
      mediaType: 'edi',
      edi834Filename: '004010X095A1',
      processStatus: 9,
      description: 'Replaced by the 5010 layout; kept for the files received before 2012.',
    },
    by: 'superAdmin',
  },
  {
    values: {
      name: 'Legacy Spreadsheet',
      importerType: 0,
      mediaType: 'excel',
      useRetainDisabledDependentStatus: true,
    },
    by: 'dataMapper',
    comments: ['Only two clients still send this; both move to the data mapper next year.'],
  },
];

export async function seedImportSchemas(db: Kysely<DB>, context: SeedContext): Promise<void> {
  for (const demo of SCHEMAS) {
    const userNo = context.userNos.get(demo.by);
    if (userNo === undefined) throw new Error(`seed: persona ${demo.by} missing`);
    const no = await writeNewSchema(db, userNo, importSchemaInput.parse(demo.values));
    if (demo.sample) {
      const content = fs.readFileSync(path.join(SAMPLES, demo.sample));
      await seedFile(db, userNo, no, demo.sample, content);
    }
    for (const comment of demo.comments ?? []) await seedComment(db, userNo, no, comment);
    for (const position of demo.organizations ?? []) {
      const organization = context.organizations[position];
      if (!organization) continue;
      await seedConfiguration(db, userNo, {
        eicName: `${organization.name} - ${demo.values.name}`.slice(0, 100),
        eicStatus: position === 5 ? 0 : 1,
        organizationNo: organization.organization_no,
        eligibilityImportSchemaNo: no,
      });
    }
  }
}
