import type { Kysely } from 'kysely';
import { transformationInput } from '@pillar/domain';
import type { DB } from '../database.ts';
import { createTransformation } from '../modules/data-mapping/index.ts';
import type { SeedContext } from './seed-context.ts';

/*
 * Demo transformation library (issue 16, decision 0118): what a data mapper reaches for daily
 * on eligibility files. Written through the module's own create (the same checks and the same
 * stored JSONata text as the page) as the data-mapper persona.
 */

const expression = (text: string) => ({ kind: 'expression', expression: text }) as const;

/** The digits of a date typed with or without separators, or the value unchanged. */
const digitsOf = '$d := $replace($trim($), /[^0-9]/, "")';

/** Checked by transformationInput when seeded (the definitions' defaults filled there). */
export const DEMO_TRANSFORMATIONS: readonly {
  name: string;
  description: string;
  definition: unknown;
}[] = [
  {
    name: 'Zero_Pad_SSN',
    description: 'Pads an SSN with leading zeros to 9 digits (leading zeros lost by a spreadsheet)',
    definition: { kind: 'padding', direction: 'left', padWith: '0', digits: 9 },
  },
  {
    name: 'Zero_Pad_Client_ID',
    description: 'Pads a client ID with leading zeros to 10 characters',
    definition: { kind: 'padding', direction: 'left', padWith: '0', digits: 10 },
  },
  {
    name: 'Date_MMDDYYYY_To_ISO',
    description: 'MMDDYYYY or MM/DD/YYYY to YYYY-MM-DD; anything else unchanged',
    definition: expression(
      `(${digitsOf}; $length($d) = 8 ? $substring($d, 4, 4) & "-" & $substring($d, 0, 2) & "-" & $substring($d, 2, 2) : $)`,
    ),
  },
  {
    name: 'Date_YYYYMMDD_To_ISO',
    description: 'YYYYMMDD (X12 DTP dates) to YYYY-MM-DD; anything else unchanged',
    definition: expression(
      `(${digitsOf}; $length($d) = 8 ? $substring($d, 0, 4) & "-" & $substring($d, 4, 2) & "-" & $substring($d, 6, 2) : $)`,
    ),
  },
  {
    name: 'Date_ISO_To_MMDDYYYY',
    description: 'YYYY-MM-DD to MM/DD/YYYY (the portal display format); anything else unchanged',
    definition: expression(
      `(${digitsOf}; $length($d) = 8 ? $substring($d, 4, 2) & "/" & $substring($d, 6, 2) & "/" & $substring($d, 0, 4) : $)`,
    ),
  },
  {
    name: 'Gender_Code_Map',
    description: 'Gender words and numeric codes to M, F or U (any case)',
    definition: {
      kind: 'conversion',
      caseSensitive: false,
      values: [
        { from: 'M', to: 'M' },
        { from: 'Male', to: 'M' },
        { from: '1', to: 'M' },
        { from: 'F', to: 'F' },
        { from: 'Female', to: 'F' },
        { from: '2', to: 'F' },
        { from: 'U', to: 'U' },
        { from: 'Unknown', to: 'U' },
        { from: '0', to: 'U' },
      ],
    },
  },
  {
    name: 'Relationship_Code_Map',
    description:
      'X12 834 relationship codes and common words to E (employee), S (spouse), D (dependent)',
    definition: {
      kind: 'conversion',
      caseSensitive: false,
      values: [
        { from: '18', to: 'E' },
        { from: 'Self', to: 'E' },
        { from: 'Employee', to: 'E' },
        { from: 'EE', to: 'E' },
        { from: '01', to: 'S' },
        { from: 'Spouse', to: 'S' },
        { from: 'SP', to: 'S' },
        { from: '19', to: 'D' },
        { from: 'Child', to: 'D' },
        { from: 'CH', to: 'D' },
        { from: '15', to: 'D' },
        { from: 'Dependent', to: 'D' },
      ],
    },
  },
  {
    name: 'Trim',
    description: 'Removes leading and trailing spaces and collapses inner runs of spaces',
    definition: expression('$trim($)'),
  },
  {
    name: 'Uppercase',
    description: 'Upper-cases the value',
    definition: expression('$uppercase($)'),
  },
  {
    name: 'First_Name_From_Full_Name',
    description: 'The first word of a full name ("Ada Lovelace" gives "Ada")',
    definition: expression('$substringBefore($trim($), " ")'),
  },
  {
    name: 'Last_Name_From_Full_Name',
    description:
      'Everything after the first word of a full name ("Ada King Lovelace" gives "King Lovelace")',
    definition: expression('($t := $trim($); $contains($t, " ") ? $substringAfter($t, " ") : "")'),
  },
  {
    name: 'Default_Group',
    description: 'Fills a blank benefit group with DEFAULT',
    definition: { kind: 'default', mode: 'blank', value: 'DEFAULT' },
  },
  {
    name: 'Zip_First_Five',
    description: 'The first five digits of a ZIP+4',
    definition: { kind: 'substring', start: 0, end: 5 },
  },
];

export async function seedTransformations(db: Kysely<DB>, context: SeedContext): Promise<void> {
  const userNo = context.userNos.get('dataMapper') ?? null;
  const actor = userNo === null ? null : { userNo };
  for (const t of DEMO_TRANSFORMATIONS) {
    await createTransformation(db, actor, transformationInput.parse(t));
  }
}
