/**
 * PBM rate cards and pricing customizations (issue 19, spec 3 §3 "Pricing customizations",
 * "PBM selection"): the option lists with their defaults, the per-PBM selections (at most 3), and
 * how a rate card plus the selections becomes one grid column's terms. The incumbent's contract
 * and its renewal/competitor entries become columns here too. Decision 0125.
 */
import { z } from 'zod';
import {
  type FeeItem,
  type RebateTier,
  type RenewalEntry,
  DEFAULT_REBATE_TIER,
  REBATE_TIERS,
} from './evaluate-incumbent.ts';
import type {
  ClassDiscounts,
  ClassFees,
  ColumnTerms,
  FeeLine,
  PricingChannel,
} from './repricing.ts';

export const RATE_CARD_PBMS = ['CVS_CAREMARK', 'OPTUMRX', 'EXPRESS_SCRIPTS'] as const;
export type RateCardPbm = (typeof RATE_CARD_PBMS)[number];
export const RATE_CARD_PBM_NAMES: Record<RateCardPbm, string> = {
  CVS_CAREMARK: 'CVS Caremark',
  OPTUMRX: 'Optum',
  EXPRESS_SCRIPTS: 'Express Scripts',
};

// ---- Global customizations (spec 3 §3), each with its default ----

export const PRICING_OPTIONS = [
  'Hospital',
  'Commercial',
  'Pass Through',
  'Re-Invested Rebates',
] as const;
export const MEMBER_POPULATIONS = ['Under 1K', '1K - 5K', 'Over 5K'] as const;
export type MemberPopulation = (typeof MEMBER_POPULATIONS)[number];
export const RETAIL90_OPTIONS = [1, 0] as const;
export const CHANNEL_MANAGEMENT_OPTIONS = ['Yes', 'No'] as const;
export const DISRUPTION_TIERS = ['3TIER', '4TIER'] as const;
export const SPECIALTY_INDICATORS = ['N/A', 'Optum', 'ESI', 'Caremark'] as const;
export const PROTECT_SERVICES_VERSIONS = ['2.0', '1.0'] as const;

export const globalCustomizations = z.object({
  pricing: z.enum(PRICING_OPTIONS).default('Commercial'),
  memberPopulation: z.enum(MEMBER_POPULATIONS).default('Under 1K'),
  rebateTier: z.enum(REBATE_TIERS).default(DEFAULT_REBATE_TIER),
  retail90: z.union([z.literal(1), z.literal(0)]).default(1),
  channelManagement: z.enum(CHANNEL_MANAGEMENT_OPTIONS).default('Yes'),
  disruptionTier: z.enum(DISRUPTION_TIERS).default('3TIER'),
  specialtyIndicator: z.enum(SPECIALTY_INDICATORS).default('N/A'),
  protectServices: z.enum(PROTECT_SERVICES_VERSIONS).default('2.0'),
});
export type GlobalCustomizations = z.infer<typeof globalCustomizations>;

// ---- Per-PBM selections ----

export const PBM_CHANNEL_MANAGEMENT = ['None', 'Voluntary', 'Mandatory Maintenance90'] as const;
export const PBM_PROTECT_SERVICES = ['basic', 'intermediate', 'advanced', 'none'] as const;
export const NET_NEW_OPTIONS = ['Net New', 'Not Net New'] as const;

/** The spec names the option kinds but not their values: these are decision 0125's. */
export const PBM_OPTION_VALUES: Record<
  RateCardPbm,
  {
    formulary: readonly string[];
    pharmacyNetwork: readonly string[];
    specialtyNetwork: readonly string[];
  }
> = {
  CVS_CAREMARK: {
    formulary: ['Standard Control', 'Advanced Control', 'Value'],
    pharmacyNetwork: ['National', 'Choice', 'Value'],
    specialtyNetwork: ['Exclusive', 'Open'],
  },
  OPTUMRX: {
    formulary: ['Premium', 'Select', 'Essential'],
    pharmacyNetwork: ['National', 'Select', 'Saver'],
    specialtyNetwork: ['Exclusive', 'Open'],
  },
  EXPRESS_SCRIPTS: {
    formulary: ['National Preferred', 'Basic', 'High Performance'],
    pharmacyNetwork: ['National Plus', 'National', 'Advantage'],
    specialtyNetwork: ['Exclusive', 'Open'],
  },
};

