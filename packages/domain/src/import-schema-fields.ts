import { z } from 'zod';
import { fileExtensionOf } from './files.ts';
import { isBlank, requiredMessage } from './validation.ts';

/*
 * The field-definition table of an eligibility import schema (spec 3 §2 "Import schema wizard",
 * step 2; §3 "Field definition row"; §5 "Import schema"; §9): one row per field of the client's
 * file, in file order. A delimited file or spreadsheet names each field by its column (A, B, …);
 * a fixed-length file gives each field its first and last character (1-based, inclusive), and the
 * rows must tile the record from position 1 with no overlap and no gap.
 *
 * The web step shows these messages at the cell and the server refuses the same rows with them,
 * so there is one copy of the rules (decision 0113).
 */

// ---- Limits (spec 3 §9, decision 0113) ----

/** Spec 3 §9: at most 500 field definitions. */
export const MAX_FIELD_DEFINITIONS = 500;
/** Spec 3 §9: how long the 500-field message stays on screen. */
export const FIELD_LIMIT_MESSAGE_MS = 5000;
/** Spec 3 §9: a field-definition sample file is at most 50 MB. */
export const SAMPLE_FILE_MAX_BYTES = 52_428_800;
/** Spec 3 §2: the sample file types the step accepts. */
export const SAMPLE_FILE_EXTENSIONS = ['.csv', '.xls', '.xlsx', '.txt'] as const;
/** Decision 0113: header names longer than this are no field name anyone maps by. */
export const FIELD_NAME_MAX_LENGTH = 100;
/** Decision 0113: the Alias(es) cell, several names separated by commas. */
export const FIELD_ALIAS_MAX_LENGTH = 500;
/** Decision 0113: a fixed-length record is at most this many characters wide. */
export const FIXED_LENGTH_MAX_POSITION = 100_000;

// ---- Messages (spec 3 §5 "Import schema", §8; verbatim where the spec quotes them) ----

export const FIELD_DEFINITION_MESSAGES = {
  atLeastOneField: 'Please add at least one field',
  firstStartIsOne: 'First row start value should be 1',
  fixedLengthRequired: 'FieldName, Start, and End are required for each field',
  delimitedRequired: 'FieldName is required for each field',
  startFollowsPreviousEnd: 'Start value should be previous row end value + 1',
  endNotBeforeStart: 'End field value should be greater than or equal start field value',
  startEndNumber: 'Start End value should be number',
  numberOfFieldsNumeric: 'Number of Fields can only contain numeric values',
  numberOfFieldsRequired: requiredMessage('Number of Fields'),
  maxFields: `Max Limit for the fields are reached, total fields should not be more than ${MAX_FIELD_DEFINITIONS}.`,
  sampleFileRequired: 'Please select the file',
  sampleFileTooLarge:
    'Maximum allowed file size is 50MB, please upload the file within the size limit',
  overwriteConfirm:
    'Existing fields will be overridden after adding this file, are you sure you want to upload?',
  parseError: 'Error in parsing the fields data from file.',
  // Not quoted by the spec ("a similar confirmation", "warns"): written in decision 0113.
  reinitializeConfirm:
    'Existing fields will be overridden after initializing, are you sure you want to initialize?',
  newTemplateWarning:
    'Adding or deleting fields means a new mapping template: the fields must be mapped again in Mapping & Transformations.',
  sampleFileType: 'Please select a .csv, .xls, .xlsx or .txt file',
  duplicateFieldName: 'Field names must be unique',
  fieldNameTooLong: `Field Name must not exceed ${FIELD_NAME_MAX_LENGTH} characters`,
  aliasTooLong: `Alias(es) must not exceed ${FIELD_ALIAS_MAX_LENGTH} characters`,
  nulCharacter: 'must not contain a NUL character',
} as const;

// ---- Layouts and modes ----

/**
 * How a file names its fields: by column (delimited text and spreadsheets) or by character
 * positions (fixed-length text). EDI-834 has no field table (its fields come from the layout).
 */
export const FIELD_LAYOUTS = ['delimited', 'fixedLength'] as const;
export type FieldLayout = (typeof FIELD_LAYOUTS)[number];

// ---- Rows ----

