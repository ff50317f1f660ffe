import { z } from 'zod';
import { isoDate } from './dates.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSchema, pagingQuery } from './paging.ts';
import { AGADIA, PBM_NAMES } from './pharmacy-claims.ts';
import { int4Id, int4IdValue } from './validation.ts';

/*
 * Protect CDS clinical configuration (spec 2 §2 "Clinical configuration", §3 "Clinical", §4
 * "Unlock, cards, conditions" and "Intervention list wizard", §5 "Clinical", §7 "Protect service",
 * §8 "Clinical", §9): health conditions and their drugs, intervention drug lists with their
 * target and alternative drugs, PBMs and condition settings, interventions, and the history of
 * every change. Field names are the spec's (snake_case). Decision 0107.
 */

// ---- Limits (spec 2 §9) ----

/** The longest condition, list or intervention name (decision 0107). */
export const CLINICAL_NAME_MAX_LENGTH = 100;
/** A drug code is the drug reference's 10-digit class code (the drug search's gpi_10). */
export const DRUG_CODE_LENGTH = 10;
/** `limit=0` asks for every row (dropdowns, spec 2 §9); the answer stops at this many. */
export const CLINICAL_ALL_LIMIT = 5000;
/** Most drug codes one call adds (target drugs) or sets (alternative drugs). */
export const CLINICAL_MAX_DRUGS_PER_CALL = 100;
/** Most condition settings one list holds. */
export const CLINICAL_MAX_CONDITION_SETTINGS = 200;
/** Spec 2 §9: the drug search in the clinical screens. */
export const CLINICAL_DRUG_SEARCH_DEBOUNCE_MS = 2000;
export const CLINICAL_DRUG_SEARCH_LIMIT = 10;

/** Spec 2 §9: Intervention list status Active or Inactive. */
export const INTERVENTION_LIST_STATUSES = ['Active', 'Inactive'] as const;
export type InterventionListStatus = (typeof INTERVENTION_LIST_STATUSES)[number];
export function interventionListStatus(isActive: boolean): InterventionListStatus {
  return isActive ? 'Active' : 'Inactive';
}

/** The PBMs a list may apply to: the product's PBMs in the spec's preferred order, then Agadia. */
export const INTERVENTION_LIST_PBMS = [...PBM_NAMES, AGADIA] as const;
export type InterventionListPbm = (typeof INTERVENTION_LIST_PBMS)[number];

/** Kinds of intervention case (the list's table counts the active ones of each). */
export const INTERVENTION_CASE_KINDS = ['prospective', 'retrospective'] as const;
export type InterventionCaseKind = (typeof INTERVENTION_CASE_KINDS)[number];
export const INTERVENTION_CASE_STATUSES = ['active', 'resolved', 'dismissed'] as const;
export type InterventionCaseStatus = (typeof INTERVENTION_CASE_STATUSES)[number];

// ---- Messages (spec 2 §5 "Clinical", §8 "Clinical", §2) ----

export const CLINICAL_MESSAGES = {
  missingRequiredField: 'Missing required field',
  nameTooLong: `Name must not exceed ${CLINICAL_NAME_MAX_LENGTH} characters`,
  conditionNameTaken: 'A condition with this name already exists',
  listNameTaken: 'An intervention list with this name already exists',
  interventionNameTaken: 'An intervention with this name already exists',
  drugCodeFormat: `Drug code must be ${DRUG_CODE_LENGTH} digits`,
  drugCodeUnknown: (code: string) => `Drug code ${code} is not in the drug reference`,
  conditionDrugExists: (code: string) => `Drug ${code} is already assigned to this condition`,
  targetDrugExists: (code: string) => `Drug ${code} is already a target drug of this list`,
  drugListedTwice: (code: string) => `Drug ${code} is listed more than once`,
  alternativeIsTarget: (code: string) =>
    `Drug ${code} is the target drug; it cannot be its own alternative`,
  conditionListedTwice: 'Each condition may be set once',
  pbmListedTwice: 'Each PBM may be listed once',
  notYetCreated: 'The intervention list did not exist on that date',
  confirmCancelTitle: 'Are you sure?',
  confirmCancelText:
    'You have unsaved changes by continuing, you will lose your work. Are you sure you want to continue?',
  confirmCancelOk: 'Yes, Continue',
  confirmCancelCancel: 'Cancel',
  noTargetDrugs: 'No Target Drugs have currently been assigned. Add Target Drugs to view list.',
  noAlternativeDrugs: 'No Alternative Drugs Associated',
} as const;

