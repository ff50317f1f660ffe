import { z } from 'zod';
import {
  FIELD_DEFINITION_MESSAGES,
  MAX_FIELD_DEFINITIONS,
  addFieldDefinitionIssues,
  columnLetter,
  fieldDefinitionRowSchema,
  fieldDefinitionsSchema,
  fieldLength,
  type FieldDefinitionRow,
  type FieldLayout,
} from './import-schema-fields.ts';
import { pageSchema, pagingQuery } from './paging.ts';
import { int4Id, int4IdValue } from './validation.ts';

/*
 * Eligibility import schemas (spec 3 §2 "Imports list" and "Import schema wizard", §3
 * "Eligibility import schema", "Schema form fields", "Field definition row", "Schema comment and
 * file", "Config detail", §5 "Import schema", §6, §7 "Eligibility import service", §9): the
 * record, its form's one schema, the list filters, comments, files, the import configurations that
 * tie an organization to a schema, the edit-icon rule, and the sample-file answers. The rules of
 * the field-definition table itself live in import-schema-fields.ts. Decision 0111.
 */

// ---- Limits (spec 3 §9) ----

export const IMPORT_SCHEMA_NAME_MAX_LENGTH = 100;
/** Header, trailer and record header values: a record identifier, never a paragraph. */
export const IMPORT_SCHEMA_MARKER_MAX_LENGTH = 100;
export const IMPORT_SCHEMA_DESCRIPTION_MAX_LENGTH = 4000;
export const IMPORT_SCHEMA_COMMENT_MAX_LENGTH = 4000;
/** Spec 3 §9: the comment table shows this many characters, then '...'. */
export const IMPORT_SCHEMA_COMMENT_PREVIEW_LENGTH = 70;
export const IMPORT_CONFIG_NAME_MAX_LENGTH = 100;
/** How many rows of a sample file are read to propose its fields. */
export const SAMPLE_FILE_ROWS_READ = 200;
/** The most bytes a schema's supporting file may have (decision 0111). */
export const SCHEMA_FILE_MAX_BYTES = 52_428_800;
/**
 * Spec 3 §5 "Support file upload ... accepted types include text, .dat, Word, .gpg, .pgp, PDF,
 * PowerPoint, zip and others": the secure-files list (spec 3 §5 "Files"), which names them all.
 */
export const SCHEMA_FILE_EXTENSIONS = [
  '.csv',
  '.dat',
  '.doc',
  '.docx',
  '.gpg',
  '.pdf',
  '.pgp',
  '.ppt',
  '.pptx',
  '.txt',
  '.xls',
  '.xlsx',
  '.zip',
] as const;

// ---- Codes (spec 3 §3, §9) ----

export const IMPORTER_TYPES = [
  { code: 0, label: 'Legacy' },
  { code: 1, label: 'Data Mapper' },
] as const;
export type ImporterType = (typeof IMPORTER_TYPES)[number]['code'];
export const IMPORTER_TYPE_CODES = [0, 1] as const;

export const IMPORT_PROCESS_STATUSES = [
  { code: 0, label: 'Inactive' },
  { code: 1, label: 'Active' },
  { code: 9, label: 'Disabled' },
] as const;
export type ImportProcessStatus = (typeof IMPORT_PROCESS_STATUSES)[number]['code'];
export const IMPORT_PROCESS_STATUS_CODES = [0, 1, 9] as const;

/**
 * The form's file type (spec 3 §3 "Schema form fields") is the record's mediaType; the numeric
 * fileType (1 fixed length and EDI, 2 spreadsheet, 3 delimited) follows from it.
 */
export const IMPORT_MEDIA_TYPES = ['csv', 'edi', 'fixed', 'excel'] as const;
export type ImportMediaType = (typeof IMPORT_MEDIA_TYPES)[number];
export const IMPORT_FILE_TYPES = [
  { mediaType: 'csv', label: 'Delimited Text File', fileType: 3 },
  { mediaType: 'edi', label: 'EDI-834', fileType: 1 },
  { mediaType: 'fixed', label: 'Fixed Length Text File', fileType: 1 },
  { mediaType: 'excel', label: 'Spreadsheet', fileType: 2 },
] as const satisfies readonly { mediaType: ImportMediaType; label: string; fileType: 1 | 2 | 3 }[];
export type ImportFileTypeCode = 1 | 2 | 3;

