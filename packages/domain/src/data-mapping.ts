import { z } from 'zod';
import { REQUIRED_IMPORT_FIELDS, sampleFileField } from './import-schemas.ts';
import {
  concatenation,
  multiFieldTransform,
  TRANSFORMATION_NAME_MAX_LENGTH,
  TRANSFORMATION_MESSAGES,
} from './transformations.ts';
import { int4Id } from './validation.ts';
import { pageSchema, pagingQuery } from './paging.ts';

/*
 * Data mapper schemas and templates (spec 3 §1 "Data mapper", §3 "Mapping template", "Config
 * field", "Mapping config", §5 "Mapping template", §8; issue 16; decision 0120).
 *
 * A write schema is the standard shape a file is mapped to (eligibility, claims); a template maps
 * each write field (target) from a source column, a concatenation or a multi-field transform, with
 * an optional transformation by name. The same template rules answer the mapping step's Next and
 * the server's save, so they cannot disagree.
 */

export const TEMPLATE_NAME_MAX_LENGTH = 100;
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 500;
export const SCHEMA_FIELD_MAX_LENGTH = 200;
export const TEMPLATE_MAX_MAPPINGS = 500;

export const DATA_MAPPING_MESSAGES = {
  allRequiredMapped: 'All required fields must be mapped',
  fieldRequired: 'This field is required',
  templateNameRequired: 'Template name is required',
  templateNameFormat: 'Use letters, digits 1-9 and underscore only',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  sourceTwice: 'Map a target field once',
  unknownTarget: (name: string) => `${name} is not a field of the write schema`,
  legacyNotMapped: 'A legacy import schema is not mapped by the data mapper',
  noFieldDefinitions: 'The import schema has no field definitions',
} as const;

// ---- Standard write schemas (seeded; decision 0120) ----

export interface WriteField {
  /** The column name in the mapped CSV. */
  name: string;
  required: boolean;
  /** Other spellings a source column may use; the template generator matches them. */
  aliases: readonly string[];
}

const field = (name: string, required: boolean, ...aliases: string[]): WriteField => ({
  name,
  required,
  aliases,
});

const REQUIRED_ELIGIBILITY_ALIASES: Record<(typeof REQUIRED_IMPORT_FIELDS)[number], string[]> = {
  benefitGroupId: ['groupId', 'group', 'groupNumber', 'benefitGroup'],
  groupEffectiveDate: ['groupEffDate', 'groupStartDate'],
  memberEffectiveDate: ['effectiveDate', 'effDate', 'memberEffDate', 'coverageStartDate'],
  employeeSSN: ['ssn', 'subscriberSSN', 'employeeSsn', 'socialSecurityNumber'],
  gender: ['sex', 'genderCode'],
  firstName: ['first', 'fname', 'givenName'],
  lastName: ['last', 'lname', 'surname', 'familyName'],
  dateOfBirth: ['dob', 'birthDate', 'birthdate'],
};

/** The standard eligibility write schema: the eight required import fields, then a member's rest. */
export const ELIGIBILITY_WRITE_FIELDS: readonly WriteField[] = [
  ...REQUIRED_IMPORT_FIELDS.map((name) => field(name, true, ...REQUIRED_ELIGIBILITY_ALIASES[name])),
  field('memberSSN', false, 'dependentSSN', 'patientSSN'),
  field('relationship', false, 'relationshipCode', 'relation', 'rel'),
  field('personCode', false),
  field('middleName', false, 'middle', 'middleInitial', 'mi'),
  field('addressLine1', false, 'address', 'address1', 'street'),
  field('addressLine2', false, 'address2'),
  field('city', false),
  field('state', false, 'st'),
  field('zip', false, 'zipCode', 'postalCode'),
  field('phone', false, 'phoneNumber', 'homePhone'),
  field('email', false, 'emailAddress'),
  field('memberTermDate', false, 'termDate', 'terminationDate', 'coverageEndDate'),
  field('division', false, 'divisionCode'),
  field('benefitPackage', false, 'plan', 'planCode', 'benefitPlan'),
  field('alternateId', false, 'altId', 'memberId', 'alternateMemberId'),
  field('coverageTier', false, 'tier', 'coverageLevel'),
];