// ---- Names ----

/**
 * The key two names are compared by (spec 2 §5: "case- and whitespace-insensitive"): Unicode
 * compatibility form, surrounding whitespace dropped, every inner run of whitespace one space,
 * lower case. 'Diabetes  Type 2 ' and 'diabetes type 2' are the same name. The server stores it
 * beside the name under a unique index; the screens compare with it before saving.
 */
export function clinicalNameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}
export const conditionNameKey = clinicalNameKey;
export const listNameKey = clinicalNameKey;
export const interventionNameKey = clinicalNameKey;

/** A name as stored: trimmed, inner whitespace runs kept as typed but for their length. */
export function tidyClinicalName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ');
}

/**
 * Whether `name` is taken by another of `existing` (the one with `selfId` is the thing being
 * edited, so keeping one's own name is no duplicate). An empty name is never "taken".
 */
export function isNameTaken(
  name: string,
  existing: readonly { id: number; name: string }[],
  selfId?: number | null,
): boolean {
  const key = clinicalNameKey(name);
  if (key === '') return false;
  return existing.some((e) => e.id !== selfId && clinicalNameKey(e.name) === key);
}

/** A required name: trimmed, 'Missing required field' when empty or whitespace. */
export function clinicalNameSchema() {
  return z
    .string({ error: CLINICAL_MESSAGES.missingRequiredField })
    .max(CLINICAL_NAME_MAX_LENGTH * 4, { error: CLINICAL_MESSAGES.nameTooLong, abort: true })
    .transform(tidyClinicalName)
    .pipe(
      z
        .string()
        .min(1, { error: CLINICAL_MESSAGES.missingRequiredField, abort: true })
        .max(CLINICAL_NAME_MAX_LENGTH, CLINICAL_MESSAGES.nameTooLong),
    );
}

/** A drug code: the reference's 10-digit class code (the drug search's gpi_10). */
export function drugCodeSchema(label = 'drug_code') {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{10}$/, CLINICAL_MESSAGES.drugCodeFormat);
}

// ---- Paging: limit 0 means every row ----

/**
 * The lists' paging (spec 2 §7 "Lists and paging"): limit, offset, sort as every list, and
 * `limit=0` for all rows (the dropdowns, spec 2 §9), at most CLINICAL_ALL_LIMIT. With no sort
 * the rows come by name ascending.
 */