export const FILE_DELIMITERS = [
  { value: 'comma', label: 'Comma', character: ',' },
  { value: 'tab', label: 'Tab', character: '\t' },
  { value: 'pipe', label: 'Pipe', character: '|' },
  { value: 'tilde', label: 'Tilde', character: '~' },
  { value: 'other', label: 'Other', character: null },
] as const;
export const FILE_DELIMITER_VALUES = ['comma', 'tab', 'pipe', 'tilde', 'other'] as const;
export type FileDelimiter = (typeof FILE_DELIMITER_VALUES)[number];

/**
 * The X12 834 implementation guides the server can read an EDI-834 schema's files by (the "834
 * schema filename" list, spec 3 §3, §7): 005010X220A1 is the HIPAA benefit enrollment guide in
 * force; 004010X095A1 its predecessor, still sent by some older payroll systems. Decision 0111.
 */
export const EDI_834_LAYOUTS = [
  { filename: '005010X220A1', label: '005010X220A1 - Benefit Enrollment and Maintenance (5010)' },
  { filename: '004010X095A1', label: '004010X095A1 - Benefit Enrollment and Maintenance (4010)' },
] as const;
export const EDI_834_FILENAMES = ['005010X220A1', '004010X095A1'] as const;
export type Edi834Filename = (typeof EDI_834_FILENAMES)[number];

export const FIELD_DEFINITION_MODES = ['sample', 'manual'] as const;
export type FieldDefinitionMode = (typeof FIELD_DEFINITION_MODES)[number];

export function importerTypeLabel(code: number): string {
  return IMPORTER_TYPES.find((t) => t.code === code)?.label ?? String(code);
}
export function processStatusLabel(code: number): string {
  return IMPORT_PROCESS_STATUSES.find((s) => s.code === code)?.label ?? String(code);
}
/** The form's label of a media type ('Delimited Text File'). */
export function importMediaTypeLabel(mediaType: ImportMediaType): string {
  return IMPORT_FILE_TYPES.find((t) => t.mediaType === mediaType)?.label ?? mediaType;
}
/** Spec 3 §3: the numeric fileType of a media type (1 fixed length and EDI, 2 spreadsheet, 3 delimited). */
export function fileTypeCodeOf(mediaType: ImportMediaType): ImportFileTypeCode {
  return IMPORT_FILE_TYPES.find((t) => t.mediaType === mediaType)?.fileType ?? 3;
}
/** The character a delimiter stands for; the custom one for Other; null when there is none. */
export function delimiterCharacter(
  delimiter: FileDelimiter | null | undefined,
  customDelimiter?: string | null,
): string | null {
  if (!delimiter) return null;
  if (delimiter === 'other') return customDelimiter ? customDelimiter : null;
  return FILE_DELIMITERS.find((d) => d.value === delimiter)?.character ?? null;
}

/** Spec 3 §2: field definitions are hidden for legacy schemas and EDI files. */
export function hasFieldDefinitions(s: {
  importerType: number;
  mediaType: ImportMediaType;
}): boolean {
  return s.importerType === 1 && s.mediaType !== 'edi';
}

/** Spec 3 §3 "Required import fields": every eligibility file must yield these. */
export const REQUIRED_IMPORT_FIELDS = [
  'benefitGroupId',
  'groupEffectiveDate',
  'memberEffectiveDate',
  'employeeSSN',
  'gender',
  'firstName',
  'lastName',
  'dateOfBirth',
] as const;

// ---- Advanced options (spec 3 §2 "Advanced options") ----

/**
 * The twelve advanced options, each with the tooltip that says what it does to an import. These
 * texts are the contract the import run honours (issue 17): change one and the run must follow.
 */
