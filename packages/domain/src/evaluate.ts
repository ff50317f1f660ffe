import { z } from 'zod';
import { isoDate } from './dates.ts';
import { pageSchema, pagingQuery } from './paging.ts';
import { int4Id } from './validation.ts';

/*
 * Evaluate: prospect opportunities pulled from the CRM, and the incumbent PBM's contract terms
 * (spec 3 §1, §2 "Evaluate opportunity list" and "Opportunity page", §3 "Prospect opportunity",
 * "Opportunity stages", "Incumbent contract", §5 "Incumbent data", §7 "Evaluate service" and
 * "CRM service", §9). One schema serves the form and the server. Decision 0114.
 */

// ---- Limits (spec 3 §9) ----

/** Salesforce IDs are 15 (case-sensitive) or 18 (case-insensitive) characters. */
export const SF_ID_MIN_LENGTH = 15;
export const SF_ID_MAX_LENGTH = 18;
/** 'Find Opportunity in SalesForce' shows the first 25 matches (spec 3 §9). */
export const CRM_SEARCH_LIMIT = 25;
/** The longest employer (or other CRM text) we keep or search by (decision 0114). */
export const EVALUATE_TEXT_MAX_LENGTH = 255;
export const CONTRACT_TERM_MIN = 1;
export const CONTRACT_TERM_MAX = 5;
export const NPI_PAD_LENGTH = 10;
export const NABP_PAD_LENGTH = 7;
/** numeric(14,2): the largest amount a money column holds. */
export const EVALUATE_MONEY_MAX = 999_999_999_999.99;

// ---- Messages (spec 3 §5, §8) ----

export const EVALUATE_MESSAGES = {
  invalidIdLength: 'Invalid ID length provided',
  crmProblem: 'Problem getting data from Salesforce',
  crmOpportunityNotFound: 'No Salesforce opportunity has this ID',
  duplicateNames: 'Duplicate Names: Names must be unique.',
  termRequired: 'Contract Term Length is required',
  termRange: `Contract Term Length must be ${CONTRACT_TERM_MIN} to ${CONTRACT_TERM_MAX} years`,
  effectiveDateRequired: 'Contract Effective Date is required',
  ssgOrDsgRequired: 'SSG/DSG is required',
  twoDecimals: 'Must have at most two decimals',
  notNegative: 'Must not be negative',
  percentMax: 'Must not exceed 100',
  amountMax: 'Amount is too large',
  codeTwice: 'Each contract term may be given once',
  unknownCode: 'Unknown contract term',
} as const;

// ---- Stages (spec 3 §3 "Opportunity stages") ----

export interface OpportunityStage {
  value: number;
  label: string;
  open: boolean;
}

/** 0 and 8-9 are closed, 1-7 open. */
export const OPPORTUNITY_STAGES: readonly OpportunityStage[] = [
  { value: 0, label: 'Duplicate Delete', open: false },
  { value: 1, label: 'Prospecting', open: true },
  { value: 2, label: 'Qualifying', open: true },
  { value: 3, label: 'Claims File Received', open: true },
  { value: 4, label: 'FA Accuracy Check', open: true },
  { value: 5, label: 'FA Complete', open: true },
  { value: 6, label: 'FA Presentation', open: true },
  { value: 7, label: 'Finalist Presentation', open: true },
  { value: 8, label: 'Closed Won', open: false },
  { value: 9, label: 'Lost', open: false },
];
export const STAGE_MIN = 0;
export const STAGE_MAX = 9;

export function opportunityStage(value: number): OpportunityStage | undefined {
  return OPPORTUNITY_STAGES.find((s) => s.value === value);
}

/**
 * The stage number of a CRM stage name: Salesforce picklists read '3 - Claims File Received' or
 * just 'Claims File Received'; either gives 3. Null when the name is none of the ten.
 */
export function stageFromCrmName(name: string | null | undefined): number | null {
  if (!name) return null;
  const text = name.trim();
  const lead = /^(\d)\b/u.exec(text);
  if (lead) return Number(lead[1]);
  const byLabel = OPPORTUNITY_STAGES.find((s) => s.label.toLowerCase() === text.toLowerCase());
  return byLabel ? byLabel.value : null;
}

/** The CRM's stage name we write into the built-in store and read back: '3 - Claims File Received'. */
export function crmStageName(value: number): string {
  const stage = opportunityStage(value);
  return stage ? `${stage.value} - ${stage.label}` : String(value);
}

