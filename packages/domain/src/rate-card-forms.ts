/**
 * The rate cards' form and API (issue 19 "PBM offerings", decision 0130): one zod schema for a
 * new version of a PBM's card, used by the Rate Cards page's form and by the server, with the
 * field messages; the list and version answers. The card's shape is `rate-cards.ts`'
 * `RateCardTerms`; this file checks it.
 */
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { hasTwoDecimals } from './evaluate-incumbent.ts';
import { NDC11_PATTERN } from './pharmacy-claims.ts';
import {
  FORMULARY_DRUG_STATUSES,
  NET_NEW_OPTIONS,
  PBM_CHANNEL_MANAGEMENT,
  PBM_OPTION_VALUES,
  PBM_PROTECT_SERVICES,
  PRICING_OPTIONS,
  PROTECT_SERVICES_LEVELS,
  PROTECT_SERVICES_VERSIONS,
  RATE_CARD_PBMS,
  type RateAdjustment,
  type RateCardPbm,
  type ProtectServicesRates,
  type RateCardTerms,
} from './rate-cards.ts';
import { PRICING_CHANNELS } from './repricing.ts';
import { int4Id } from './validation.ts';

export const RATE_CARD_NOTE_MAX_LENGTH = 500;
/** A dispensing fee, rebate or PEPM fee above this is a typing mistake, not a term. */
export const RATE_CARD_AMOUNT_MAX = 100_000;
/** Discount points an option adds or removes (either way). */
export const RATE_CARD_POINTS_MAX = 50;
export const RATE_CARD_FACTOR_MAX = 5;
/** Every option value of a PBM once, with room to spare. */
export const RATE_CARD_ADJUSTMENTS_MAX = 40;
/** Formulary drug lines on one card (every formulary option's exclusions and tier moves). */
export const RATE_CARD_FORMULARY_DRUGS_MAX = 3000;
export const RATE_CARD_DRUG_NAME_MAX_LENGTH = 100;

export const RATE_CARD_MESSAGES = {
  percent: 'Must be a percentage from 0 to 100',
  twoDecimals: 'At most two decimals',
  fourDecimals: 'At most four decimals',
  notNegative: 'Must not be negative',
  tooLarge: 'Amount is too large',
  number: 'Must be a number',
  points: `Must be from -${RATE_CARD_POINTS_MAX} to ${RATE_CARD_POINTS_MAX} points`,
  factor: `Must be a factor from 0 to ${RATE_CARD_FACTOR_MAX}`,
  effectiveDateRequired: 'Effective date is required',
  effectiveDateBefore: (current: string) =>
    `The effective date must not be before the current card's (${current})`,
  unknownOption: 'Not an option of this PBM',
  duplicateAdjustment: 'This option value already has an adjustment',
  tooManyAdjustments: `At most ${RATE_CARD_ADJUSTMENTS_MAX} adjustments`,
  adjustedOutOfRange: (low: number, high: number) =>
    `With the options' points this discount ranges from ${low} to ${high}: it must stay within 0 to 100`,
  noteTooLong: `Note must not exceed ${RATE_CARD_NOTE_MAX_LENGTH} characters`,
  nul: 'Must not contain a NUL character',
  notFound: 'No rate card version has this number',
  ndc: 'NDC must be 11 digits (no hyphens)',
  drugNameRequired: 'Drug name is required',
  drugNameTooLong: `Drug name must not exceed ${RATE_CARD_DRUG_NAME_MAX_LENGTH} characters`,
  unknownFormulary: 'Not a formulary of this PBM',
  duplicateFormularyDrug: 'This NDC is already listed for this formulary',
  tooManyFormularyDrugs: `At most ${RATE_CARD_FORMULARY_DRUGS_MAX} formulary drugs`,
} as const;

const M = RATE_CARD_MESSAGES;

/** An AWP discount: 0 to 100, two decimals. */
const percent = z
  .number({ error: M.percent })
  .min(0, { error: M.percent, abort: true })
  .max(100, { error: M.percent, abort: true })
  .refine(hasTwoDecimals, { error: M.twoDecimals, abort: true });