/** The standard claims write schema (issue 19). */
export const CLAIMS_WRITE_FIELDS: readonly WriteField[] = [
  field('claimId', true, 'claimNumber', 'rxClaimId', 'claimNo'),
  field('memberId', true, 'member', 'patientId', 'cardholderId'),
  field('fillDate', true, 'dateFilled', 'serviceDate', 'dateOfService'),
  field('ndc', true, 'ndcCode', 'productId', 'ndc11'),
  field('drugName', false, 'drug', 'productName', 'drugDescription'),
  field('brandGenericIndicator', false, 'brandGeneric', 'multiSourceCode', 'bg'),
  field('quantity', true, 'qty', 'quantityDispensed', 'metricQuantity'),
  field('daysSupply', true, 'days', 'daySupply'),
  field('pharmacyNpi', false, 'npi', 'pharmacyId', 'serviceProviderId'),
  field('pharmacyType', false, 'channel', 'pharmacyChannel'),
  field('awpUnitCost', false, 'awpUnit', 'awpUnitPrice'),
  field('awpTotalCost', false, 'awp', 'awpTotal'),
  field('ingredientCost', false, 'ingredientCostPaid'),
  field('dispensingFee', false, 'dispenseFee', 'dispensingFeePaid'),
  field('memberPaid', false, 'copay', 'patientPay', 'patientPaid'),
  field('planPaid', false, 'planPay', 'amountPaid', 'totalPaid'),
  field('claimStatus', false, 'status', 'transactionStatus'),
];

export const STANDARD_WRITE_SCHEMAS = [
  { key: 'eligibility', name: 'Standard_Eligibility', fields: ELIGIBILITY_WRITE_FIELDS },
  { key: 'claims', name: 'Standard_Claims', fields: CLAIMS_WRITE_FIELDS },
] as const;

/** Field names compared without case, spaces, dashes or underscores: "Date of Birth" = dateOfBirth. */
export function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[\s_\-.]/g, '');
}

/** The source column a write field obviously reads (its name or an alias), or null. */
export function guessSource(target: WriteField, sourceColumns: readonly string[]): string | null {
  const wanted = new Set([target.name, ...target.aliases].map(fieldKey));
  return sourceColumns.find((c) => wanted.has(fieldKey(c))) ?? null;
}

// ---- Template name (spec 3 §5 "Mapping template") ----

/** While typing: letters, digits 1-9 and underscore only (the spec leaves out 0; decision 0120). */
export const TEMPLATE_NAME_TYPING = /^[A-Za-z1-9_]*$/;

/** What the name input keeps of a typed text: the characters the rule allows. */
export function filterTemplateNameInput(text: string): string {
  return text.replace(/[^A-Za-z1-9_]/g, '');
}

/** On save: trimmed, then the typing rule, required and bounded. */
export const templateNameSchema = z
  .string({ error: DATA_MAPPING_MESSAGES.templateNameRequired })
  .max(TEMPLATE_NAME_MAX_LENGTH * 4, {
    error: DATA_MAPPING_MESSAGES.tooLong('Template name', TEMPLATE_NAME_MAX_LENGTH),
    abort: true,
  })
  .trim()
  .min(1, { error: DATA_MAPPING_MESSAGES.templateNameRequired, abort: true })
  .max(TEMPLATE_NAME_MAX_LENGTH, {
    error: DATA_MAPPING_MESSAGES.tooLong('Template name', TEMPLATE_NAME_MAX_LENGTH),
    abort: true,
  })
  .regex(TEMPLATE_NAME_TYPING, DATA_MAPPING_MESSAGES.templateNameFormat);

// ---- Template shape ----

const fieldName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(SCHEMA_FIELD_MAX_LENGTH, DATA_MAPPING_MESSAGES.tooLong(label, SCHEMA_FIELD_MAX_LENGTH));

const transformationName = z
  .string()
  .max(TRANSFORMATION_NAME_MAX_LENGTH, TRANSFORMATION_MESSAGES.tooLong('Transformation', 100))
  .regex(/^[A-Za-z0-9_]+$/, TRANSFORMATION_MESSAGES.nameFormat)
  .nullish();

/**
 * One target (write field) and where its value comes from: a source column (`source`), a
 * concatenation (ccargs), or a multi-field transform (ctargs); at most one. `transformation` runs
 * on the value last (after the concatenation or the combination). None: the column is blank.
 */
export const templateMapping = z
  .object({
    target: fieldName('Target field'),
    source: fieldName('Source field').nullish(),
    transformation: transformationName,
    concatenation: concatenation.nullish(),
    multiField: multiFieldTransform.nullish(),
  })
  .refine((m) => [m.source, m.concatenation, m.multiField].filter((x) => x != null).length <= 1, {
    error: 'Choose one of a source field, a concatenation or a multi-field transform',
  });
export type TemplateMapping = z.infer<typeof templateMapping>;

export function isMapped(m: Pick<TemplateMapping, 'source' | 'concatenation' | 'multiField'>) {
  return m.source != null || m.concatenation != null || m.multiField != null;
}

/** The targets the rule 'This field is required' marks: required write fields without a source. */
export function unmappedRequired(
  writeFields: readonly Pick<WriteField, 'name' | 'required'>[],
  mappings: readonly Pick<TemplateMapping, 'target' | 'source' | 'concatenation' | 'multiField'>[],
): string[] {
  const mapped = new Set(mappings.filter(isMapped).map((m) => m.target));
  return writeFields.filter((f) => f.required && !mapped.has(f.name)).map((f) => f.name);
}