// ---- In-house pharmacy ID (spec 3 §2: NPI padded to 10, NABP to 7, a dash when neither) ----

function digitsOrNull(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** The in-house pharmacy's ID as shown: the NPI left-padded with zeros to 10, else the NABP to 7, else '-'. */
export function formatPharmacyId(
  npi: string | number | null | undefined,
  nabp: string | number | null | undefined,
): string {
  const n = digitsOrNull(npi);
  if (n) return n.padStart(NPI_PAD_LENGTH, '0');
  const b = digitsOrNull(nabp);
  if (b) return b.padStart(NABP_PAD_LENGTH, '0');
  return '-';
}

// ---- Salesforce IDs ----

/** A CRM opportunity ID: letters and digits, 15 or 18 long; under 15 'Invalid ID length provided'. */
export const sfOppIdSchema = z
  .string({ error: EVALUATE_MESSAGES.invalidIdLength })
  .trim()
  .min(SF_ID_MIN_LENGTH, { error: EVALUATE_MESSAGES.invalidIdLength, abort: true })
  .max(SF_ID_MAX_LENGTH, { error: EVALUATE_MESSAGES.invalidIdLength, abort: true })
  .regex(/^[A-Za-z0-9]+$/u, 'A Salesforce ID holds only letters and digits');

/** Whether two Salesforce IDs name the same record (the 15-character prefix is the key). */
export function sameSfId(a: string, b: string): boolean {
  return a.slice(0, SF_ID_MIN_LENGTH) === b.slice(0, SF_ID_MIN_LENGTH);
}

// ---- The CRM's opportunity (spec 3 §7 "CRM service") ----

const text = (label: string) =>
  z
    .string()
    .max(
      EVALUATE_TEXT_MAX_LENGTH,
      `${label} must not exceed ${EVALUATE_TEXT_MAX_LENGTH} characters`,
    );

export const crmPerson = z.object({ name: z.string(), email: z.string().nullable() });
export type CrmPerson = z.infer<typeof crmPerson>;

/** One opportunity as the CRM holds it (built-in store or Salesforce). */
export const crmOpportunity = z.object({
  sfId: z.string(),
  name: z.string(),
  employer: z.string(),
  broker: z.string().nullable(),
  owner: crmPerson.nullable(),
  fa: crmPerson.nullable(),
  spa: z.string().nullable(),
  stage: z.number().int().min(STAGE_MIN).max(STAGE_MAX).nullable(),
  stageName: z.string().nullable(),
  employees: z.number().int().nullable(),
  members: z.number().int().nullable(),
  incumbentPbm: z.string().nullable(),
  tpa: z.string().nullable(),
  medVendor: z.string().nullable(),
  targetEffectiveDate: z.string().nullable(),
  erisa: z.boolean().nullable(),
  strategicGroup: z.string().nullable(),
  inHousePharmacyName: z.string().nullable(),
  npiNumber: z.string().nullable(),
  nabpNumber: z.string().nullable(),
  analysisDueFromFA: z.string().nullable(),
  analysisDueDate: z.string().nullable(),
  lastModifiedAt: z.string().nullable(),
});
export type CrmOpportunity = z.infer<typeof crmOpportunity>;

export const crmSearchQuery = z.object({
  employerName: text('Employer Name').trim().min(1, 'Employer Name is required'),
});
export type CrmSearchQuery = z.infer<typeof crmSearchQuery>;
export const crmOpportunityList = z.array(crmOpportunity);
export const crmIdParams = z.object({ id: sfOppIdSchema });

// ---- Prospect opportunity (spec 3 §3) ----

export const evaluateIdParams = z.object({ id: int4Id('id') });

export const basicInfo = z.object({
  incumbentPbm: z.string().nullable(),
  employees: z.number().int().nullable(),
  members: z.number().int().nullable(),
  inHousePharmacyName: z.string().nullable(),
  npiNumber: z.string().nullable(),
  nabpNumber: z.string().nullable(),
  /** formatPharmacyId(npiNumber, nabpNumber): what the Basic Information panel shows. */
  pharmacyId: z.string(),
  analysisDueFromFA: z.string().nullable(),
  analysisDueDate: z.string().nullable(),
  medVendor: z.string().nullable(),
  tpa: z.string().nullable(),
  targetEffectiveDate: z.string().nullable(),
  erisa: z.boolean().nullable(),
  strategicGroup: z.string().nullable(),
  /** When the opportunity was last loaded from the CRM ('loaded from Salesforce ...'). */
  sfUpdatedAt: z.string(),
});
export type BasicInfo = z.infer<typeof basicInfo>;

/** A row of the opportunity list. */
export const opportunityRow = z.object({
  id: z.number().int(),
  employer: z.string(),
  sfOppId: z.string(),
  broker: z.string().nullable(),
  owner: z.string().nullable(),
  fa: z.string().nullable(),
  spa: z.string().nullable(),
  sfStage: z.number().int().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type OpportunityRow = z.infer<typeof opportunityRow>;
export const opportunityPage = pageSchema(opportunityRow);
export type OpportunityPage = z.infer<typeof opportunityPage>;

export const opportunityDetail = opportunityRow.extend({ basicInfo });
export type OpportunityDetail = z.infer<typeof opportunityDetail>;

export const OPPORTUNITY_SCOPES = ['mine', 'all'] as const;
export type OpportunityScope = (typeof OPPORTUNITY_SCOPES)[number];
export const OPPORTUNITY_SORT_FIELDS = [
  'employer',
  'broker',
  'sfOppId',
  'owner',
  'fa',
  'spa',
  'sfStage',
  'updatedAt',
] as const;

const stageValue = z.coerce
  .number({ error: 'status must be a number' })
  .int('status must be a whole number')
  .min(STAGE_MIN, `status must be ${STAGE_MIN} to ${STAGE_MAX}`)
  .max(STAGE_MAX, `status must be ${STAGE_MIN} to ${STAGE_MAX}`);

const filterText = (label: string) =>
  z
    .string()
    .max(
      EVALUATE_TEXT_MAX_LENGTH,
      `${label} must not exceed ${EVALUATE_TEXT_MAX_LENGTH} characters`,
    )
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/**
 * The list's filters (spec 3 §7: employer, broker, sfId, owner, fa, status, scope, paging; SPA
 * from §2). `status` comes repeated (`status=1&status=3`) or comma-separated (`status=1,3`).
 * Text filters match anywhere in the field, without case. `scope` defaults to mine.
 */
export const opportunitiesQuery = pagingQuery(OPPORTUNITY_SORT_FIELDS).extend({
  employer: filterText('employer'),
  broker: filterText('broker'),
  sfId: filterText('sfId'),
  owner: filterText('owner'),
  fa: filterText('fa'),
  spa: filterText('spa'),
  status: z
    .preprocess(
      (v: unknown): unknown[] | undefined =>
        v === undefined || v === ''
          ? undefined
          : (Array.isArray(v) ? (v as unknown[]) : [v]).flatMap((x): unknown[] =>
              typeof x === 'string' ? x.split(',').filter((s) => s !== '') : [x],
            ),
      z.array(stageValue).max(OPPORTUNITY_STAGES.length, 'status lists each stage once').optional(),
    )
    .optional(),
  scope: z.enum(OPPORTUNITY_SCOPES, { error: 'scope must be mine or all' }).default('mine'),
});
export type OpportunitiesQuery = z.infer<typeof opportunitiesQuery>;

/** Create (or find) the prospect opportunity of a CRM opportunity: idempotent on the ID. */
export const opportunityCreateInput = z.object({ sfOppId: sfOppIdSchema });
export type OpportunityCreateInput = z.infer<typeof opportunityCreateInput>;

/** POST /opps/sf-update: reload the prospect opportunity from the CRM (spec 3 §7). */
export const sfUpdateInput = z.object({
  prospectOppId: z.number().int().positive().max(2_147_483_647),
});
export type SfUpdateInput = z.infer<typeof sfUpdateInput>;

// ---- Amounts: two decimals (spec 3 §9) ----

/** Whether a number has at most two decimals (1.005 has three; 0.1 + 0.2 counts as 0.3). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Money: not negative, two decimals, within numeric(14,2). */
export function moneyValue() {
  return z
    .number({ error: 'Must be a number' })
    .min(0, EVALUATE_MESSAGES.notNegative)
    .max(EVALUATE_MONEY_MAX, EVALUATE_MESSAGES.amountMax)
    .refine(hasAtMostTwoDecimals, EVALUATE_MESSAGES.twoDecimals);
}

/** A percentage: 0 to 100, two decimals. */
export function percentValue() {
  return z
    .number({ error: 'Must be a number' })
    .min(0, EVALUATE_MESSAGES.notNegative)
    .max(100, EVALUATE_MESSAGES.percentMax)
    .refine(hasAtMostTwoDecimals, EVALUATE_MESSAGES.twoDecimals);
}

// ---- Incumbent contract (spec 3 §3 "Incumbent contract", §5 "Incumbent data") ----

export const SSG_OR_DSG = ['no', 'SSG', 'DSG'] as const;
export type SsgOrDsg = (typeof SSG_OR_DSG)[number];

export type ContractTermKind = 'percent' | 'money';
export interface ContractTerm {
  code: string;
  label: string;
  kind: ContractTermKind;
  group: 'retail' | 'retail90' | 'mail' | 'specialty' | 'rebate';
}

/**
 * The contract's terms, carried as a list of code and value (spec 3 §7 "contract with discounts
 * of code and value"): per channel the brand and generic AWP discounts (percent), the guarantee
 * (a generic effective-rate guarantee, percent) and the dispensing fee (dollars); specialty AWP,
 * generic and limited-distribution discounts and the specialty dispensing fees; and the rebate
 * guarantees per channel (dollars per claim). Decision 0114.
 */
export const CONTRACT_TERMS: readonly ContractTerm[] = [
  { code: 'retailBrand', label: 'Retail Brand', kind: 'percent', group: 'retail' },
  { code: 'retailGeneric', label: 'Retail Generic', kind: 'percent', group: 'retail' },
  { code: 'retailGuarantee', label: 'Retail Guarantee', kind: 'percent', group: 'retail' },
  { code: 'retailFee', label: 'Retail Dispensing Fee', kind: 'money', group: 'retail' },
  { code: 'r90Brand', label: 'Retail 90 Brand', kind: 'percent', group: 'retail90' },
  { code: 'r90Generic', label: 'Retail 90 Generic', kind: 'percent', group: 'retail90' },
  { code: 'r90Guarantee', label: 'Retail 90 Guarantee', kind: 'percent', group: 'retail90' },
  { code: 'r90Fee', label: 'Retail 90 Dispensing Fee', kind: 'money', group: 'retail90' },
  { code: 'mailBrand', label: 'Mail Brand', kind: 'percent', group: 'mail' },
  { code: 'mailGeneric', label: 'Mail Generic', kind: 'percent', group: 'mail' },
  { code: 'mailGuarantee', label: 'Mail Guarantee', kind: 'percent', group: 'mail' },
  { code: 'mailFee', label: 'Mail Dispensing Fee', kind: 'money', group: 'mail' },
  { code: 'specialtyAwp', label: 'Specialty AWP', kind: 'percent', group: 'specialty' },
  { code: 'specialtyGeneric', label: 'Specialty Generic', kind: 'percent', group: 'specialty' },
  { code: 'specialtyLD', label: 'Specialty LD', kind: 'percent', group: 'specialty' },
  {
    code: 'specialtyMailDispFee',
    label: 'Specialty Mail Dispensing Fee',
    kind: 'money',
    group: 'specialty',
  },
  {
    code: 'specialtyRetailDispFee',
    label: 'Specialty Retail Dispensing Fee',
    kind: 'money',
    group: 'specialty',
  },
  { code: 'rebateRetail', label: 'Rebate Guarantee Retail', kind: 'money', group: 'rebate' },
  { code: 'rebateRetail90', label: 'Rebate Guarantee Retail 90', kind: 'money', group: 'rebate' },
  { code: 'rebateMail', label: 'Rebate Guarantee Mail', kind: 'money', group: 'rebate' },
  {
    code: 'rebateSpecialty',
    label: 'Rebate Guarantee Specialty',
    kind: 'money',
    group: 'rebate',
  },
];
export const CONTRACT_TERM_CODES = CONTRACT_TERMS.map((t) => t.code) as [string, ...string[]];

export function contractTerm(code: string): ContractTerm | undefined {
  return CONTRACT_TERMS.find((t) => t.code === code);
}

const discountItem = z
  .object({
    code: z.string().max(40, EVALUATE_MESSAGES.unknownCode),
    value: z.number({ error: 'Must be a number' }).nullable(),
  })
  .superRefine((item, ctx) => {
    const term = contractTerm(item.code);
    if (!term) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: EVALUATE_MESSAGES.unknownCode });
      return;
    }
    if (item.value === null) return;
    const rule = term.kind === 'percent' ? percentValue() : moneyValue();
    const result = rule.safeParse(item.value);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: result.error.issues[0]?.message ?? EVALUATE_MESSAGES.twoDecimals,
      });
    }
  });