/** A fee, rebate or dollar amount: not negative, two decimals. */
const amount = z
  .number({ error: M.number })
  .min(0, { error: M.notNegative, abort: true })
  .max(RATE_CARD_AMOUNT_MAX, { error: M.tooLarge, abort: true })
  .refine(hasTwoDecimals, { error: M.twoDecimals, abort: true });

const points = z
  .number({ error: M.number })
  .min(-RATE_CARD_POINTS_MAX, { error: M.points, abort: true })
  .max(RATE_CARD_POINTS_MAX, { error: M.points, abort: true })
  .refine(hasTwoDecimals, { error: M.twoDecimals, abort: true });

const hasFourDecimals = (value: number) => {
  const scaled = value * 10_000;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

const factor = z
  .number({ error: M.number })
  .min(0, { error: M.factor, abort: true })
  .max(RATE_CARD_FACTOR_MAX, { error: M.factor, abort: true })
  .refine(hasFourDecimals, { error: M.fourDecimals, abort: true });

const classDiscounts = z.object({ brand: percent, generic: percent, ssg: percent });
const classFees = z.object({ brand: amount, generic: amount });
const perChannel = z.object(
  Object.fromEntries(PRICING_CHANNELS.map((c) => [c, amount])) as Record<
    (typeof PRICING_CHANNELS)[number],
    typeof amount
  >,
);

export const RATE_ADJUSTMENT_OPTIONS = [
  'pricing',
  'formulary',
  'pharmacyNetwork',
  'specialtyNetwork',
  'channelManagement',
  'protectServices',
  'netNew',
] as const satisfies readonly RateAdjustment['option'][];

export const RATE_ADJUSTMENT_OPTION_LABELS: Record<RateAdjustment['option'], string> = {
  pricing: 'Pricing',
  formulary: 'Formulary',
  pharmacyNetwork: 'Pharmacy Network',
  specialtyNetwork: 'Specialty Network',
  channelManagement: 'Channel Management',
  protectServices: 'Protect Services',
  netNew: 'Net New',
};

/** The values an adjustment of `option` may name on `pbm`'s card (spec 3 §3's option lists). */
export function adjustmentValues(
  pbm: RateCardPbm,
  option: RateAdjustment['option'],
): readonly string[] {
  switch (option) {
    case 'pricing':
      return PRICING_OPTIONS;
    case 'formulary':
    case 'pharmacyNetwork':
    case 'specialtyNetwork':
      return PBM_OPTION_VALUES[pbm][option];
    case 'channelManagement':
      return PBM_CHANNEL_MANAGEMENT;
    case 'protectServices':
      return PBM_PROTECT_SERVICES;
    case 'netNew':
      return pbm === 'EXPRESS_SCRIPTS' ? NET_NEW_OPTIONS : [];
  }
}

const noNul = (s: string) => !s.includes('\u0000');

export const rateAdjustmentSchema = z.object({
  option: z.enum(RATE_ADJUSTMENT_OPTIONS),
  value: z.string().min(1).max(100).refine(noNul, { error: M.nul }),
  brandPoints: points,
  genericPoints: points,
  specialtyPoints: points,
  rebateFactor: factor,
  feePepm: amount,
});

export const formularyDrugSchema = z.object({
  formulary: z.string().min(1).max(100).refine(noNul, { error: M.nul }),
  ndc: z.string({ error: M.ndc }).regex(NDC11_PATTERN, { error: M.ndc }),
  drugName: z
    .string({ error: M.drugNameRequired })
    .trim()
    .min(1, { error: M.drugNameRequired, abort: true })
    .max(RATE_CARD_DRUG_NAME_MAX_LENGTH, { error: M.drugNameTooLong, abort: true })
    .refine(noNul, { error: M.nul }),
  status: z.enum(FORMULARY_DRUG_STATUSES),
});

const protectRate = z.object({ specialtyPercent: percent, brandPercent: percent });
const protectLevels = z.object(
  Object.fromEntries(PROTECT_SERVICES_LEVELS.map((l) => [l, protectRate])) as Record<
    (typeof PROTECT_SERVICES_LEVELS)[number],
    typeof protectRate
  >,
);
const zeroRate = { specialtyPercent: 0, brandPercent: 0 };
/** Versions saved before decision 0143 have no rates: every level saves 0. */
export const NO_PROTECT_SERVICES_RATES = Object.fromEntries(
  PROTECT_SERVICES_VERSIONS.map((v) => [
    v,
    Object.fromEntries(PROTECT_SERVICES_LEVELS.map((l) => [l, zeroRate])),
  ]),
) as ProtectServicesRates;

export const rateCardTermsSchema = z.object({
  discounts: z.object({
    retail: classDiscounts,
    retail90: classDiscounts,
    mail: classDiscounts,
    specialty: percent,
  }),
  dispensingFees: z.object({
    retail: classFees,
    retail90: classFees,
    mail: classFees,
    specialtyRetail: amount,
    specialtyMail: amount,
  }),
  rebatesPerBrandClaim: z.object({ '2TIER': perChannel, '3TIER': perChannel }),
  adminFeePepm: z.object({ 'Under 1K': amount, '1K - 5K': amount, 'Over 5K': amount }),
  adjustments: z.array(rateAdjustmentSchema).max(RATE_CARD_ADJUSTMENTS_MAX, {
    error: M.tooManyAdjustments,
  }),
  formularyDrugs: z
    .array(formularyDrugSchema)
    .max(RATE_CARD_FORMULARY_DRUGS_MAX, { error: M.tooManyFormularyDrugs })
    .default([]),
  protectServicesRates: z
    .object(
      Object.fromEntries(PROTECT_SERVICES_VERSIONS.map((v) => [v, protectLevels])) as Record<
        (typeof PROTECT_SERVICES_VERSIONS)[number],
        typeof protectLevels
      >,
    )
    .default(NO_PROTECT_SERVICES_RATES),
}) satisfies z.ZodType<RateCardTerms>;

export type RateCardTermsValues = z.output<typeof rateCardTermsSchema>;

/** A stored card's terms as answered: a version saved before decision 0143 lists nothing. */
export function withTermDefaults(terms: RateCardTerms): RateCardTermsValues {
  return {
    ...terms,
    formularyDrugs: terms.formularyDrugs ?? [],
    protectServicesRates: terms.protectServicesRates ?? NO_PROTECT_SERVICES_RATES,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The lowest and highest points the options can add to a discount: the options are chosen one
 * value each and their points add up (`pbmColumnTerms`), so the extremes are the sums of each
 * option's lowest and highest value (0 when a value has no adjustment).
 */
export function adjustmentPointRange(
  adjustments: readonly RateAdjustment[],
  kind: 'brandPoints' | 'genericPoints' | 'specialtyPoints',
): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (const option of RATE_ADJUSTMENT_OPTIONS) {
    const values = adjustments.filter((a) => a.option === option).map((a) => a[kind]);
    if (values.length === 0) continue;
    low += Math.min(0, ...values);
    high += Math.max(0, ...values);
  }
  return { low: round2(low), high: round2(high) };
}

/** Checks the terms as a whole (option values of the PBM, duplicates, adjusted discounts). */
function checkTerms(pbm: RateCardPbm, terms: RateCardTerms, ctx: z.RefinementCtx, at: string[]) {
  const seen = new Set<string>();
  terms.adjustments.forEach((a, i) => {
    if (!adjustmentValues(pbm, a.option).includes(a.value))
      ctx.addIssue({
        code: 'custom',
        message: M.unknownOption,
        path: [...at, 'adjustments', i, 'value'],
      });
    const key = `${a.option}\u0000${a.value}`;
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        message: M.duplicateAdjustment,
        path: [...at, 'adjustments', i, 'value'],
      });
    seen.add(key);
  });
  const formularies = PBM_OPTION_VALUES[pbm].formulary;
  const listed = new Set<string>();
  (terms.formularyDrugs ?? []).forEach((d, i) => {
    if (!formularies.includes(d.formulary))
      ctx.addIssue({
        code: 'custom',
        message: M.unknownFormulary,
        path: [...at, 'formularyDrugs', i, 'formulary'],
      });
    // One line per NDC and formulary: excluded or non-preferred, not both.
    const key = `${d.formulary}\u0000${d.ndc}`;
    if (listed.has(key))
      ctx.addIssue({
        code: 'custom',
        message: M.duplicateFormularyDrug,
        path: [...at, 'formularyDrugs', i, 'ndc'],
      });
    listed.add(key);
  });
  const brand = adjustmentPointRange(terms.adjustments, 'brandPoints');
  const generic = adjustmentPointRange(terms.adjustments, 'genericPoints');
  const specialty = adjustmentPointRange(terms.adjustments, 'specialtyPoints');
  const check = (base: number, range: { low: number; high: number }, path: (string | number)[]) => {
    const low = round2(base + range.low);
    const high = round2(base + range.high);
    if (low < 0 || high > 100)
      ctx.addIssue({
        code: 'custom',
        message: M.adjustedOutOfRange(low, high),
        path: [...at, ...path],
      });
  };
  for (const channel of ['retail', 'retail90', 'mail'] as const) {
    const d = terms.discounts[channel];
    check(d.brand, brand, ['discounts', channel, 'brand']);
    check(d.generic, generic, ['discounts', channel, 'generic']);
    check(d.ssg, generic, ['discounts', channel, 'ssg']);
  }
  check(terms.discounts.specialty, specialty, ['discounts', 'specialty']);
}