export const templateInput = z.object({
  name: templateNameSchema,
  description: z
    .string()
    .max(
      TEMPLATE_DESCRIPTION_MAX_LENGTH,
      DATA_MAPPING_MESSAGES.tooLong('Description', TEMPLATE_DESCRIPTION_MAX_LENGTH),
    )
    .default(''),
  readSchemaId: int4Id('readSchemaId'),
  writeSchemaId: int4Id('writeSchemaId'),
  /** The sample file Percent Populated is computed from. */
  fileStorageId: z.uuid({ error: 'fileStorageId must be a UUID' }).nullish(),
  mappings: z
    .array(templateMapping)
    .max(TEMPLATE_MAX_MAPPINGS)
    .refine((ms) => new Set(ms.map((m) => m.target)).size === ms.length, {
      error: DATA_MAPPING_MESSAGES.sourceTwice,
    }),
});
export type TemplateInput = z.infer<typeof templateInput>;
export const templateUpdate = templateInput.extend({ id: int4Id('id') });
export type TemplateUpdate = z.infer<typeof templateUpdate>;

/**
 * The save rule against the write schema: every target is one of its fields, and every required
 * field is mapped. Answers the problems by path ('mappings' for the summary message).
 */
export function checkTemplate(
  writeFields: readonly Pick<WriteField, 'name' | 'required'>[],
  mappings: readonly TemplateMapping[],
): { path: string; message: string }[] {
  const known = new Set(writeFields.map((f) => f.name));
  const problems: { path: string; message: string }[] = [];
  mappings.forEach((m, i) => {
    if (!known.has(m.target))
      problems.push({
        path: `mappings.${i}.target`,
        message: DATA_MAPPING_MESSAGES.unknownTarget(m.target),
      });
  });
  if (unmappedRequired(writeFields, mappings).length > 0)
    problems.push({ path: 'mappings', message: DATA_MAPPING_MESSAGES.allRequiredMapped });
  return problems;
}

/** The transformation names a template uses (any place): these lock in the library. */
export function transformationsOf(mappings: readonly TemplateMapping[]): Set<string> {
  const names = new Set<string>();
  for (const m of mappings) {
    if (m.transformation) names.add(m.transformation);
    for (const c of m.concatenation ?? []) if (c.transformation) names.add(c.transformation);
    if (m.multiField) {
      names.add(m.multiField.transformation);
      for (const v of m.multiField.variables) if (v.transformation) names.add(v.transformation);
    }
  }
  return names;
}

export const templateIdParams = z.object({ id: int4Id('id') });

// ---- The service's shapes (spec 3 §7 "Data mapping service") ----

export const SCHEMA_TYPES = ['read', 'write'] as const;
export const SCHEMA_MEDIA_TYPES = ['csv', 'fixed', 'excel', 'edi'] as const;
export const SCHEMA_MAX_FIELDS = 500;

export const schemaField = z.object({
  name: fieldName('Field name'),
  required: z.boolean().default(false),
  /** Fixed length: 1-based first character and width. */
  startLoc: z.number().int().min(1).max(100_000).nullish(),
  locLength: z.number().int().min(1).max(100_000).nullish(),
});
export type SchemaField = z.infer<typeof schemaField>;

/** POST /schemas: a read schema (the layout a source file has). */
export const schemaInput = z.object({
  name: templateNameSchema,
  mediaType: z.enum(SCHEMA_MEDIA_TYPES, {
    error: `mediaType must be one of ${SCHEMA_MEDIA_TYPES.join(', ')}`,
  }),
  /** The delimiter character (csv); a tab is '\t'. */
  delimiter: z.string().min(1).max(1, 'The delimiter is one character').nullish(),
  fileHasHeaderRow: z.boolean().default(true),
  header: z.string().max(100).nullish(),
  footer: z.string().max(100).nullish(),
  fields: z
    .array(schemaField)
    .min(1, 'A schema has at least one field')
    .max(SCHEMA_MAX_FIELDS)
    .refine((fs) => new Set(fs.map((f) => f.name)).size === fs.length, {
      error: 'Field names must be unique',
    }),
});
export type SchemaInput = z.infer<typeof schemaInput>;

export const dmSchema = schemaInput.extend({
  id: z.number().int(),
  schemaType: z.enum(SCHEMA_TYPES),
  name: z.string(),
  // An answer, not an input: the 834 read schema names more fields than a user may define
  // (SCHEMA_MAX_FIELDS), and GET /schemas/{id} of it answered 500.
  fields: z.array(schemaField),
});
export type DmSchema = z.infer<typeof dmSchema>;

