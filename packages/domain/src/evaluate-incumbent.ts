import { z } from 'zod';
import { isoDate } from './dates.ts';
import { emailSchema, int4Id, phoneSchema } from './validation.ts';

/*
 * What is known about the incumbent PBM's deal beyond the contract terms, and the administrator's
 * own RxB pricing lists (spec 3 §3 "Incumbent renewal / competitor entry", "Fee or credit item",
 * "Incumbent aggregates", "Contact", "Insight", "Fees and credits rows"; §4 "Other"; §5
 * "Incumbent data" and "Fee rows"; §9). One schema per thing for the form and the server, the
 * spec's messages quoted once, and the rebate arithmetic the renewal modal shows live.
 * Decision 0115.
 */

// ---- Limits and codes (spec 3 §3, §9) ----

export const FEE_TYPES = ['One Time', 'PEPM', 'PMPM', 'Per Claim'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** Which PBM an RxB pricing fee or credit applies to (spec 3 §3 "Fees and credits rows"). */
export const PRICING_PBMS = ['ALL', 'OPTUMRX', 'EXPRESS_SCRIPTS', 'CVS_CAREMARK'] as const;
export type PricingPbm = (typeof PRICING_PBMS)[number];
export const PRICING_PBM_LABELS: Record<PricingPbm, string> = {
  ALL: 'All',
  OPTUMRX: 'OptumRx',
  EXPRESS_SCRIPTS: 'Express Scripts',
  CVS_CAREMARK: 'CVS Caremark',
};

/** A preset name and the type the spec gives it (null: the user picks one). */
export interface PresetFeeName {
  name: string;
  type: FeeType | null;
}

/** Spec 3 §3 "Preset fee names", in the spec's order. */
export const PRESET_FEE_NAMES: readonly PresetFeeName[] = [
  { name: 'Administrative Fee', type: 'PEPM' },
  { name: 'PBM Administrative Fee', type: null },
  { name: 'Connectivity Fee', type: null },
  { name: 'Connectivity for HDHP/Non-HDHP Participants Fee', type: 'PMPM' },
  { name: 'Electronic Pharmacy Benefit Eligibility Verification Fee', type: 'PMPM' },
  { name: 'Carve-out Fee', type: null },
  { name: 'In-house Fee', type: 'Per Claim' },
  { name: 'Non In-house Fee', type: 'Per Claim' },
  { name: 'Transparent Per Claim Fee', type: 'Per Claim' },
  { name: 'Custom Fee', type: null },
];
/** Spec 3 §3 preset credit names. */
export const PRESET_CREDIT_NAMES: readonly PresetFeeName[] = [
  { name: 'Rebate Fee Credit', type: 'PEPM' },
  { name: 'Medical ASO Fee Credit', type: 'PEPM' },
  { name: 'Custom Credit', type: null },
];

/** Spec 3 §9: at most 3 incumbent renewals or competitor entries; three contact slots. */
export const MAX_RENEWALS = 3;
export const CONTACT_SLOTS = 3;

export const RENEWAL_TERM_LENGTHS = [1, 2, 3, 4, 5] as const;
export function termLengthLabel(years: number): string {
  return `${years} Year`;
}
/** Spec 3 §3: the SSG/DSG question of a renewal entry. */
export const RENEWAL_SOURCES = ['No', 'Yes - SSG', 'Yes - DSG'] as const;
export type RenewalSource = (typeof RENEWAL_SOURCES)[number];
export const REBATE_TIERS = ['2TIER', '3TIER'] as const;
export type RebateTier = (typeof REBATE_TIERS)[number];
export const DEFAULT_REBATE_TIER: RebateTier = '2TIER';

export const DISCOUNT_CHANNELS = ['retail', 'retail90', 'mail'] as const;
export type DiscountChannel = (typeof DISCOUNT_CHANNELS)[number];
/** The rebate guarantee's channels, in the spec's order. */
export const REBATE_CHANNELS = [
  'retail',
  'retail90',
  'mail',
  'specialtyRetail',
  'specialtyRetail2',
  'specialtyMail',
  'specialtyMail2',
] as const;
export type RebateChannel = (typeof REBATE_CHANNELS)[number];
export const REBATE_CHANNEL_LABELS: Record<RebateChannel, string> = {
  retail: 'Retail',
  retail90: 'Retail 90',
  mail: 'Mail',
  specialtyRetail: 'Specialty Retail',
  specialtyRetail2: 'Specialty Retail 2',
  specialtyMail: 'Specialty Mail',
  specialtyMail2: 'Specialty Mail 2',
};

/** The longest fee, credit, renewal or contact text (decision 0115). */
export const INCUMBENT_NAME_MAX_LENGTH = 100;
export const INSIGHT_MESSAGE_MAX_LENGTH = 2000;
export const INSIGHT_NAME_MAX_LENGTH = 200;
/** Most fee or credit rows one list holds (decision 0115). */
export const MAX_FEE_ITEMS = 50;
/** numeric(14,2): twelve digits before the point. */
export const MONEY_MAX = 999_999_999_999.99;
/** Claim counts are int4. */
export const CLAIM_COUNT_MAX = 2_147_483_647;

// ---- Messages (spec 3 §5 "Incumbent data", "Fee rows"; §8; decision 0115 for our own) ----

export const INCUMBENT_MESSAGES = {
  duplicateNames: 'Duplicate Names: Names must be unique.',
  notSavedTitle: 'Fields not SAVED or AMOUNT must be above zero',
  notSavedDetail: 'FIRST make sure you SAVE the individual fields. All AMOUNT must be ABOVE 0.',
  /** Saving an empty fee or credit list asks first (spec 3 §5). */
  zeroItemsConfirm: (what: string) =>
    `Are you sure you want to save ZERO ${what}? There will be ZERO items.`,
  undoConfirm: 'Are you sure you want to UNDO your changes?',
  missingName: 'Missing name',
  missingType: 'Missing type',
  missingAmount: 'Missing amount',
  mustBePositive: 'Must be positive',
  twoDecimals: 'At most two decimals',
  tooLarge: 'Amount is too large',
  nameTooLong: `Name must not exceed ${INCUMBENT_NAME_MAX_LENGTH} characters`,
  tooManyItems: `At most ${MAX_FEE_ITEMS} rows`,
  missingInsightfulMessage: 'Missing insightful message',
  missingInsightfulName: 'Missing insightful name',
  missingAdditionalInformation: 'Missing additional information',
  insightTooLong: `Must not exceed ${INSIGHT_MESSAGE_MAX_LENGTH} characters`,
  insightNotOwner: 'Only the owner of an insight can edit or delete it.',
  unableToUpdateValue: 'Unable to update value',
  missingPbm: 'Missing PBM',
  renewalMissingName: 'Missing Name',
  renewalMissingField: 'Missing Field In Contract Information',
  tooManyRenewals: `At most ${MAX_RENEWALS} incumbent renewals or competitor entries`,
  tooManyContacts: `At most ${CONTACT_SLOTS} contacts`,
  notNegative: 'Must not be negative',
  percent: 'Must be a percentage from 0 to 100',
  wholeNumber: 'Must be a whole number',
  exclusionsOverClaims: 'Exclusions cannot exceed the claim count',
  textTooLong: (max: number) => `Must not exceed ${max} characters`,
} as const;

// ---- Amounts ----

/** True when `value` has at most two decimals (as typed: 0.1 + 0.2 is not a user's number). */
export function hasTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Rounds money to cents (spec 3 §9 "money rounded to 2 decimals"). */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

interface AmountOptions {
  /** The message when nothing is given. */
  missing?: string;
  /** The message for zero or less (fee rows: 'Must be positive'). */
  notPositive?: string;
  /** Zero allowed (aggregates, dispensing fees): then only negatives are refused. */
  allowZero?: boolean;
}

/** A money amount as JSON carries it: a finite number, two decimals, within numeric(14,2). */
export function moneySchema(options: AmountOptions = {}) {
  const missing = options.missing ?? INCUMBENT_MESSAGES.missingAmount;
  const base = z.number({ error: missing });
  const signed = options.allowZero
    ? base.min(0, { error: INCUMBENT_MESSAGES.notNegative, abort: true })
    : base.min(0.01, {
        error: options.notPositive ?? INCUMBENT_MESSAGES.mustBePositive,
        abort: true,
      });
  return signed
    .max(MONEY_MAX, { error: INCUMBENT_MESSAGES.tooLarge, abort: true })
    .refine(hasTwoDecimals, { error: INCUMBENT_MESSAGES.twoDecimals, abort: true });
}

/** A percentage (an AWP discount): 0 to 100, two decimals. */
export function percentSchema() {
  return z
    .number({ error: INCUMBENT_MESSAGES.percent })
    .min(0, { error: INCUMBENT_MESSAGES.percent, abort: true })
    .max(100, { error: INCUMBENT_MESSAGES.percent, abort: true })
    .refine(hasTwoDecimals, { error: INCUMBENT_MESSAGES.twoDecimals, abort: true });
}

function countSchema() {
  return z
    .number({ error: INCUMBENT_MESSAGES.wholeNumber })
    .int({ error: INCUMBENT_MESSAGES.wholeNumber, abort: true })
    .min(0, { error: INCUMBENT_MESSAGES.notNegative, abort: true })
    .max(CLAIM_COUNT_MAX, { error: INCUMBENT_MESSAGES.tooLarge, abort: true });
}

/** A required text: trimmed, `missing` when empty, at most `max` characters. */
function requiredText(missing: string, max: number) {
  return z
    .string({ error: missing })
    .max(max * 4, { error: INCUMBENT_MESSAGES.textTooLong(max), abort: true })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: missing, abort: true })
        .max(max, { error: INCUMBENT_MESSAGES.textTooLong(max), abort: true }),
    );
}