/**
 * A row as the server stores it. `start` and `end` are null for delimited files; `alias` holds
 * the Alias(es) cell as typed (names separated by commas). Column letter and length are computed
 * from position and from start/end, never stored apart from them.
 */
export const fieldDefinitionRowSchema = z.object({
  fieldName: z
    .string()
    .max(FIELD_NAME_MAX_LENGTH, FIELD_DEFINITION_MESSAGES.fieldNameTooLong)
    .refine((value) => !value.includes('\0'), FIELD_DEFINITION_MESSAGES.nulCharacter),
  alias: z
    .string()
    .max(FIELD_ALIAS_MAX_LENGTH, FIELD_DEFINITION_MESSAGES.aliasTooLong)
    .refine((value) => !value.includes('\0'), FIELD_DEFINITION_MESSAGES.nulCharacter)
    .nullable()
    .default(null),
  start: z.number().int().min(0).max(FIXED_LENGTH_MAX_POSITION).nullable().default(null),
  end: z.number().int().min(0).max(FIXED_LENGTH_MAX_POSITION).nullable().default(null),
  /** Spec 3 §3: every field is read as text; the mapping step converts it. */
  dataType: z.literal('string').default('string'),
});
export type FieldDefinitionRow = z.infer<typeof fieldDefinitionRowSchema>;

/**
 * A row as the form holds it while the user types: positions may still be text ('12', '', 'x').
 * The rules take this shape so the form and the server run the same function.
 */
export interface FieldDefinitionDraft {
  fieldName?: string | null;
  alias?: string | null;
  start?: number | string | null;
  end?: number | string | null;
}

export type FieldDefinitionCell = 'fieldName' | 'alias' | 'start' | 'end';

/** One broken rule: at a cell (`row` 0-based), or of the table as a whole (`row` null). */
export interface FieldDefinitionIssue {
  row: number | null;
  field: FieldDefinitionCell | null;
  message: string;
}

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA, 499 → SF. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * A position typed or stored: a whole number from 0 to the widest record, or null when it is not
 * one ('', '1.5', '-3', 'x'). Digits only, so '1e3' and ' 7' are not numbers here either.
 */
export function parsePosition(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value <= FIXED_LENGTH_MAX_POSITION
      ? value
      : null;
  }
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n <= FIXED_LENGTH_MAX_POSITION ? n : null;
}

/** Length = End − Start + 1, or null while either is missing or End is before Start. */
export function fieldLength(
  start: number | string | null | undefined,
  end: number | string | null | undefined,
): number | null {
  const s = parsePosition(start);
  const e = parsePosition(end);
  return s !== null && e !== null && e >= s ? e - s + 1 : null;
}

/** Field names are compared trimmed and without case: 'SSN' and ' ssn' are the same column. */
function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * Every broken rule of the table (spec 3 §5 "Import schema"), in row order, at most one per
 * cell: the first rule a cell breaks is the one worth telling. Fixed length: Field Name, Start
 * and End required; Start and End whole numbers; the first Start is 1; each Start is the previous
 * End + 1 (which refuses both overlaps and gaps); End ≥ Start. Both: names unique, at least one
 * row, at most 500.
 */
export function validateFieldDefinitions(
  layout: FieldLayout,
  rows: readonly FieldDefinitionDraft[],
): FieldDefinitionIssue[] {
  const M = FIELD_DEFINITION_MESSAGES;
  const issues: FieldDefinitionIssue[] = [];
  if (rows.length === 0) return [{ row: null, field: null, message: M.atLeastOneField }];
  if (rows.length > MAX_FIELD_DEFINITIONS)
    issues.push({ row: null, field: null, message: M.maxFields });

  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const at = (field: FieldDefinitionCell, message: string) =>
      issues.push({ row: index, field, message });
    const name = row.fieldName ?? '';
    const required = layout === 'fixedLength' ? M.fixedLengthRequired : M.delimitedRequired;

    if (!name.trim()) at('fieldName', required);
    else if (name.length > FIELD_NAME_MAX_LENGTH) at('fieldName', M.fieldNameTooLong);
    else if (name.includes('\0')) at('fieldName', M.nulCharacter);
    else if (seen.has(nameKey(name))) at('fieldName', M.duplicateFieldName);
    else seen.add(nameKey(name));

    const alias = row.alias ?? '';
    if (alias.length > FIELD_ALIAS_MAX_LENGTH) at('alias', M.aliasTooLong);
    else if (alias.includes('\0')) at('alias', M.nulCharacter);

    if (layout !== 'fixedLength') return;
    const start = positionIssue(row.start);
    const end = positionIssue(row.end);
    if (start) at('start', start);
    if (end) at('end', end);
    const s = parsePosition(row.start);
    const e = parsePosition(row.end);
    if (s !== null) {
      if (index === 0) {
        if (s !== 1) at('start', M.firstStartIsOne);
      } else {
        const previousEnd = parsePosition(rows[index - 1]?.end);
        if (previousEnd !== null && s !== previousEnd + 1) at('start', M.startFollowsPreviousEnd);
      }
    }
    if (s !== null && e !== null && e < s) at('end', M.endNotBeforeStart);
  });
  return issues;
}