export const ADVANCED_OPTIONS = [
  {
    key: 'useInputDate',
    label: 'Use Input Date',
    tooltip:
      "Dates a change by the file's own effective and term dates; when unchecked, a change takes effect on the day the file is imported.",
  },
  {
    key: 'useRetainStudentStatus',
    label: 'Retain Student Status',
    tooltip:
      "Keeps a dependent's student status as it is in Pillar when the file leaves it blank; when unchecked, a blank clears it.",
  },
  {
    key: 'useRetainDisabledDependentStatus',
    label: 'Retain Disabled Dependent Status',
    tooltip:
      "Keeps a dependent's disabled status as it is in Pillar when the file leaves it blank; when unchecked, a blank clears it.",
  },
  {
    key: 'useRetainAdultDependentStatus',
    label: 'Retain Adult Dependent Status',
    tooltip:
      "Keeps a dependent's adult-dependent status as it is in Pillar when the file leaves it blank; when unchecked, a blank clears it.",
  },
  {
    key: 'useRetainCobraStatus',
    label: 'Retain COBRA Status',
    tooltip:
      "Keeps a member's COBRA status as it is in Pillar when the file leaves it blank; when unchecked, a blank ends COBRA continuation.",
  },
  {
    key: 'useRetainRetireeStatus',
    label: 'Retain Retiree Status',
    tooltip:
      "Keeps a member's retiree status as it is in Pillar when the file leaves it blank; when unchecked, a blank clears it.",
  },
  {
    key: 'dependentRecordPrecededByEmployeeRecord',
    label: 'Dependent Record Preceded By Employee Record',
    tooltip:
      'Reads each dependent as belonging to the employee record just before it in the file, instead of matching the dependent to an employee by SSN.',
  },
  {
    key: 'forceGroupChangeForCobraMembers',
    label: 'Force Group Change For COBRA Members',
    tooltip:
      'Moves a member who goes on COBRA to the benefit group the file names, even when the member was in another group.',
  },
  {
    key: 'supportsOrganizationValidation',
    label: 'Supports Organization Validation',
    tooltip:
      "Refuses every record whose organization is not the import configuration's organization, instead of loading it.",
  },
  {
    key: 'supportsAlternateBenefitGroup',
    label: 'Supports Alternate Benefit Group',
    tooltip:
      "Reads the file's alternate benefit group identifier and places the member in the group it names when the primary group is not found.",
  },
  {
    key: 'supportsUpdateOnlyRecords',
    label: 'Supports Update Only Records',
    tooltip:
      'Only changes members already in Pillar; a record for a member not yet in Pillar is reported and skipped, never added.',
  },
  {
    key: 'subordinateRecordsWithTermDateEqualToEffectiveDate',
    label: 'Subordinate Records With Term Date Equal To Effective Date',
    tooltip:
      'Loads a dependent record whose term date equals its effective date (a one-day coverage) instead of rejecting it as a void record.',
  },
] as const;
export type AdvancedOptionKey = (typeof ADVANCED_OPTIONS)[number]['key'];
export const ADVANCED_OPTION_KEYS = ADVANCED_OPTIONS.map((o) => o.key) as unknown as readonly [
  AdvancedOptionKey,
  ...AdvancedOptionKey[],
];

// ---- Messages (spec 3 §5 "Import schema", §8) ----

export const IMPORT_SCHEMA_MESSAGES = {
  nameRequired: 'Please enter a schema name',
  nameTooLong: `Schema name must not exceed ${IMPORT_SCHEMA_NAME_MAX_LENGTH} characters`,
  importerTypeRequired: 'Please select an importer type',
  fileTypeRequired: 'Please select a file type',
  delimiterRequired: 'Please select a delimiter',
  customDelimiterRequired: 'Please enter a custom delimiter',
  customDelimiterTooLong: 'Custom delimiter must be 1 character',
  edi834FilenameRequired: '834 Schema Filename is required',
  recordHeaderRequired: 'Record Header is required when Trailer is present',
  saveFailed: 'Failed to save Schema',
  parseFailed: FIELD_DEFINITION_MESSAGES.parseError,
  descriptionTooLong: `Description must not exceed ${IMPORT_SCHEMA_DESCRIPTION_MAX_LENGTH} characters`,
  commentRequired: 'Comment is required',
  commentTooLong: `Comment must not exceed ${IMPORT_SCHEMA_COMMENT_MAX_LENGTH} characters`,
  createModeNotice:
    'Supporting documents and comments can be added after saving the schema, via Edit.',
  notYetUtilized: 'Not yet utilized',
  findUsages: 'Find Usage(s)',
  configDetailsTitle: 'Eligibility Import Schema - Config Details',
  fileRequired: FIELD_DEFINITION_MESSAGES.sampleFileRequired,
  fileTooLarge: FIELD_DEFINITION_MESSAGES.sampleFileTooLarge,
  sampleFileType: FIELD_DEFINITION_MESSAGES.sampleFileType,
  sampleFileEmpty: 'The sample file is empty',
  sampleFileNotMatching: (extension: string) =>
    `The file's content is not a ${extension} file; upload the file in the format its name says`,
  sampleFileTooManyColumns: `The sample file has more than ${MAX_FIELD_DEFINITIONS} columns; total fields should not be more than ${MAX_FIELD_DEFINITIONS}.`,
  sampleFileBrokenQuote: (row: number) =>
    `The sample file has a quote that is never closed (row ${row})`,
  sampleFileLegacyXls:
    'Legacy .xls spreadsheets cannot be read; save the sheet as .xlsx or .csv and upload that',
  sampleFileUnknown: 'The sample file was not found; upload it again',
  schemaFileType: `The file must be one of ${SCHEMA_FILE_EXTENSIONS.join(', ')}`,
  schemaFileTooLarge:
    'Maximum allowed file size is 50MB, please upload the file within the size limit',
  configNameRequired: 'Config Name is required',
  configNameTooLong: `Config Name must not exceed ${IMPORT_CONFIG_NAME_MAX_LENGTH} characters`,
  configNameTaken: 'An import configuration with this name already exists',
} as const;