/**
 * The contract as the form submits it and the server checks it. Term length, effective date and
 * the SSG/DSG question are required (spec 3 §5); every term value is optional (null: not known).
 */
export const contractInput = z.object({
  contractTermLength: z
    .number({ error: EVALUATE_MESSAGES.termRequired })
    .int(EVALUATE_MESSAGES.termRange)
    .min(CONTRACT_TERM_MIN, EVALUATE_MESSAGES.termRange)
    .max(CONTRACT_TERM_MAX, EVALUATE_MESSAGES.termRange),
  contractEffDate: z
    .string({ error: EVALUATE_MESSAGES.effectiveDateRequired })
    .min(1, EVALUATE_MESSAGES.effectiveDateRequired)
    .pipe(isoDate('Contract Effective Date')),
  ssgOrDsg: z.enum(SSG_OR_DSG, { error: EVALUATE_MESSAGES.ssgOrDsgRequired }),
  discounts: z
    .array(discountItem)
    .max(CONTRACT_TERMS.length, EVALUATE_MESSAGES.codeTwice)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.code)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'code'],
            message: EVALUATE_MESSAGES.codeTwice,
          });
        }
        seen.add(item.code);
      });
    })
    .default([]),
});
export type IncumbentContractInput = z.infer<typeof contractInput>;