function positionIssue(value: number | string | null | undefined): string | null {
  if (isBlank(value)) return FIELD_DEFINITION_MESSAGES.fixedLengthRequired;
  return parsePosition(value) === null ? FIELD_DEFINITION_MESSAGES.startEndNumber : null;
}

/** The issues keyed for a table: `table` for the whole, and per row the first message per cell. */
export interface FieldDefinitionErrors {
  table: string[];
  cells: Map<number, Partial<Record<FieldDefinitionCell, string>>>;
}

export function groupFieldDefinitionIssues(
  issues: readonly FieldDefinitionIssue[],
): FieldDefinitionErrors {
  const table: string[] = [];
  const cells = new Map<number, Partial<Record<FieldDefinitionCell, string>>>();
  for (const issue of issues) {
    if (issue.row === null || issue.field === null) {
      table.push(issue.message);
      continue;
    }
    const row = cells.get(issue.row) ?? {};
    row[issue.field] ??= issue.message;
    cells.set(issue.row, row);
  }
  return { table, cells };
}

/**
 * The server's request check: the table as a zod array whose issues land at
 * `fieldDefinitions.<row>.<cell>` (a 400 naming the field). Call from the schema object's
 * superRefine with the layout its file type gives.
 */
export const fieldDefinitionsSchema = z
  .array(fieldDefinitionRowSchema)
  .max(MAX_FIELD_DEFINITIONS, FIELD_DEFINITION_MESSAGES.maxFields);

export function addFieldDefinitionIssues(
  ctx: {
    addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void;
  },
  layout: FieldLayout,
  rows: readonly FieldDefinitionDraft[],
  path: (string | number)[] = ['fieldDefinitions'],
): void {
  for (const issue of validateFieldDefinitions(layout, rows)) {
    const at = issue.row === null ? path : [...path, issue.row, issue.field ?? 'fieldName'];
    ctx.addIssue({ code: 'custom', message: issue.message, path: at });
  }
}

/** The stored form of a table: names and aliases trimmed, blank aliases null, positions numbers. */
export function toFieldDefinitionRows(
  layout: FieldLayout,
  rows: readonly FieldDefinitionDraft[],
): FieldDefinitionRow[] {
  return rows.map((row) => ({
    fieldName: (row.fieldName ?? '').trim(),
    alias: row.alias?.trim() || null,
    start: layout === 'fixedLength' ? parsePosition(row.start) : null,
    end: layout === 'fixedLength' ? parsePosition(row.end) : null,
    dataType: 'string' as const,
  }));
}

// ---- Number of Fields, Initialize, Add Field ----

/** Spec 3 §5: digits only, no leading zero, and no more than 500. Null when it is fine. */
export function numberOfFieldsProblem(text: string | null | undefined): string | null {
  if (!text?.trim()) return FIELD_DEFINITION_MESSAGES.numberOfFieldsRequired;
  if (!/^[1-9]\d*$/.test(text)) return FIELD_DEFINITION_MESSAGES.numberOfFieldsNumeric;
  if (text.length > 4 || Number(text) > MAX_FIELD_DEFINITIONS) {
    return FIELD_DEFINITION_MESSAGES.maxFields;
  }
  return null;
}