/** Spec 3 §9: the comment table's text, cut at 70 characters. */
export function commentPreview(comment: string): string {
  return comment.length > IMPORT_SCHEMA_COMMENT_PREVIEW_LENGTH
    ? `${comment.slice(0, IMPORT_SCHEMA_COMMENT_PREVIEW_LENGTH)}...`
    : comment;
}

// ---- The edit-icon rule (spec 3 §2, §6) ----

export interface ImportSchemaEditor {
  userNo: number;
  permissions: ReadonlySet<string> | readonly string[];
}

function holds(editor: ImportSchemaEditor, permission: string): boolean {
  const held = editor.permissions;
  return 'has' in held ? held.has(permission) : held.includes(permission);
}

/**
 * Spec 3 §2: the edit icon shows for edit-all holders, or edit-own holders whose user number is
 * the schema's createdBy. The server applies the same rule to every write on a schema.
 */
export function canEditImportSchema(
  editor: ImportSchemaEditor,
  schema: { createdBy: number | null },
): boolean {
  if (holds(editor, 'portal-ei-edit-all')) return true;
  return (
    holds(editor, 'portal-ei-edit-mine') &&
    schema.createdBy !== null &&
    schema.createdBy === editor.userNo
  );
}

/** Spec 3 §6: clone needs the create permission (and a schema the user can see). */
export function canCloneImportSchema(editor: ImportSchemaEditor): boolean {
  return holds(editor, 'portal-ei-create');
}

// ---- Field definitions (spec 3 §3 "Field definition row"; rules in import-schema-fields.ts) ----

/** The field table's layout for a file type: by position for fixed length, by column otherwise. */
export function fieldLayoutOf(mediaType: ImportMediaType): FieldLayout {
  return mediaType === 'fixed' ? 'fixedLength' : 'delimited';
}

/** A stored row as answered: the row, its place (locIndex), its column letter and its length. */
export const importSchemaFieldRow = fieldDefinitionRowSchema.extend({
  locIndex: z.number().int(),
  column: z.string(),
  length: z.number().int().nullable(),
});
export type ImportSchemaFieldRow = z.infer<typeof importSchemaFieldRow>;

export function toFieldRows(fields: readonly FieldDefinitionRow[]): ImportSchemaFieldRow[] {
  return fields.map((f, i) => ({
    ...f,
    locIndex: i,
    column: columnLetter(i),
    length: fieldLength(f.start, f.end),
  }));
}

// ---- The schema (spec 3 §3 "Eligibility import schema") ----

const optionalMarker = (label: string) =>
  z
    .string()
    .max(IMPORT_SCHEMA_MARKER_MAX_LENGTH, {
      error: `${label} must not exceed ${IMPORT_SCHEMA_MARKER_MAX_LENGTH} characters`,
    })
    .nullable()
    .default(null)
    .transform((v) => (v === null || v.trim() === '' ? null : v));

const advancedFlags = Object.fromEntries(
  ADVANCED_OPTION_KEYS.map((k) => [k, z.boolean().default(false)]),
) as { [K in AdvancedOptionKey]: z.ZodDefault<z.ZodBoolean> };

/**
 * The form's fields (spec 3 §3 "Schema form fields"), as the wizard submits them and as POST and
 * PUT read them. The cross-field rules of spec 3 §5 are here; the field table's own rules are
 * checked with import-schema-fields.ts (by the form at step 2, by the server on save).
 */
export const importSchemaName = z
  .string({ error: IMPORT_SCHEMA_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: IMPORT_SCHEMA_MESSAGES.nameRequired, abort: true })
  .max(IMPORT_SCHEMA_NAME_MAX_LENGTH, IMPORT_SCHEMA_MESSAGES.nameTooLong);