/** A new version of a PBM's card: the form's values and the create call's body. */
export const rateCardVersionInput = z
  .object({
    pbm: z.enum(RATE_CARD_PBMS),
    effectiveDate: z
      .string({ error: M.effectiveDateRequired })
      .min(1, { error: M.effectiveDateRequired, abort: true })
      .pipe(isoDate('Effective date')),
    terms: rateCardTermsSchema,
    note: z
      .string()
      .max(RATE_CARD_NOTE_MAX_LENGTH, { error: M.noteTooLong })
      .refine(noNul, { error: M.nul })
      .transform((s) => s.trim() || null)
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => checkTerms(v.pbm, v.terms, ctx, ['terms']));
export type RateCardVersionInput = z.input<typeof rateCardVersionInput>;
export type RateCardVersionValues = z.output<typeof rateCardVersionInput>;

/**
 * The rule a new version's date keeps, on the form and on the server: not before the PBM's
 * latest card (equal corrects it from the same date). Null when it holds.
 */
export function effectiveDateProblem(
  effectiveDate: string,
  latestEffectiveDate: string | null,
): string | null {
  return latestEffectiveDate !== null && effectiveDate < latestEffectiveDate
    ? M.effectiveDateBefore(latestEffectiveDate)
    : null;
}

// ---- Answers ----

/** Where a version stands on the list's date. */
export const RATE_CARD_VERSION_STATUSES = ['In force', 'Scheduled', 'Superseded'] as const;
export type RateCardVersionStatus = (typeof RATE_CARD_VERSION_STATUSES)[number];

export const rateCardVersionSummary = z.object({
  versionNo: z.number().int(),
  pbm: z.enum(RATE_CARD_PBMS),
  effectiveDate: z.string(),
  status: z.enum(RATE_CARD_VERSION_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** Null for the illustrative cards the system was installed with. */
  createdByName: z.string().nullable(),
});
export type RateCardVersionSummary = z.infer<typeof rateCardVersionSummary>;

export const rateCardVersion = rateCardVersionSummary.extend({ terms: rateCardTermsSchema });
export type RateCardVersion = z.infer<typeof rateCardVersion>;

export const rateCardList = z.object({
  asOf: z.string(),
  pbms: z.array(
    z.object({
      pbm: z.enum(RATE_CARD_PBMS),
      name: z.string(),
      /** The version in force on `asOf`, with its terms (null before the first is effective). */
      inForce: rateCardVersion.nullable(),
      /** Every version, newest effective date first. */
      versions: z.array(rateCardVersionSummary),
    }),
  ),
});
export type RateCardList = z.infer<typeof rateCardList>;

export const rateCardListQuery = z.object({ asOf: isoDate('As of').optional() });
export const rateCardVersionParams = z.object({ versionNo: int4Id('versionNo') });