/** Initialize: `count` empty rows (the user names them and, for fixed length, places them). */
export function initialFieldRows(count: number): FieldDefinitionDraft[] {
  return Array.from({ length: count }, () => ({
    fieldName: '',
    alias: '',
    start: null,
    end: null,
  }));
}

/** Add Field is refused at the limit (the message shows for FIELD_LIMIT_MESSAGE_MS). */
export function canAddField(count: number): boolean {
  return count < MAX_FIELD_DEFINITIONS;
}

/**
 * A fixed-length row added after the others starts where the last one ends + 1, so the table
 * stays valid as soon as its End is typed.
 */
export function nextFieldRow(
  layout: FieldLayout,
  rows: readonly FieldDefinitionDraft[],
): FieldDefinitionDraft {
  if (layout !== 'fixedLength') return { fieldName: '', alias: '', start: null, end: null };
  const last = rows.length === 0 ? 0 : parsePosition(rows[rows.length - 1]?.end);
  return { fieldName: '', alias: '', start: last === null ? null : last + 1, end: null };
}

/**
 * After a fixed-length row is dragged elsewhere, positions follow the new order: each field keeps
 * its length and the rows are laid end to end from 1 (a field's place in the record is its
 * order). Rows whose length is not known yet keep what was typed, and stop the reflow there.
 */
export function reflowFixedLength<T extends FieldDefinitionDraft>(rows: readonly T[]): T[] {
  let next = 1;
  let flowing = true;
  return rows.map((row) => {
    const length = fieldLength(row.start, row.end);
    if (!flowing || length === null) {
      flowing = false;
      return row;
    }
    const placed = { ...row, start: next, end: next + length - 1 };
    next += length;
    return placed;
  });
}

// ---- Sample files ----

/** Spec 3 §5: the sample file must be chosen, be one of the four types, and at most 50 MB. */
export function sampleFileProblem(file: { name: string; size: number } | null): string | null {
  if (!file) return FIELD_DEFINITION_MESSAGES.sampleFileRequired;
  const extension = fileExtensionOf(file.name);
  if (!(SAMPLE_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return FIELD_DEFINITION_MESSAGES.sampleFileType;
  }
  if (file.size > SAMPLE_FILE_MAX_BYTES) return FIELD_DEFINITION_MESSAGES.sampleFileTooLarge;
  return null;
}

/** A field the server proposes from a sample file (spec 3 §7: name, startLoc, stopLoc, locLength). */
export interface ProposedField {
  name: string;
  startLoc?: number | null;
  stopLoc?: number | null;
  locLength?: number | null;
}

/** The table rows for the proposed fields: names for delimited, names and positions for fixed. */
export function rowsFromProposedFields(
  layout: FieldLayout,
  fields: readonly ProposedField[],
): FieldDefinitionDraft[] {
  return fields.map((field) => {
    if (layout !== 'fixedLength')
      return { fieldName: field.name, alias: '', start: null, end: null };
    const start = field.startLoc ?? null;
    const end =
      field.stopLoc ?? (start !== null && field.locLength ? start + field.locLength - 1 : null);
    return { fieldName: field.name, alias: '', start, end };
  });
}

/**
 * The fixed-length sample file the step offers for download: a ruler of positions and one record
 * with each field's name written into its own columns (cut to its length, padded with spaces), so
 * a client sees where each field sits. Rows without positions are left out.
 */
export function fixedLengthSampleText(rows: readonly FieldDefinitionDraft[]): string {
  const placed = rows
    .map((row) => ({
      name: (row.fieldName ?? '').trim(),
      start: parsePosition(row.start),
      length: fieldLength(row.start, row.end),
    }))
    .filter((row): row is { name: string; start: number; length: number } => row.length !== null);
  const width = placed.reduce((max, row) => Math.max(max, row.start + row.length - 1), 0);
  const record = Array.from({ length: width }, () => ' ');
  for (const row of placed) {
    const text = row.name.padEnd(row.length, '_').slice(0, row.length);
    for (let i = 0; i < row.length; i++) record[row.start - 1 + i] = text[i]!;
  }
  const ruler = Array.from({ length: width }, (_, i) => String((i + 1) % 10)).join('');
  return `${ruler}\r\n${record.join('')}\r\n`;
}