export const importSchemaBaseInput = z.object({
  name: importSchemaName,
  importerType: z.union([z.literal(0), z.literal(1)], {
    error: IMPORT_SCHEMA_MESSAGES.importerTypeRequired,
  }),
  mediaType: z.enum(IMPORT_MEDIA_TYPES, { error: IMPORT_SCHEMA_MESSAGES.fileTypeRequired }),
  fileDelimiter: z
    .enum(FILE_DELIMITER_VALUES, { error: IMPORT_SCHEMA_MESSAGES.delimiterRequired })
    .nullable()
    .default(null),
  customDelimiter: z
    .string()
    .max(1, IMPORT_SCHEMA_MESSAGES.customDelimiterTooLong)
    .nullable()
    .default(null),
  edi834Filename: z
    .enum(EDI_834_FILENAMES, { error: IMPORT_SCHEMA_MESSAGES.edi834FilenameRequired })
    .nullable()
    .default(null),
  /** Header Value (fixed length). */
  header: optionalMarker('Header Value'),
  /** Trailer Value (fixed length). */
  footer: optionalMarker('Trailer Value'),
  /** Record Header Value (fixed length). */
  recordHeader: optionalMarker('Record Header'),
  ignoreHeader: z.boolean().default(false),
  fileHasHeaderRow: z.boolean().default(true),
  description: z
    .string()
    .max(IMPORT_SCHEMA_DESCRIPTION_MAX_LENGTH, IMPORT_SCHEMA_MESSAGES.descriptionTooLong)
    .nullable()
    .default(null),
  processStatus: z
    .union([z.literal(0), z.literal(1), z.literal(9)], {
      error: 'Status must be 0 (Inactive), 1 (Active) or 9 (Disabled)',
    })
    .default(1),
  /** The data mapper's template (issue 16); null until one is mapped. */
  dmTemplateId: int4IdValue('dmTemplateId').nullable().default(null),
  fieldDefinitionMode: z.enum(FIELD_DEFINITION_MODES).nullable().default(null),
  /** Spec 3 §5: the table's rules apply to data-mapper schemas of every type but EDI-834. */
  fieldDefinitions: fieldDefinitionsSchema.default([]),
  ...advancedFlags,
});

type BaseInput = z.output<typeof importSchemaBaseInput>;

/** Spec 3 §5's cross-field rules, each reported at its field. */
export function importSchemaCrossFieldIssues(
  s: Pick<
    BaseInput,
    'mediaType' | 'fileDelimiter' | 'customDelimiter' | 'edi834Filename' | 'footer' | 'recordHeader'
  >,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (s.mediaType === 'csv' && !s.fileDelimiter)
    issues.push({ path: 'fileDelimiter', message: IMPORT_SCHEMA_MESSAGES.delimiterRequired });
  if (s.mediaType === 'csv' && s.fileDelimiter === 'other' && !s.customDelimiter)
    issues.push({
      path: 'customDelimiter',
      message: IMPORT_SCHEMA_MESSAGES.customDelimiterRequired,
    });
  if (s.mediaType === 'edi' && !s.edi834Filename)
    issues.push({ path: 'edi834Filename', message: IMPORT_SCHEMA_MESSAGES.edi834FilenameRequired });
  if (s.footer && !s.recordHeader)
    issues.push({ path: 'recordHeader', message: IMPORT_SCHEMA_MESSAGES.recordHeaderRequired });
  return issues;
}

/** POST /eligibilityImportSchema and PUT /eligibilityImportSchema/{no}. */
export const importSchemaInput = importSchemaBaseInput.superRefine((s, ctx) => {
  for (const issue of importSchemaCrossFieldIssues(s))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  if (hasFieldDefinitions(s))
    addFieldDefinitionIssues(ctx, fieldLayoutOf(s.mediaType), s.fieldDefinitions);
});
export type ImportSchemaInput = z.output<typeof importSchemaInput>;
export type ImportSchemaFormValues = z.input<typeof importSchemaInput>;