function optionalText(max: number) {
  return z
    .string()
    .max(max * 4, { error: INCUMBENT_MESSAGES.textTooLong(max), abort: true })
    .transform((value) => value.trim())
    .pipe(z.string().max(max, { error: INCUMBENT_MESSAGES.textTooLong(max), abort: true }))
    .nullish()
    .transform((value) => (value ? value : null));
}

// ---- Fee and credit items (incumbent, and a renewal's admin fees and credits) ----

/** The key two fee names are compared by: trimmed, inner spaces single, case ignored. */
export function feeNameKey(name: string): string {
  return name.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Indexes of the rows whose name another row before them already has. */
export function duplicateNameIndexes(items: readonly { name?: string | null }[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  items.forEach((item, index) => {
    const key = feeNameKey(item.name ?? '');
    if (key === '') return;
    if (seen.has(key)) duplicates.push(index);
    seen.add(key);
  });
  return duplicates;
}

const feeName = () => requiredText(INCUMBENT_MESSAGES.missingName, INCUMBENT_NAME_MAX_LENGTH);
const feeType = () => z.enum(FEE_TYPES, { error: INCUMBENT_MESSAGES.missingType });

/** Spec 3 §3 "Fee or credit item": an amount above zero, refused with the spec's notice title. */
export const feeItem = z.object({
  name: feeName(),
  type: feeType(),
  amount: moneySchema({ notPositive: INCUMBENT_MESSAGES.notSavedTitle }),
});
export type FeeItem = z.infer<typeof feeItem>;
export type FeeItemInput = z.input<typeof feeItem>;

/** A list of rows whose names must differ: the duplicate row's name carries the message. */
function uniqueNameList<T extends z.ZodType<{ name: string }>>(item: T) {
  return z
    .array(item)
    .max(MAX_FEE_ITEMS, { error: INCUMBENT_MESSAGES.tooManyItems })
    .superRefine((items, ctx) => {
      for (const index of duplicateNameIndexes(items)) {
        ctx.addIssue({
          code: 'custom',
          message: INCUMBENT_MESSAGES.duplicateNames,
          path: [index, 'name'],
        });
      }
    });
}

export const feeItemList = uniqueNameList(feeItem);

/** POST /opps/{id}/fees and /credits: the whole list; an empty one saves ZERO items. */
export const feeListInput = z.object({ items: feeItemList });
export type FeeListInput = z.infer<typeof feeListInput>;
export const incumbentFeeList = z.object({
  items: z.array(z.object({ name: z.string(), type: z.enum(FEE_TYPES), amount: z.number() })),
});
export type IncumbentFeeList = z.infer<typeof incumbentFeeList>;

export const FEE_LIST_KINDS = ['fees', 'credits'] as const;
export type FeeListKind = (typeof FEE_LIST_KINDS)[number];

// ---- RxB pricing (spec 3 §2 "RxB pricing tab", §5 "Fee rows (pricing)") ----

export const pricingItem = z.object({
  name: feeName(),
  type: feeType(),
  amount: moneySchema(),
  pbm: z.enum(PRICING_PBMS, { error: INCUMBENT_MESSAGES.missingPbm }),
});
export type PricingItem = z.infer<typeof pricingItem>;
export const pricingListInput = z.object({ items: uniqueNameList(pricingItem) });
export type PricingListInput = z.infer<typeof pricingListInput>;
export const pricingList = z.object({
  items: z.array(
    z.object({
      name: z.string(),
      type: z.enum(FEE_TYPES),
      amount: z.number(),
      pbm: z.enum(PRICING_PBMS),
    }),
  ),
});
export type PricingList = z.infer<typeof pricingList>;

/** An RxB pricing insight: a name and its additional information, both required. */
export const pricingInsight = z.object({
  insightName: requiredText(INCUMBENT_MESSAGES.missingInsightfulName, INSIGHT_NAME_MAX_LENGTH),
  additionalInfo: requiredText(
    INCUMBENT_MESSAGES.missingAdditionalInformation,
    INSIGHT_MESSAGE_MAX_LENGTH,
  ),
});
export type PricingInsight = z.infer<typeof pricingInsight>;
export const pricingInsightListInput = z.object({
  items: z.array(pricingInsight).max(MAX_FEE_ITEMS, { error: INCUMBENT_MESSAGES.tooManyItems }),
});
export type PricingInsightListInput = z.infer<typeof pricingInsightListInput>;
export const pricingInsightList = z.object({
  items: z.array(z.object({ insightName: z.string(), additionalInfo: z.string() })),
});
export type PricingInsightList = z.infer<typeof pricingInsightList>;

// ---- Insights ----

export const insightInput = z.object({
  message: requiredText(INCUMBENT_MESSAGES.missingInsightfulMessage, INSIGHT_MESSAGE_MAX_LENGTH),
});
export type InsightInput = z.infer<typeof insightInput>;
export const insight = z.object({
  id: z.number().int(),
  message: z.string(),
  /** The owner's user name (spec 3 §3). */
  ownedBy: z.string(),
  ownedById: z.number().int(),
  createdAt: z.string().describe('ISO 8601 instant'),
  updatedAt: z.string().describe('ISO 8601 instant'),
});
export type Insight = z.infer<typeof insight>;
export const insightList = z.object({ items: z.array(insight) });
export type InsightList = z.infer<typeof insightList>;

/** Spec 3 §6: only the owner edits or deletes an insight. */
export function canChangeInsight(item: Pick<Insight, 'ownedById'>, userId: number): boolean {
  return item.ownedById === userId;
}

// ---- Aggregates ----

const aggregateAmount = () => moneySchema({ allowZero: true }).nullable();

/** Spec 3 §3 "Incumbent aggregates": three amounts, each with its use-for-analysis flag. */
export const incumbentAggregates = z.object({
  rebate: aggregateAmount(),
  isRebateUsed: z.boolean(),
  totalMember: aggregateAmount(),
  isTotalMemberUsed: z.boolean(),
  gross: aggregateAmount(),
  isGrossUsed: z.boolean(),
});
export type IncumbentAggregates = z.infer<typeof incumbentAggregates>;
export const EMPTY_AGGREGATES: IncumbentAggregates = {
  rebate: null,
  isRebateUsed: false,
  totalMember: null,
  isTotalMemberUsed: false,
  gross: null,
  isGrossUsed: false,
};

// ---- Contacts ----

export const CONTACT_TEXT_MAX_LENGTH = 100;

export const opportunityContact = z.object({
  contactName: optionalText(CONTACT_TEXT_MAX_LENGTH),
  position: optionalText(CONTACT_TEXT_MAX_LENGTH),
  email: emailSchema('Email')
    .nullish()
    .transform((value) => (value ? value : null)),
  phone: phoneSchema('Phone')
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type OpportunityContact = z.infer<typeof opportunityContact>;
export type OpportunityContactInput = z.input<typeof opportunityContact>;

/** True when a contact row has nothing typed in it. */
export function isEmptyContact(
  row: Partial<Record<keyof OpportunityContact, string | null>>,
): boolean {
  return (['contactName', 'position', 'email', 'phone'] as const).every(
    (key) => !(row[key] ?? '').trim(),
  );
}

/** Spec 3 §5: empty contact rows are dropped before saving. */
export function dropEmptyContacts<
  T extends Partial<Record<keyof OpportunityContact, string | null>>,
>(rows: readonly T[]): T[] {
  return rows.filter((row) => !isEmptyContact(row));
}

export const opportunityContactListInput = z.object({
  contacts: z
    .array(opportunityContact)
    .transform((rows) => dropEmptyContacts(rows))
    .refine((rows) => rows.length <= CONTACT_SLOTS, { error: INCUMBENT_MESSAGES.tooManyContacts }),
});
export type OpportunityContactListInput = z.infer<typeof opportunityContactListInput>;
export const opportunityContactList = z.object({
  contacts: z.array(
    z.object({
      contactName: z.string().nullable(),
      position: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    }),
  ),
});
export type OpportunityContactList = z.infer<typeof opportunityContactList>;

// ---- Renewals and competitor entries ----

const percent = () => percentSchema().nullable();
const fee = () => moneySchema({ allowZero: true }).nullable();

const channelDiscounts = z.object({
  brandAWP: percent(),
  genericAWP: percent(),
  singleSourceGenericAWP: percent(),
});
const channelDispensingFees = z.object({ brandAWP: fee(), genericAWP: fee() });

export const rebateChannel = z
  .object({
    guarantee: fee(),
    claimCount: countSchema().nullable(),
    exclusions: countSchema().nullable(),
  })
  .superRefine((row, ctx) => {
    if (row.exclusions !== null && (row.claimCount ?? 0) < row.exclusions) {
      ctx.addIssue({
        code: 'custom',
        message: INCUMBENT_MESSAGES.exclusionsOverClaims,
        path: ['exclusions'],
      });
    }
  });
export type RebateChannelInput = z.infer<typeof rebateChannel>;

const rebateChannels = Object.fromEntries(REBATE_CHANNELS.map((c) => [c, rebateChannel])) as {
  [K in RebateChannel]: typeof rebateChannel;
};

export const rebateGuaranteesInput = z.object({
  rebateTier: z.enum(REBATE_TIERS).default(DEFAULT_REBATE_TIER),
  ...rebateChannels,
});
export type RebateGuaranteesInput = z.input<typeof rebateGuaranteesInput>;

export interface RebateTotals {
  channels: Record<RebateChannel, number>;
  totalRebate: number;
}

/**
 * Spec 3 §4 "Other": a channel's total rebate is its guarantee times (claim count minus
 * exclusions); the overall total is their sum. Worked in cents so the sum of rounded channel
 * totals is exactly the total shown. A channel with a blank field counts zero.
 */
export function rebateTotals(
  guarantees: Partial<
    Record<
      RebateChannel,
      | {
          guarantee?: number | null;
          claimCount?: number | null;
          exclusions?: number | null;
        }
      | null
      | undefined
    >
  >,
): RebateTotals {
  const channels = {} as Record<RebateChannel, number>;
  let totalCents = 0;
  for (const channel of REBATE_CHANNELS) {
    const row = guarantees[channel];
    const guaranteeCents = Math.round((row?.guarantee ?? 0) * 100);
    const claims = (row?.claimCount ?? 0) - (row?.exclusions ?? 0);
    const cents = Math.round(guaranteeCents * claims);
    channels[channel] = cents / 100;
    totalCents += cents;
  }
  return { channels, totalRebate: totalCents / 100 };
}

/** Fields the renewal modal's OK needs besides the name (spec 3 §4 "Other"). */
const missingField = INCUMBENT_MESSAGES.renewalMissingField;

export const renewalEntryInput = z.object({
  name: requiredText(INCUMBENT_MESSAGES.renewalMissingName, INCUMBENT_NAME_MAX_LENGTH),
  termLength: z
    .number({ error: missingField })
    .int({ error: missingField })
    .min(1, { error: missingField })
    .max(5, { error: missingField }),
  effectiveDate: z
    .string({ error: missingField })
    .min(1, { error: missingField, abort: true })
    .pipe(isoDate('Effective date')),
  source: z.enum(RENEWAL_SOURCES, { error: missingField }),
  discounts: z.object({
    retail: channelDiscounts,
    retail90: channelDiscounts,
    mail: channelDiscounts,
    specialtyAWP: percent(),
  }),
  dispensingFees: z.object({
    retail: channelDispensingFees,
    retail90: channelDispensingFees,
    mail: channelDispensingFees,
    specialtyMailAWP: fee(),
    specialtyRetailAWP: fee(),
  }),
  rebateGuarantees: rebateGuaranteesInput,
  adminFees: feeItemList,
  adminCredits: feeItemList,
});
export type RenewalEntryInput = z.input<typeof renewalEntryInput>;
export type RenewalEntryParsed = z.infer<typeof renewalEntryInput>;

/** POST /opps/{id}/incumbentRenewal: the whole list, at most three. */
export const renewalListInput = z.object({
  entries: z
    .array(renewalEntryInput)
    .max(MAX_RENEWALS, { error: INCUMBENT_MESSAGES.tooManyRenewals }),
});
export type RenewalListInput = z.infer<typeof renewalListInput>;

const rebateChannelAnswer = z.object({
  guarantee: z.number().nullable(),
  claimCount: z.number().int().nullable(),
  exclusions: z.number().int().nullable(),
  totalRebate: z.number(),
});
const channelDiscountsAnswer = z.object({
  brandAWP: z.number().nullable(),
  genericAWP: z.number().nullable(),
  singleSourceGenericAWP: z.number().nullable(),
});
const channelFeesAnswer = z.object({
  brandAWP: z.number().nullable(),
  genericAWP: z.number().nullable(),
});

/** A saved entry: the input's fields, an id, and the rebate totals the server computed. */
export const renewalEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  termLength: z.number().int(),
  effectiveDate: z.string(),
  source: z.enum(RENEWAL_SOURCES),
  discounts: z.object({
    retail: channelDiscountsAnswer,
    retail90: channelDiscountsAnswer,
    mail: channelDiscountsAnswer,
    specialtyAWP: z.number().nullable(),
  }),
  dispensingFees: z.object({
    retail: channelFeesAnswer,
    retail90: channelFeesAnswer,
    mail: channelFeesAnswer,
    specialtyMailAWP: z.number().nullable(),
    specialtyRetailAWP: z.number().nullable(),
  }),
  rebateGuarantees: z.object({
    rebateTier: z.enum(REBATE_TIERS),
    ...(Object.fromEntries(REBATE_CHANNELS.map((c) => [c, rebateChannelAnswer])) as {
      [K in RebateChannel]: typeof rebateChannelAnswer;
    }),
    totalRebate: z.number(),
  }),
  adminFees: incumbentFeeList.shape.items,
  adminCredits: incumbentFeeList.shape.items,
});
export type RenewalEntry = z.infer<typeof renewalEntry>;
export const renewalList = z.object({ entries: z.array(renewalEntry) });
export type RenewalList = z.infer<typeof renewalList>;

/** A parsed entry with its totals filled in: what the server stores and answers. */
export function withRebateTotals(entry: RenewalEntryParsed): Omit<RenewalEntry, 'id'> {
  const totals = rebateTotals(entry.rebateGuarantees);
  const rebateGuarantees = {
    rebateTier: entry.rebateGuarantees.rebateTier,
    ...(Object.fromEntries(
      REBATE_CHANNELS.map((c) => [
        c,
        { ...entry.rebateGuarantees[c], totalRebate: totals.channels[c] },
      ]),
    ) as Record<RebateChannel, z.infer<typeof rebateChannelAnswer>>),
    totalRebate: totals.totalRebate,
  };
  return { ...entry, rebateGuarantees };
}

const emptyChannelDiscounts = () => ({
  brandAWP: null,
  genericAWP: null,
  singleSourceGenericAWP: null,
});
const emptyChannelFees = () => ({ brandAWP: null, genericAWP: null });

/** A new, blank entry as the modal opens it (term 1 year, tier 2TIER: the spec's defaults). */
export function blankRenewalEntry(): RenewalEntryInput {
  return {
    name: '',
    termLength: 1,
    effectiveDate: '',
    source: 'No',
    discounts: {
      retail: emptyChannelDiscounts(),
      retail90: emptyChannelDiscounts(),
      mail: emptyChannelDiscounts(),
      specialtyAWP: null,
    },
    dispensingFees: {
      retail: emptyChannelFees(),
      retail90: emptyChannelFees(),
      mail: emptyChannelFees(),
      specialtyMailAWP: null,
      specialtyRetailAWP: null,
    },
    rebateGuarantees: {
      rebateTier: DEFAULT_REBATE_TIER,
      ...(Object.fromEntries(
        REBATE_CHANNELS.map((c) => [c, { guarantee: null, claimCount: null, exclusions: null }]),
      ) as Record<RebateChannel, RebateChannelInput>),
    },
    adminFees: [],
    adminCredits: [],
  };
}

/**
 * The renewal modal's OK check (spec 3 §4 "Other"): the name first ('Missing Name'), then term
 * length, effective date and source ('Missing Field In Contract Information'); null when fine.
 */
export function renewalEntryHeaderError(entry: {
  name?: string | null;
  termLength?: number | null;
  effectiveDate?: string | null;
  source?: string | null;
}): string | null {
  if (!(entry.name ?? '').trim()) return INCUMBENT_MESSAGES.renewalMissingName;
  if (!entry.termLength || !(entry.effectiveDate ?? '').trim() || !entry.source) {
    return INCUMBENT_MESSAGES.renewalMissingField;
  }
  return null;
}

/** True when a new entry has nothing typed yet: cancelling it removes it (spec 3 §4). */
export function isBlankRenewalEntry(entry: RenewalEntryInput): boolean {
  return JSON.stringify(entry) === JSON.stringify(blankRenewalEntry());
}

/**
 * The fee rows' list check before a save (spec 3 §5): every amount above zero, else the spec's
 * notice (title and detail); then unique names. Null when the list may be saved.
 */
export function feeListError(
  items: readonly { name?: string | null; amount?: number | null }[],
): { message: string; description?: string } | null {
  if (items.some((item) => !(typeof item.amount === 'number' && item.amount > 0))) {
    return {
      message: INCUMBENT_MESSAGES.notSavedTitle,
      description: INCUMBENT_MESSAGES.notSavedDetail,
    };
  }
  if (duplicateNameIndexes(items).length > 0) return { message: INCUMBENT_MESSAGES.duplicateNames };
  return null;
}

// ---- Route parameters ----

/** /opps/{id}/insights/{insightId}: an insight of one opportunity. */
export const insightParams = z.object({ id: int4Id('id'), insightId: int4Id('insightId') });
/** DELETE /opps/{id}/incumbentRenewal?entryId=: the entry to remove. */
export const renewalDeleteQuery = z.object({ entryId: int4Id('entryId') });