export const PRICING_MESSAGES = {
  tooManySelections: 'Please select up to 3.',
  faJobsFailed: 'FA Jobs Failed',
  createFaJobFailed: 'Create FA Job Failed',
  noFaJobs: 'No FA Jobs have been run for this file.',
  recalculate: 'New selections detected please recalculate!',
  noGrid: 'No grid available please try again later or a different mapped file',
  gridLoading: 'Pricing Grid is Loading; Please try again.',
  unknownOption: 'Not an option of this PBM',
  iterationNotExplainable:
    'This iteration was saved before its grid could be explained: open its file’s Pricing, recalculate and save it again.',
} as const;

const optionName = z
  .string()
  .min(1)
  .max(100)
  .refine((s) => !s.includes('\u0000'));

/** Spec 3 §3 "PBM selection (CSC data)". */
export const pbmSelection = z
  .object({
    pbm: z.enum(RATE_CARD_PBMS),
    formulary: optionName,
    pharmacyNetwork: optionName,
    specialtyNetwork: optionName,
    channelManagement: z.enum(PBM_CHANNEL_MANAGEMENT).default('None'),
    protectServices: z.enum(PBM_PROTECT_SERVICES).default('basic'),
    netNew: z.enum(NET_NEW_OPTIONS).nullable().default(null),
    includeInOutput: z.boolean().default(true),
  })
  .superRefine((s, ctx) => {
    const values = PBM_OPTION_VALUES[s.pbm];
    for (const key of ['formulary', 'pharmacyNetwork', 'specialtyNetwork'] as const)
      if (!values[key].includes(s[key]))
        ctx.addIssue({ code: 'custom', message: PRICING_MESSAGES.unknownOption, path: [key] });
  });
export type PbmSelection = z.infer<typeof pbmSelection>;

export const pbmSelections = z
  .array(pbmSelection)
  .max(3, { error: PRICING_MESSAGES.tooManySelections });

/** A PBM's selection with every option at its first value (the default). */
export function defaultSelection(pbm: RateCardPbm): PbmSelection {
  const v = PBM_OPTION_VALUES[pbm];
  return {
    pbm,
    formulary: v.formulary[0] as string,
    pharmacyNetwork: v.pharmacyNetwork[0] as string,
    specialtyNetwork: v.specialtyNetwork[0] as string,
    channelManagement: 'None',
    protectServices: 'basic',
    netNew: pbm === 'EXPRESS_SCRIPTS' ? 'Net New' : null,
    includeInOutput: true,
  };
}

// ---- Rate cards ----

/** An option's effect on the base terms: discount points added, rebates scaled, a fee added. */
export interface RateAdjustment {
  option:
    | 'pricing'
    | 'formulary'
    | 'pharmacyNetwork'
    | 'specialtyNetwork'
    | 'channelManagement'
    | 'protectServices'
    | 'netNew';
  value: string;
  brandPoints: number;
  genericPoints: number;
  specialtyPoints: number;
  /** Multiplies the rebates (1 = unchanged; Pass Through keeps them whole, Hospital drops some). */
  rebateFactor: number;
  /** Added PEPM fee (protect services are sold per employee per month). */
  feePepm: number;
}

export interface RateCardTerms {
  discounts: {
    retail: ClassDiscounts;
    retail90: ClassDiscounts;
    mail: ClassDiscounts;
    specialty: number;
  };
  dispensingFees: {
    retail: ClassFees;
    retail90: ClassFees;
    mail: ClassFees;
    specialtyRetail: number;
    specialtyMail: number;
  };
  rebatesPerBrandClaim: Record<RebateTier, Record<PricingChannel, number>>;
  adminFeePepm: Record<MemberPopulation, number>;
  adjustments: RateAdjustment[];
}

export interface RateCard {
  pbm: RateCardPbm;
  effectiveDate: string;
  terms: RateCardTerms;
}

/** The card in force on a date: the latest effective on or before it. */
export function cardInForce(
  cards: readonly RateCard[],
  pbm: RateCardPbm,
  date: string,
): RateCard | null {
  let best: RateCard | null = null;
  for (const c of cards)
    if (c.pbm === pbm && c.effectiveDate <= date && (!best || c.effectiveDate > best.effectiveDate))
      best = c;
  return best;
}