/** One schema as the detail call answers it. */
export const importSchema = z.object({
  id: z.number().int(),
  /** The spec's list key (the same number as id). */
  eligibilityImportSchemaNo: z.number().int(),
  name: z.string(),
  importerType: z.number().int(),
  importerTypeDesc: z.string(),
  processStatus: z.number().int(),
  processStatusDesc: z.string(),
  mediaType: z.enum(IMPORT_MEDIA_TYPES),
  fileType: z.number().int(),
  fileTypeDesc: z.string(),
  fileDelimiter: z.enum(FILE_DELIMITER_VALUES).nullable(),
  customDelimiter: z.string().nullable(),
  edi834Filename: z.string().nullable(),
  header: z.string().nullable(),
  footer: z.string().nullable(),
  recordHeader: z.string().nullable(),
  ignoreHeader: z.boolean(),
  fileHasHeaderRow: z.boolean(),
  description: z.string().nullable(),
  dmTemplateId: z.number().int().nullable(),
  fieldDefinitionMode: z.enum(FIELD_DEFINITION_MODES).nullable(),
  fieldDefinitions: z.array(importSchemaFieldRow),
  ...(Object.fromEntries(ADVANCED_OPTION_KEYS.map((k) => [k, z.boolean()])) as {
    [K in AdvancedOptionKey]: z.ZodBoolean;
  }),
  /** How many import configurations use the schema. */
  schemaUsed: z.number().int().nonnegative(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  created: z.string().describe('ISO 8601 instant'),
  updatedBy: z.number().int().nullable(),
  updatedByName: z.string().nullable(),
  updated: z.string().describe('ISO 8601 instant'),
  /** Whether the caller may edit it (the edit-icon rule, answered so the screens need not guess). */
  canEdit: z.boolean(),
});
export type ImportSchema = z.infer<typeof importSchema>;

/** One row of the Imports list. */
export const importSchemaSummary = importSchema.pick({
  id: true,
  eligibilityImportSchemaNo: true,
  name: true,
  importerType: true,
  importerTypeDesc: true,
  processStatus: true,
  processStatusDesc: true,
  mediaType: true,
  fileType: true,
  fileTypeDesc: true,
  schemaUsed: true,
  createdBy: true,
  createdByName: true,
  dmTemplateId: true,
  updated: true,
  canEdit: true,
});
export type ImportSchemaSummary = z.infer<typeof importSchemaSummary>;
export const importSchemaPage = pageSchema(importSchemaSummary);
export type ImportSchemaPage = z.infer<typeof importSchemaPage>;

export const IMPORT_SCHEMA_SCOPES = ['my', 'all'] as const;
export type ImportSchemaScope = (typeof IMPORT_SCHEMA_SCOPES)[number];
export const IMPORT_SCHEMA_SORT_FIELDS = [
  'name',
  'importerType',
  'processStatus',
  'updated',
  'id',
] as const;

function codeFilter<const C extends readonly [number, ...number[]]>(label: string, codes: C) {
  return z.coerce
    .number({ error: `${label} must be a number` })
    .refine((n) => (codes as readonly number[]).includes(n), {
      error: `${label} must be one of ${codes.join(', ')}`,
    })
    .optional();
}

/** GET /eligibility-import-schemas (spec 3 §7): name, importerType, orgID, processStatus, scope. */
export const importSchemaListQuery = pagingQuery(IMPORT_SCHEMA_SORT_FIELDS).extend({
  name: z
    .string()
    .max(IMPORT_SCHEMA_NAME_MAX_LENGTH, IMPORT_SCHEMA_MESSAGES.nameTooLong)
    .optional()
    .describe('Names containing this text (case-insensitive)'),
  importerType: codeFilter('importerType', IMPORTER_TYPE_CODES),
  orgID: int4Id('orgID')
    .optional()
    .describe('Schemas an import configuration of this organization uses'),
  processStatus: codeFilter('processStatus', IMPORT_PROCESS_STATUS_CODES),
  scope: z
    .enum(IMPORT_SCHEMA_SCOPES, { error: 'scope must be my or all' })
    .default('my')
    .describe('my: the schemas I created; all: every schema'),
});
export type ImportSchemaListQuery = z.infer<typeof importSchemaListQuery>;

export const importSchemaIdParams = z.object({ id: int4Id('id') });
export const importSchemaNoParams = z.object({ no: int4Id('no') });
/** POST /{no}/clone: the copy's name (the wizard clears it; the user types a new one). */
export const importSchemaCloneInput = z.object({ name: importSchemaName });

// ---- Import configurations (spec 3 §3 "Config detail") ----

export const IMPORT_CONFIG_STATUSES = IMPORT_PROCESS_STATUSES;
/** One import configuration: the link between an organization and the schema its files use. */
export const importConfiguration = z.object({
  eicNo: z.number().int(),
  eicName: z.string(),
  eicStatus: z.number().int(),
  eicStatusDescription: z.string(),
  organizationNo: z.number().int(),
  orgName: z.string(),
  orgStatusDescription: z.string(),
  eligibilityImportSchemaNo: z.number().int(),
  schemaName: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type ImportConfiguration = z.infer<typeof importConfiguration>;
export const importConfigurationPage = pageSchema(importConfiguration);
export type ImportConfigurationPage = z.infer<typeof importConfigurationPage>;

/** Sorted by its own columns; organization names belong to the organizations module. */
export const IMPORT_CONFIG_SORT_FIELDS = ['eicName', 'eicStatus', 'schemaName'] as const;
export const importConfigurationsQuery = pagingQuery(IMPORT_CONFIG_SORT_FIELDS);
export const importConfigurationListQuery = pagingQuery(IMPORT_CONFIG_SORT_FIELDS).extend({
  orgId: int4Id('orgId').optional(),
  schemaNo: int4Id('schemaNo').optional(),
});
export type ImportConfigurationListQuery = z.infer<typeof importConfigurationListQuery>;

export const importConfigurationInput = z.object({
  eicName: z
    .string({ error: IMPORT_SCHEMA_MESSAGES.configNameRequired })
    .trim()
    .min(1, { error: IMPORT_SCHEMA_MESSAGES.configNameRequired, abort: true })
    .max(IMPORT_CONFIG_NAME_MAX_LENGTH, IMPORT_SCHEMA_MESSAGES.configNameTooLong),
  eicStatus: z
    .union([z.literal(0), z.literal(1), z.literal(9)], {
      error: 'Status must be 0 (Inactive), 1 (Active) or 9 (Disabled)',
    })
    .default(1),
  organizationNo: int4IdValue('organizationNo'),
  eligibilityImportSchemaNo: int4IdValue('eligibilityImportSchemaNo'),
});
export type ImportConfigurationInput = z.output<typeof importConfigurationInput>;
export type ImportConfigurationFormValues = z.input<typeof importConfigurationInput>;
export const importConfigurationIdParams = z.object({ eicNo: int4Id('eicNo') });

// ---- Comments and files (spec 3 §3 "Schema comment and file") ----

export const importSchemaComment = z.object({
  commentNo: z.number().int(),
  comment: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  created: z.string(),
});
export type ImportSchemaComment = z.infer<typeof importSchemaComment>;
export const importSchemaCommentPage = pageSchema(importSchemaComment);
export const importSchemaCommentsQuery = pagingQuery(['created'] as const);
export const importSchemaCommentInput = z.object({
  comment: z
    .string({ error: IMPORT_SCHEMA_MESSAGES.commentRequired })
    .trim()
    .min(1, { error: IMPORT_SCHEMA_MESSAGES.commentRequired, abort: true })
    .max(IMPORT_SCHEMA_COMMENT_MAX_LENGTH, IMPORT_SCHEMA_MESSAGES.commentTooLong),
});
export type ImportSchemaCommentInput = z.output<typeof importSchemaCommentInput>;

export const importSchemaFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  sizeBytes: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  created: z.string(),
});
export type ImportSchemaFile = z.infer<typeof importSchemaFile>;
export const importSchemaFilePage = pageSchema(importSchemaFile);
export const importSchemaFilesQuery = pagingQuery(['created', 'filename'] as const);
export const importSchemaFileParams = z.object({ id: int4Id('id') });

// ---- History (a row for every change) ----

export const importSchemaHistoryEntry = z.object({
  id: z.number().int(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedBy: z.number().int().nullable(),
  changedByName: z.string().nullable(),
  changed: z.string(),
});
export type ImportSchemaHistoryEntry = z.infer<typeof importSchemaHistoryEntry>;
export const importSchemaHistoryPage = pageSchema(importSchemaHistoryEntry);
export const importSchemaHistoryQuery = pagingQuery(['changed'] as const);

// ---- EDI layouts ----

export const edi834Layout = z.object({ filename: z.string(), label: z.string() });
export const edi834LayoutList = z.object({ data: z.array(edi834Layout) });

/**
 * The "EDI spec fields" (spec 3 §7): the elements of an 834 member loop (2000/2100A/2300) an
 * eligibility import reads, by segment and position, named as the mapping step shows them. The
 * same in 4010 and 5010 for these elements. Facts of the X12 guide, not a copy of a map.
 */
export const EDI_834_FIELDS = [
  {
    name: 'subscriberIndicator',
    segment: 'INS',
    element: 1,
    description: 'Y for the subscriber, N for a dependent',
  },
  {
    name: 'relationshipCode',
    segment: 'INS',
    element: 2,
    description: '18 self, 01 spouse, 19 child',
  },
  {
    name: 'maintenanceTypeCode',
    segment: 'INS',
    element: 3,
    description: '021 add, 001 change, 024 cancel or term, 030 audit',
  },
  {
    name: 'benefitStatusCode',
    segment: 'INS',
    element: 5,
    description: 'A active, C COBRA, S surviving insured, T TEFRA',
  },
  {
    name: 'employmentStatusCode',
    segment: 'INS',
    element: 8,
    description: 'FT, PT, RT retired, TE terminated',
  },
  {
    name: 'studentStatusCode',
    segment: 'INS',
    element: 9,
    description: 'F full-time, P part-time, N not a student',
  },
  {
    name: 'handicapIndicator',
    segment: 'INS',
    element: 10,
    description: 'Y when the member is disabled',
  },
  {
    name: 'employeeSSN',
    segment: 'REF*0F',
    element: 2,
    description: "The subscriber's identifier (SSN)",
  },
  { name: 'benefitGroupId', segment: 'REF*1L', element: 2, description: 'Group or policy number' },
  {
    name: 'memberEffectiveDate',
    segment: 'DTP*356',
    element: 3,
    description: 'Eligibility begin (CCYYMMDD)',
  },
  {
    name: 'memberTermDate',
    segment: 'DTP*357',
    element: 3,
    description: 'Eligibility end (CCYYMMDD)',
  },
  { name: 'lastName', segment: 'NM1*IL', element: 3, description: "The member's last name" },
  { name: 'firstName', segment: 'NM1*IL', element: 4, description: "The member's first name" },
  {
    name: 'middleName',
    segment: 'NM1*IL',
    element: 5,
    description: "The member's middle name or initial",
  },
  {
    name: 'memberSSN',
    segment: 'NM1*IL',
    element: 9,
    description: "The member's SSN (qualifier 34)",
  },
  { name: 'phone', segment: 'PER*IP', element: 4, description: 'Communication number' },
  { name: 'address1', segment: 'N3', element: 1, description: 'Address line 1' },
  { name: 'address2', segment: 'N3', element: 2, description: 'Address line 2' },
  { name: 'city', segment: 'N4', element: 1, description: 'City' },
  { name: 'state', segment: 'N4', element: 2, description: 'State code' },
  { name: 'zip', segment: 'N4', element: 3, description: 'Postal code' },
  { name: 'dateOfBirth', segment: 'DMG', element: 2, description: 'Birth date (CCYYMMDD)' },
  { name: 'gender', segment: 'DMG', element: 3, description: 'F, M or U' },
  { name: 'coverageLevelCode', segment: 'HD', element: 5, description: 'EMP, ESP, ECH, FAM …' },
  {
    name: 'groupEffectiveDate',
    segment: 'DTP*348',
    element: 3,
    description: 'Benefit begin (CCYYMMDD)',
  },
] as const;
export const edi834Field = z.object({
  name: z.string(),
  segment: z.string(),
  element: z.number().int(),
  description: z.string(),
});
export const edi834FieldList = z.object({ data: z.array(edi834Field) });
export const edi834FilenameParams = z.object({
  filename: z.enum(EDI_834_FILENAMES, { error: IMPORT_SCHEMA_MESSAGES.edi834FilenameRequired }),
});

// ---- Sample files (spec 3 §7 "Data mapping service": /files, /schemas/files/{id}) ----

export const sampleFileUploadResult = z.object({
  fileStorageId: z.string(),
  filename: z.string(),
  sizeBytes: z.number().int(),
});
export type SampleFileUploadResult = z.infer<typeof sampleFileUploadResult>;
export const sampleFileParams = z.object({
  fileStorageId: z.string().uuid({ error: 'fileStorageId must be a UUID' }),
});
export const sampleFileFieldsInput = z.object({
  fileType: z.enum(IMPORT_MEDIA_TYPES, { error: IMPORT_SCHEMA_MESSAGES.fileTypeRequired }),
  delimiter: z.enum(FILE_DELIMITER_VALUES).nullable().default(null),
  customDelimiter: z
    .string()
    .max(1, IMPORT_SCHEMA_MESSAGES.customDelimiterTooLong)
    .nullable()
    .default(null),
  /** Whether the first row holds the column names (delimited files and spreadsheets). */
  fileHasHeaderRow: z.boolean().default(true),
  /**
   * Fixed length: the schema's Header Value and Trailer Value. Lines starting with either are
   * the file's header and trailer records, not data, and are left out of the boundaries.
   */
  header: optionalMarker('Header Value'),
  footer: optionalMarker('Trailer Value'),
});
export type SampleFileFieldsInput = z.output<typeof sampleFileFieldsInput>;
/** One proposed field: name, 1-based start and stop (fixed length), length; locIndex its place. */
export const sampleFileField = z.object({
  name: z.string(),
  locIndex: z.number().int(),
  startLoc: z.number().int().nullable(),
  stopLoc: z.number().int().nullable(),
  locLength: z.number().int().nullable(),
});
export type SampleFileField = z.infer<typeof sampleFileField>;
export const sampleFileFields = z.object({
  fields: z.array(sampleFileField),
  /** How many data rows (after any header) were read to propose the fields. */
  rowsRead: z.number().int(),
});
export type SampleFileFields = z.infer<typeof sampleFileFields>;