export const contractDiscount = z.object({ code: z.string(), value: z.number().nullable() });
export const contractInfo = z.object({
  contractTermLength: z.number().int(),
  contractEffDate: z.string(),
  ssgOrDsg: z.enum(SSG_OR_DSG),
  /** Every known term in CONTRACT_TERMS order; value null where not given. */
  discounts: z.array(contractDiscount),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ContractInfo = z.infer<typeof contractInfo>;
/** GET /opps/{id}/contract-info: null before the first save. */
export const contractInfoAnswer = z.object({ contract: contractInfo.nullable() });
export type ContractInfoAnswer = z.infer<typeof contractInfoAnswer>;

/** A code's value in a contract's list, null when absent. */
export function discountValue(
  discounts: readonly { code: string; value: number | null }[],
  code: string,
): number | null {
  return discounts.find((d) => d.code === code)?.value ?? null;
}

/** Every term in CONTRACT_TERMS order with the given values (null for the ones not given). */
export function normalizeDiscounts(
  discounts: readonly { code: string; value: number | null }[],
): { code: string; value: number | null }[] {
  return CONTRACT_TERMS.map((t) => ({ code: t.code, value: discountValue(discounts, t.code) }));
}

// ---- Contract history (issue 18: every save keeps a version) ----

/**
 * The incumbent parts whose saves are versioned. Each save writes the part's whole state, so any
 * two versions can be compared side by side.
 */
export const EVALUATE_HISTORY_PARTS = [
  'opportunity',
  'contract',
  'fees',
  'credits',
  'renewals',
  'aggregates',
  'contacts',
  'insights',
  'pricingFees',
  'pricingCredits',
] as const;
export type EvaluateHistoryPart = (typeof EVALUATE_HISTORY_PARTS)[number];

export const evaluateVersion = z.object({
  part: z.enum(EVALUATE_HISTORY_PARTS),
  versionNo: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
});
export type EvaluateVersion = z.infer<typeof evaluateVersion>;
export const evaluateVersionPage = pageSchema(evaluateVersion);
export type EvaluateVersionPage = z.infer<typeof evaluateVersionPage>;

export const evaluateHistoryQuery = pagingQuery(['savedAt'] as const).extend({
  part: z.enum(EVALUATE_HISTORY_PARTS, { error: 'part is not a versioned part' }).optional(),
});
export type EvaluateHistoryQuery = z.infer<typeof evaluateHistoryQuery>;

export const evaluateVersionParams = z.object({
  id: int4Id('id'),
  part: z.enum(EVALUATE_HISTORY_PARTS, { error: 'part is not a versioned part' }),
  versionNo: int4Id('versionNo'),
});

/** One version with the part's whole state as it was saved. */
export const evaluateVersionDetail = evaluateVersion.extend({ state: z.unknown() });
export type EvaluateVersionDetail = z.infer<typeof evaluateVersionDetail>;