const addPoints = (d: ClassDiscounts, brand: number, generic: number): ClassDiscounts => ({
  brand: d.brand + brand,
  generic: d.generic + generic,
  ssg: d.ssg + generic,
});

/** One PBM column: the card's base terms with every matching option's adjustment applied. */
export function pbmColumnTerms(
  card: RateCard,
  globals: GlobalCustomizations,
  selection: PbmSelection,
): ColumnTerms {
  const chosen: Record<RateAdjustment['option'], string | null> = {
    pricing: globals.pricing,
    formulary: selection.formulary,
    pharmacyNetwork: selection.pharmacyNetwork,
    specialtyNetwork: selection.specialtyNetwork,
    channelManagement: selection.channelManagement,
    protectServices: selection.protectServices,
    netNew: selection.netNew,
  };
  let brand = 0;
  let generic = 0;
  let spec = 0;
  let factor = 1;
  let pepm = 0;
  for (const a of card.terms.adjustments)
    if (chosen[a.option] === a.value) {
      brand += a.brandPoints;
      generic += a.genericPoints;
      spec += a.specialtyPoints;
      factor *= a.rebateFactor;
      pepm += a.feePepm;
    }
  const t = card.terms;
  const rebates = t.rebatesPerBrandClaim[globals.rebateTier];
  const fees: FeeLine[] = [
    {
      name: 'PBM Administrative Fee',
      type: 'PEPM',
      amount: t.adminFeePepm[globals.memberPopulation],
    },
  ];
  if (pepm > 0)
    fees.push({ name: 'Protect Services Fee', type: 'PEPM', amount: Math.round(pepm * 100) / 100 });
  return {
    key: card.pbm,
    name: RATE_CARD_PBM_NAMES[card.pbm],
    pbm: card.pbm,
    discounts: {
      retail: addPoints(t.discounts.retail, brand, generic),
      retail90: addPoints(t.discounts.retail90, brand, generic),
      mail: addPoints(t.discounts.mail, brand, generic),
      specialty: t.discounts.specialty + spec,
    },
    dispensingFees: t.dispensingFees,
    rebateTier: globals.rebateTier,
    rebatesPerBrandClaim: Object.fromEntries(
      Object.entries(rebates).map(([k, v]) => [k, Math.round(v * factor * 100) / 100]),
    ) as Record<PricingChannel, number>,
    fees,
    credits: [],
  };
}

const toLines = (items: readonly FeeItem[]): FeeLine[] =>
  items.map((i) => ({ name: i.name, type: i.type, amount: i.amount }));

/**
 * A renewal or competitor entry as a column. A blank term is 0 (no discount, no fee): the grid
 * then shows the entry as written rather than inventing terms; the specialty guarantees of the
 * second tier (specialtyRetail2, specialtyMail2) are not per-claim rebates and are not used.
 */
export function renewalColumnTerms(entry: RenewalEntry, key: string): ColumnTerms {
  const d = entry.discounts;
  const f = entry.dispensingFees;
  const r = entry.rebateGuarantees;
  const disc = (c: RenewalEntry['discounts']['retail']): ClassDiscounts => ({
    brand: c.brandAWP ?? 0,
    generic: c.genericAWP ?? 0,
    ssg: c.singleSourceGenericAWP ?? c.genericAWP ?? 0,
  });
  const fee = (c: RenewalEntry['dispensingFees']['retail']): ClassFees => ({
    brand: c.brandAWP ?? 0,
    generic: c.genericAWP ?? 0,
  });
  return {
    key,
    name: entry.name,
    pbm: null,
    discounts: {
      retail: disc(d.retail),
      retail90: disc(d.retail90),
      mail: disc(d.mail),
      specialty: d.specialtyAWP ?? 0,
    },
    dispensingFees: {
      retail: fee(f.retail),
      retail90: fee(f.retail90),
      mail: fee(f.mail),
      specialtyRetail: f.specialtyRetailAWP ?? 0,
      specialtyMail: f.specialtyMailAWP ?? 0,
    },
    rebateTier: r.rebateTier,
    rebatesPerBrandClaim: {
      retail: r.retail.guarantee ?? 0,
      retail90: r.retail90.guarantee ?? 0,
      mail: r.mail.guarantee ?? 0,
      specialtyRetail: r.specialtyRetail.guarantee ?? 0,
      specialtyMail: r.specialtyMail.guarantee ?? 0,
    },
    fees: toLines(entry.adminFees),
    credits: toLines(entry.adminCredits),
  };
}