export function clinicalPagingQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return pagingQuery(fields).extend({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(0, 'limit must not be negative')
      .max(MAX_PAGE_SIZE, `limit must not exceed ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
  });
}

const nameFilter = z
  .string()
  .max(CLINICAL_NAME_MAX_LENGTH, CLINICAL_MESSAGES.nameTooLong)
  .optional()
  .describe('Names containing this text (case-insensitive)');

// ---- Shared answer parts ----

/** Who made and last changed a record: ids, display names ('creator MM/DD/YYYY'), instants. */
const audited = {
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string().describe('ISO 8601 instant'),
  updated_by: z.number().int().nullable(),
  updated_by_name: z.string().nullable(),
  updated_at: z.string().describe('ISO 8601 instant'),
};

export const clinicalIdParams = z.object({ id: int4Id('id') });

// ---- Health conditions ----

export const healthCondition = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many drugs the condition has. */
  drug_count: z.number().int().nonnegative(),
  ...audited,
});
export type HealthCondition = z.infer<typeof healthCondition>;
export const healthConditionPage = pageSchema(healthCondition);
export type HealthConditionPage = z.infer<typeof healthConditionPage>;

export const HEALTH_CONDITION_SORT_FIELDS = [
  'id',
  'name',
  'drug_count',
  'created_at',
  'updated_at',
] as const;
export const healthConditionsQuery = clinicalPagingQuery(HEALTH_CONDITION_SORT_FIELDS).extend({
  name: nameFilter,
});
export type HealthConditionsQuery = z.infer<typeof healthConditionsQuery>;

/** POST /health-condition and PUT /health-condition/{id}. */
export const healthConditionInput = z.object({ name: clinicalNameSchema() });
export type HealthConditionInput = z.infer<typeof healthConditionInput>;

export const conditionDrug = z.object({
  id: z.number().int(),
  drug_code: z.string(),
  drug_name: z.string(),
  health_condition_id: z.number().int(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type ConditionDrug = z.infer<typeof conditionDrug>;
export const conditionDrugPage = pageSchema(conditionDrug);
export type ConditionDrugPage = z.infer<typeof conditionDrugPage>;

export const CONDITION_DRUG_SORT_FIELDS = ['drug_code', 'drug_name', 'created_at'] as const;
export const conditionDrugsQuery = clinicalPagingQuery(CONDITION_DRUG_SORT_FIELDS).extend({
  health_condition_id: int4Id('health_condition_id'),
});
export type ConditionDrugsQuery = z.infer<typeof conditionDrugsQuery>;

export const conditionDrugInput = z.object({
  health_condition_id: int4IdValue('health_condition_id'),
  drug_code: drugCodeSchema(),
});
export type ConditionDrugInput = z.infer<typeof conditionDrugInput>;

/** DELETE /drug-conditions?id= (the condition drug's id; a DELETE carries no body). */
export const conditionDrugDeleteQuery = z.object({ id: int4Id('id') });

// ---- Interventions ----

export const intervention = z.object({ id: z.number().int(), name: z.string(), ...audited });
export type Intervention = z.infer<typeof intervention>;
export const interventionPage = pageSchema(intervention);
export type InterventionPage = z.infer<typeof interventionPage>;
export const INTERVENTION_SORT_FIELDS = ['id', 'name', 'created_at', 'updated_at'] as const;
export const interventionsQuery = clinicalPagingQuery(INTERVENTION_SORT_FIELDS).extend({
  name: nameFilter,
});
export type InterventionsQuery = z.infer<typeof interventionsQuery>;
export const interventionInput = z.object({ name: clinicalNameSchema() });
export type InterventionInput = z.infer<typeof interventionInput>;

// ---- Intervention drug lists ----

export const interventionList = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  /** Active prospective cases of the list (counted). */
  prospective_cases: z.number().int().nonnegative(),
  /** Active retrospective cases of the list (counted). */
  retrospective_cases: z.number().int().nonnegative(),
  ...audited,
});
export type InterventionList = z.infer<typeof interventionList>;
export const interventionListPage = pageSchema(interventionList);
export type InterventionListPage = z.infer<typeof interventionListPage>;

export const INTERVENTION_LIST_SORT_FIELDS = [
  'id',
  'name',
  'prospective_cases',
  'retrospective_cases',
  'is_active',
  'created_at',
  'updated_at',
] as const;
export const interventionListsQuery = clinicalPagingQuery(INTERVENTION_LIST_SORT_FIELDS).extend({
  name: nameFilter,
  is_active: z
    .enum(['true', 'false'], { error: 'is_active must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type InterventionListsQuery = z.infer<typeof interventionListsQuery>;

/**
 * POST /intervention-lists (spec 2 §3 "List create payload: name, plus id when editing"): without
 * id it creates, with id it renames (and sets is_active when given). A new list is active unless
 * is_active is false.
 */
export const interventionListInput = z.object({
  id: int4IdValue('id').optional(),
  name: clinicalNameSchema(),
  is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
});
export type InterventionListInput = z.infer<typeof interventionListInput>;

export const alternativeDrug = z.object({
  id: z.number().int(),
  drug_code: z.string(),
  drug_name: z.string(),
});
export type AlternativeDrug = z.infer<typeof alternativeDrug>;

export const targetDrug = z.object({
  id: z.number().int(),
  drug_code: z.string(),
  drug_name: z.string(),
  alternative_drugs: z.array(alternativeDrug),
});
export type TargetDrug = z.infer<typeof targetDrug>;
export const targetDrugPage = pageSchema(targetDrug);
export type TargetDrugPage = z.infer<typeof targetDrugPage>;
export const TARGET_DRUG_SORT_FIELDS = ['drug_code', 'drug_name', 'id'] as const;
export const targetDrugsQuery = clinicalPagingQuery(TARGET_DRUG_SORT_FIELDS);
export type TargetDrugsQuery = z.infer<typeof targetDrugsQuery>;

function drugCodeList(label: string) {
  return z
    .array(drugCodeSchema(), { error: `${label} must be a list of drug codes` })
    .max(CLINICAL_MAX_DRUGS_PER_CALL, `At most ${CLINICAL_MAX_DRUGS_PER_CALL} drug codes`)
    .superRefine((codes, ctx) => {
      const seen = new Set<string>();
      for (const [i, code] of codes.entries()) {
        if (seen.has(code))
          ctx.addIssue({
            code: 'custom',
            path: [i],
            message: CLINICAL_MESSAGES.drugListedTwice(code),
          });
        seen.add(code);
      }
    });
}

/** POST /intervention-list/{id}/target-drugs: one or more drug codes to add. */
export const targetDrugsInput = z.object({
  drug_codes: drugCodeList('drug_codes').refine((c) => c.length > 0, {
    error: CLINICAL_MESSAGES.missingRequiredField,
  }),
});
export type TargetDrugsInput = z.infer<typeof targetDrugsInput>;

export const targetDrugParams = z.object({
  id: int4Id('id'),
  drugId: int4Id('drugId'),
});

/** PUT /intervention-list/{id}/target-drug/{drugId}/alternative-drugs: the whole set. */
export const alternativeDrugsInput = z.object({ drug_codes: drugCodeList('drug_codes') });
export type AlternativeDrugsInput = z.infer<typeof alternativeDrugsInput>;

/** PUT /intervention-list/{id}/pbms: the whole set (none: the list applies to no PBM yet). */
export const listPbmsInput = z.object({
  pbms: z
    .array(
      z.enum(INTERVENTION_LIST_PBMS, {
        error: `pbms must each be one of ${INTERVENTION_LIST_PBMS.join(', ')}`,
      }),
      { error: 'pbms must be a list' },
    )
    .max(INTERVENTION_LIST_PBMS.length)
    .refine((p) => new Set(p).size === p.length, { error: CLINICAL_MESSAGES.pbmListedTwice }),
});
export type ListPbmsInput = z.infer<typeof listPbmsInput>;
export const listPbms = z.object({ pbms: z.array(z.string()) });
export type ListPbms = z.infer<typeof listPbms>;

/** Which condition triggers the list, with which intervention. */
export const conditionSetting = z.object({
  health_condition_id: z.number().int(),
  health_condition_name: z.string(),
  intervention_id: z.number().int(),
  intervention_name: z.string(),
});
export type ConditionSetting = z.infer<typeof conditionSetting>;
export const conditionSettings = z.object({ data: z.array(conditionSetting) });
export type ConditionSettings = z.infer<typeof conditionSettings>;

/** PUT /intervention-list/{id}/condition-settings: the whole set, each condition once. */
export const conditionSettingsInput = z.object({
  settings: z
    .array(
      z.object({
        health_condition_id: int4IdValue('health_condition_id'),
        intervention_id: int4IdValue('intervention_id'),
      }),
      { error: 'settings must be a list' },
    )
    .max(CLINICAL_MAX_CONDITION_SETTINGS, `At most ${CLINICAL_MAX_CONDITION_SETTINGS} settings`)
    .refine((s) => new Set(s.map((x) => x.health_condition_id)).size === s.length, {
      error: CLINICAL_MESSAGES.conditionListedTwice,
    }),
});
export type ConditionSettingsInput = z.infer<typeof conditionSettingsInput>;

/** One list with everything the wizard sets; `as_of` is set when rebuilt for a past date. */
export const interventionListDetail = interventionList.extend({
  target_drugs: z.array(targetDrug),
  pbms: z.array(z.string()),
  condition_settings: z.array(conditionSetting),
  as_of: z
    .string()
    .nullable()
    .describe('The date asked for (YYYY-MM-DD) when the list is shown as it stood then'),
});
export type InterventionListDetail = z.infer<typeof interventionListDetail>;

/** GET /intervention-list/{id}?asOf=YYYY-MM-DD: the list as it stood at the end of that day (UTC). */
export const interventionListGetQuery = z.object({ asOf: isoDate('asOf').optional() });

// ---- History ----

export const CLINICAL_CHANGES = [
  'created',
  'updated',
  'drug-added',
  'drug-removed',
  'target-drug-added',
  'target-drug-removed',
  'alternative-drug-added',
  'alternative-drug-removed',
  'pbm-added',
  'pbm-removed',
  'condition-setting-added',
  'condition-setting-changed',
  'condition-setting-removed',
] as const;
export type ClinicalChange = (typeof CLINICAL_CHANGES)[number];

/** One change: who, when, what (field, old → new; or the item added or removed). */
export const clinicalHistoryEntry = z.object({
  id: z.number().int(),
  changed_at: z.string(),
  changed_by: z.number().int().nullable(),
  changed_by_name: z.string().nullable(),
  change: z.enum(CLINICAL_CHANGES),
  /** The field changed ('name', 'is_active'), or the thing added/removed ('drug', 'pbm'). */
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
});
export type ClinicalHistoryEntry = z.infer<typeof clinicalHistoryEntry>;
export const clinicalHistoryPage = pageSchema(clinicalHistoryEntry);
export type ClinicalHistoryPage = z.infer<typeof clinicalHistoryPage>;
/** History pages: newest first, limit/offset as every list. */
export const clinicalHistoryQuery = pagingQuery(['changed_at'] as const);
export type ClinicalHistoryQuery = z.infer<typeof clinicalHistoryQuery>;

const CHANGE_WORDS: Record<ClinicalChange, string> = {
  created: 'Created',
  updated: 'Changed',
  'drug-added': 'Added drug',
  'drug-removed': 'Removed drug',
  'target-drug-added': 'Added target drug',
  'target-drug-removed': 'Removed target drug',
  'alternative-drug-added': 'Added alternative drug',
  'alternative-drug-removed': 'Removed alternative drug',
  'pbm-added': 'Added PBM',
  'pbm-removed': 'Removed PBM',
  'condition-setting-added': 'Added condition setting',
  'condition-setting-changed': 'Changed condition setting',
  'condition-setting-removed': 'Removed condition setting',
};

/** One line for a history entry, e.g. "Changed name: 'Asthma' → 'Asthma (adult)'". */
export function describeClinicalChange(
  entry: Pick<ClinicalHistoryEntry, 'change' | 'field' | 'old_value' | 'new_value'>,
): string {
  const word = CHANGE_WORDS[entry.change];
  if (entry.change === 'updated' || entry.change === 'condition-setting-changed') {
    return `${word} ${entry.field ?? ''}: '${entry.old_value ?? ''}' → '${entry.new_value ?? ''}'`;
  }
  if (entry.change === 'created') return `${word} '${entry.new_value ?? ''}'`;
  // A condition setting's field is the condition, its value the intervention: both are needed.
  if (entry.change === 'condition-setting-added' || entry.change === 'condition-setting-removed') {
    return `${word} ${entry.field ?? ''}: '${entry.new_value ?? entry.old_value ?? ''}'`;
  }
  return `${word} ${entry.new_value ?? entry.old_value ?? ''}`.trim();
}