/** The standard write schemas' keys (the seed writes one row of each; decision 0133). */
export const STANDARD_WRITE_SCHEMA_KEYS = ['eligibility', 'claims'] as const;
export type StandardWriteSchemaKey = (typeof STANDARD_WRITE_SCHEMA_KEYS)[number];
/**
 * GET /schemas/write: each standard write schema with its id, so a screen can generate a
 * template onto it (POST /templates/schemas/{readId}/{writeId}) without knowing ids.
 */
export const standardWriteSchema = dmSchema.extend({ key: z.enum(STANDARD_WRITE_SCHEMA_KEYS) });
export type StandardWriteSchema = z.infer<typeof standardWriteSchema>;
export const standardWriteSchemas = z.array(standardWriteSchema);
export const schemaIdParams = z.object({ id: int4Id('id') });

/**
 * POST /schemas/definition/{id} (spec 3 §7): a read schema made from an eligibility import
 * schema's saved file and field definitions (id: the import schema's number). The body may name
 * the read schema; the answer is the schema (its id for the template generator) and the spec's
 * field list (name, startLoc, stopLoc, locLength). Decision 0133.
 */
export const definitionSchemaParams = z.object({ id: int4Id('id') });
export const definitionSchemaBody = z
  .object({ name: templateNameSchema.optional() })
  .default({ name: undefined });
export const definitionSchemaAnswer = z.object({
  schema: dmSchema,
  fields: z.array(sampleFileField),
});
export type DefinitionSchemaAnswer = z.infer<typeof definitionSchemaAnswer>;
export const generateTemplateParams = z.object({
  readId: int4Id('readId'),
  writeId: int4Id('writeId'),
});
export const generateTemplateBody = z
  .object({ fileStorageId: z.uuid({ error: 'fileStorageId must be a UUID' }).nullish() })
  .default({});

/** One row of the mapping table: the target, whether it is required, its share populated. */
export const templateColumn = z.object({
  target: z.string(),
  required: z.boolean(),
  /** Percent of the sample file's rows whose source value is not blank; null without a file. */
  sourceColumnPercentPopulated: z.number().nullable(),
});

export const template = templateInput.extend({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  fileStorageId: z.string().nullable(),
  columns: z.array(templateColumn),
  created_at: z.string().describe('ISO 8601 instant'),
});
export type Template = z.infer<typeof template>;
/** A generated template is not saved yet: no id. */
export const generatedTemplate = template.omit({ id: true, created_at: true });
export type GeneratedTemplate = z.infer<typeof generatedTemplate>;
export const templateSummary = z.object({ id: z.number().int(), name: z.string() });
export const templateSummaries = z.array(templateSummary);

// ---- Jobs ----

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobInput = z.object({
  templateId: int4Id('templateId'),
  /** The source file (a stored sample file of the caller's). */
  fileStorageId: z.uuid({ error: 'fileStorageId must be a UUID' }),
});
export type JobInput = z.infer<typeof jobInput>;

export const rowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });

export const mappingJob = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  templatename: z.string(),
  status: z.enum(JOB_STATUSES),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsDropped: z.number().int(),
  /** Share of the source's bytes read, 0 to 100. */
  percent: z.number(),
  errorCount: z.number().int(),
  /** The first row errors (row number, field, message); errorCount counts them all. */
  errors: z.array(rowError),
  /** Why the job stopped, when it failed as a whole. */
  failure: z.string().nullable(),
});
export type MappingJob = z.infer<typeof mappingJob>;

/** GET /jobs/completed/{id}: the finished job's output. */
export const completedJob = z.object({
  id: z.number().int(),
  templatename: z.string(),
  filestorageid: z.string(),
  fieldsCreated: z.array(z.string()),
  rowsWritten: z.number().int(),
  rowsDropped: z.number().int(),
  completed_at: z.string().describe('ISO 8601 instant'),
});
export type CompletedJob = z.infer<typeof completedJob>;
export const jobIdParams = z.object({ id: int4Id('id') });

/** GET /templates/{id}/jobs: a template's mapping jobs, newest first (the mapping step's list). */
export const TEMPLATE_JOB_SORT_FIELDS = ['started'] as const;
export const templateJobsQuery = pagingQuery(TEMPLATE_JOB_SORT_FIELDS);
export type TemplateJobsQuery = z.input<typeof templateJobsQuery>;
export const templateJob = mappingJob
  .omit({ errors: true, templateId: true, templatename: true })
  .extend({
    started_at: z.string().describe('ISO 8601 instant the job was queued'),
    completed_at: z.string().nullable().describe('ISO 8601 instant, once completed'),
  });
export type TemplateJob = z.infer<typeof templateJob>;
export const templateJobs = pageSchema(templateJob);
export type TemplateJobs = z.infer<typeof templateJobs>;