// ---- Illustrative cards (the seed) ----

const chan = (brand: number, generic: number, ssg: number): ClassDiscounts => ({
  brand,
  generic,
  ssg,
});

function card(
  pbm: RateCardPbm,
  shift: number,
  rebate2: number,
  adjustments: RateAdjustment[],
): RateCard {
  const rebates = (base: number): Record<PricingChannel, number> => ({
    retail: base,
    retail90: Math.round(base * 2.6 * 100) / 100,
    mail: Math.round(base * 3 * 100) / 100,
    specialtyRetail: base * 10,
    specialtyMail: base * 12,
  });
  return {
    pbm,
    effectiveDate: '2026-01-01',
    terms: {
      discounts: {
        retail: chan(19 + shift, 82 + shift, 45),
        retail90: chan(22 + shift, 84 + shift, 50),
        mail: chan(25 + shift, 87 + shift, 55),
        specialty: 21 + shift,
      },
      dispensingFees: {
        retail: { brand: 0.75, generic: 0.75 },
        retail90: { brand: 0.5, generic: 0.5 },
        mail: { brand: 0, generic: 0 },
        specialtyRetail: 1,
        specialtyMail: 0,
      },
      rebatesPerBrandClaim: {
        '2TIER': rebates(rebate2),
        '3TIER': rebates(Math.round(rebate2 * 1.15 * 100) / 100),
      },
      adminFeePepm: { 'Under 1K': 3, '1K - 5K': 2, 'Over 5K': 1 },
      adjustments,
    },
  };
}

const adj = (
  option: RateAdjustment['option'],
  value: string,
  points: Partial<Omit<RateAdjustment, 'option' | 'value'>>,
): RateAdjustment => ({
  option,
  value,
  brandPoints: 0,
  genericPoints: 0,
  specialtyPoints: 0,
  rebateFactor: 1,
  feePepm: 0,
  ...points,
});

const COMMON_ADJUSTMENTS: RateAdjustment[] = [
  adj('pricing', 'Pass Through', { brandPoints: -1, genericPoints: -2, feePepm: 4 }),
  adj('pricing', 'Hospital', { brandPoints: 1, rebateFactor: 0.9 }),
  adj('pricing', 'Re-Invested Rebates', { rebateFactor: 0.8, brandPoints: 1.5, genericPoints: 1 }),
  adj('specialtyNetwork', 'Open', { specialtyPoints: -3 }),
  adj('channelManagement', 'Mandatory Maintenance90', { brandPoints: 0.5, genericPoints: 0.5 }),
  adj('protectServices', 'intermediate', { feePepm: 1 }),
  adj('protectServices', 'advanced', { feePepm: 2 }),
];

/**
 * Plausible, illustrative terms (not any PBM's real contract): the seed and the bench start from
 * these; rxbAdmin users replace them with the terms their PBMs actually offer.
 */
export const ILLUSTRATIVE_RATE_CARDS: readonly RateCard[] = [
  card('CVS_CAREMARK', 0, 95, [
    ...COMMON_ADJUSTMENTS,
    adj('formulary', 'Advanced Control', { rebateFactor: 1.1 }),
    adj('pharmacyNetwork', 'Value', { brandPoints: 1, genericPoints: 2 }),
  ]),
  card('OPTUMRX', 0.5, 90, [
    ...COMMON_ADJUSTMENTS,
    adj('formulary', 'Select', { rebateFactor: 1.08 }),
    adj('pharmacyNetwork', 'Saver', { brandPoints: 1, genericPoints: 1.5 }),
  ]),
  card('EXPRESS_SCRIPTS', -0.5, 100, [
    ...COMMON_ADJUSTMENTS,
    adj('formulary', 'High Performance', { rebateFactor: 1.12 }),
    adj('pharmacyNetwork', 'Advantage', { brandPoints: 1, genericPoints: 2 }),
    adj('netNew', 'Net New', { brandPoints: 0.5, genericPoints: 0.5 }),
  ]),
];
