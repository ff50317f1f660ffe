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
import {
  type ClassDiscounts,
  type ClassFees,
  type ColumnTerms,
  type FeeLine,
  type PricingChannel,
  PROTECT_SERVICES_FEE_NAME,
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

/** A drug a formulary excludes, or (the 4-tier view) moves to its non-preferred tier. */
export const FORMULARY_DRUG_STATUSES = ['excluded', 'nonPreferred'] as const;
export type FormularyDrugStatus = (typeof FORMULARY_DRUG_STATUSES)[number];
export const FORMULARY_DRUG_STATUS_LABELS: Record<FormularyDrugStatus, string> = {
  excluded: 'Excluded',
  nonPreferred: 'Non-preferred',
};

/** One line of a card's formulary drug lists (decision 0143): an NDC under one formulary option. */
export interface FormularyDrug {
  /** One of the PBM's formulary option values. */
  formulary: string;
  /** 11 digits, no hyphens (the 5-4-2 form claims carry). */
  ndc: string;
  drugName: string;
  status: FormularyDrugStatus;
}

/** The protect-services levels that save something ('none' saves and costs nothing). */
export const PROTECT_SERVICES_LEVELS = ['basic', 'intermediate', 'advanced'] as const;
export type ProtectServicesLevel = (typeof PROTECT_SERVICES_LEVELS)[number];
export type ProtectServicesVersion = (typeof PROTECT_SERVICES_VERSIONS)[number];

/** Percent of the column's gross paid a protect-services level is estimated to save. */
export interface ProtectServicesRate {
  /** Of the gross paid on specialty claims (both specialty channels). */
  specialtyPercent: number;
  /** Of the gross paid on brand claims outside specialty. */
  brandPercent: number;
}
export type ProtectServicesRates = Record<
  ProtectServicesVersion,
  Record<ProtectServicesLevel, ProtectServicesRate>
>;

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
  /**
   * The NDCs each formulary option excludes or moves to non-preferred (decision 0143). Absent on
   * versions saved before migration 0036: no drug is disrupted.
   */
  formularyDrugs?: FormularyDrug[];
  /** Savings per protect-services version and level (decision 0143); absent = no savings. */
  protectServicesRates?: ProtectServicesRates;
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

/** The fee line of the options' PEPM other than protect services' (Pass Through's). */
export const OPTION_FEE_NAME = 'Option Fees';

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
  let protectPepm = 0;
  for (const a of card.terms.adjustments)
    if (chosen[a.option] === a.value) {
      brand += a.brandPoints;
      generic += a.genericPoints;
      spec += a.specialtyPoints;
      factor *= a.rebateFactor;
      if (a.option === 'protectServices') protectPepm += a.feePepm;
      else pepm += a.feePepm;
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
  // The protect-services level's fee on its own line (its savings are net of it); any other
  // option's PEPM (Pass Through's) on another.
  if (protectPepm > 0)
    fees.push({
      name: PROTECT_SERVICES_FEE_NAME,
      type: 'PEPM',
      amount: Math.round(protectPepm * 100) / 100,
    });
  if (pepm > 0)
    fees.push({ name: OPTION_FEE_NAME, type: 'PEPM', amount: Math.round(pepm * 100) / 100 });
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
    ...formularyDisruption(t.formularyDrugs ?? [], selection.formulary, globals.disruptionTier),
    protectServices: protectServicesTerms(t.protectServicesRates, globals, selection),
  };
}

/**
 * Disruption under the chosen formulary (decision 0143): 3TIER counts the claims on NDCs the
 * formulary excludes; 4TIER also the claims on NDCs it moves to the non-preferred (fourth) tier,
 * which the member keeps but pays more for. Each NDC is counted once.
 */
export function formularyDisruption(
  drugs: readonly FormularyDrug[],
  formulary: string,
  tier: (typeof DISRUPTION_TIERS)[number],
): Pick<ColumnTerms, 'excludedNdcs' | 'disruption'> {
  const excluded = new Set<string>();
  const nonPreferred = new Set<string>();
  for (const d of drugs)
    if (d.formulary === formulary) (d.status === 'excluded' ? excluded : nonPreferred).add(d.ndc);
  for (const ndc of excluded) nonPreferred.delete(ndc);
  const counted = tier === '4TIER' ? [...excluded, ...nonPreferred] : [...excluded];
  return {
    excludedNdcs: counted,
    disruption: {
      formulary,
      tier,
      excluded: excluded.size,
      nonPreferred: nonPreferred.size,
    },
  };
}

/** The chosen protect-services level's rates under the global version; none for 'none'. */
function protectServicesTerms(
  rates: ProtectServicesRates | undefined,
  globals: GlobalCustomizations,
  selection: PbmSelection,
): ColumnTerms['protectServices'] {
  if (selection.protectServices === 'none') return undefined;
  const rate = rates?.[globals.protectServices][selection.protectServices];
  return {
    version: globals.protectServices,
    level: selection.protectServices,
    specialtyPercent: rate?.specialtyPercent ?? 0,
    brandPercent: rate?.brandPercent ?? 0,
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

/** Brand products of the demo drug catalogue the illustrative formularies list (their NDC-11s). */
const DEMO_PRODUCTS: Record<string, readonly string[]> = {
  Abilify: ['59148000613', '59148001113'],
  Adlarity: ['65038005603'],
  Advair: ['00173069500', '00173069600', '00173069700'],
  Ambien: ['00024540131', '00024552110'],
  Benicar: ['65597010130', '65597010403'],
  Brilinta: ['00186077739', '00186077760'],
  Celebrex: ['00025151501', '00025153001'],
  Cialis: ['00002446534', '00002446230', '00002446330', '00002446430'],
  Concerta: ['50458058501', '50458058701'],
  Cozaar: ['00006095154', '00006096031'],
  Crestor: ['00310075590', '00310075430'],
  Cymbalta: ['00002323560', '00002324030', '00002324090', '00002327030', '00002327004'],
  Diovan: ['00078042315', '00078036034'],
  Effient: ['00002512130', '00002512330', '00002512377'],
  Evista: ['00002416530', '00002416502'],
  Farxiga: ['00310620530', '00310621030'],
  Flovent: ['00173071820', '00173072020'],
  Humalog: ['00002751001', '00002751017', '00002751659', '00002751101', '00002751201'],
  Invokana: ['50458014030', '50458014130'],
  Janumet: ['00006007861', '00006008131'],
  Januvia: ['00006027731', '00006027754'],
  'Lantus Solostar': ['00088221900', '00088221905'],
  Latuda: ['63402030230', '63402031230'],
  Levemir: ['00169368712', '00169643810'],
  Lexapro: ['00456200501', '00456201001'],
  Lipitor: ['00071015523', '00071015823'],
  Livalo: ['00002477090', '00002477190', '00002477290'],
  Lyrica: ['00071102001', '00071101568', '00071101868'],
  Namenda: ['00456320563', '00456321063'],
  Nexium: ['00186502031', '00186504031'],
  Norvasc: ['00069152068', '00069154068'],
  Novolog: ['00169330312', '00169330390'],
  Pennsaid: ['75987004005'],
  Pradaxa: ['00597014954', '00597013554'],
  Proair: ['59310057922'],
  Singulair: ['00006071131', '00006911731'],
  Spiriva: ['00597007541', '00597007547'],
  Symbicort: ['00186037220', '00186037020'],
  Tradjenta: ['00597014030', '00597014090'],
  Uloric: ['64764091830', '64764067730'],
  Valtrex: ['00173093308', '00173093310'],
  Ventolin: ['00173068220', '00173068221'],
  Vesicare: ['51248015001', '51248015101'],
  Viagra: ['00069420030', '00069422030'],
  Vyvanse: ['59417010110', '59417010710'],
  Xarelto: ['50458058030', '50458057830', '50458057930'],
  Zetia: ['66582041430', '66582041431'],
  Zoloft: ['00049494023', '00049491030'],
};

/**
 * Per formulary option, least to most restrictive (the PBM's option order): the products it
 * excludes and those it moves to non-preferred, each option adding to the one before it.
 */
type FormularyPlan = { formulary: string; excluded: string[]; nonPreferred: string[] }[];

function formularyDrugs(plan: FormularyPlan): FormularyDrug[] {
  const out: FormularyDrug[] = [];
  const excluded: string[] = [];
  const nonPreferred: string[] = [];
  for (const step of plan) {
    excluded.push(...step.excluded);
    nonPreferred.push(...step.nonPreferred);
    for (const [list, status] of [
      [excluded, 'excluded'],
      [nonPreferred, 'nonPreferred'],
    ] as const)
      for (const product of list)
        for (const ndc of DEMO_PRODUCTS[product] ?? [])
          out.push({ formulary: step.formulary, ndc, drugName: product, status });
  }
  return out;
}

/** Illustrative protect-services savings: 2.0 (the current program) saves more than 1.0. */
const PROTECT_SERVICES_RATES: ProtectServicesRates = {
  '2.0': {
    basic: { specialtyPercent: 2, brandPercent: 0.5 },
    intermediate: { specialtyPercent: 4, brandPercent: 1 },
    advanced: { specialtyPercent: 6, brandPercent: 1.5 },
  },
  '1.0': {
    basic: { specialtyPercent: 1.5, brandPercent: 0.25 },
    intermediate: { specialtyPercent: 3, brandPercent: 0.75 },
    advanced: { specialtyPercent: 4.5, brandPercent: 1 },
  },
};

function card(
  pbm: RateCardPbm,
  shift: number,
  rebate2: number,
  adjustments: RateAdjustment[],
  formularies: FormularyPlan,
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
      formularyDrugs: formularyDrugs(formularies),
      protectServicesRates: PROTECT_SERVICES_RATES,
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
  card(
    'CVS_CAREMARK',
    0,
    95,
    [
      ...COMMON_ADJUSTMENTS,
      adj('formulary', 'Advanced Control', { rebateFactor: 1.1 }),
      adj('pharmacyNetwork', 'Value', { brandPoints: 1, genericPoints: 2 }),
    ],
    [
      {
        formulary: 'Standard Control',
        excluded: ['Cialis', 'Evista', 'Livalo', 'Pennsaid', 'Adlarity'],
        nonPreferred: ['Crestor', 'Lipitor', 'Nexium'],
      },
      {
        formulary: 'Advanced Control',
        excluded: ['Januvia', 'Tradjenta', 'Zetia', 'Benicar', 'Proair'],
        nonPreferred: ['Symbicort', 'Advair'],
      },
      {
        formulary: 'Value',
        excluded: ['Lexapro', 'Cymbalta', 'Zoloft', 'Celebrex', 'Ambien', 'Viagra'],
        nonPreferred: ['Humalog', 'Novolog', 'Xarelto'],
      },
    ],
  ),
  card(
    'OPTUMRX',
    0.5,
    90,
    [
      ...COMMON_ADJUSTMENTS,
      adj('formulary', 'Select', { rebateFactor: 1.08 }),
      adj('pharmacyNetwork', 'Saver', { brandPoints: 1, genericPoints: 1.5 }),
    ],
    [
      {
        formulary: 'Premium',
        excluded: ['Evista', 'Effient', 'Livalo', 'Uloric', 'Adlarity'],
        nonPreferred: ['Lipitor', 'Norvasc'],
      },
      {
        formulary: 'Select',
        excluded: ['Invokana', 'Farxiga', 'Benicar', 'Diovan', 'Ventolin'],
        nonPreferred: ['Spiriva', 'Flovent'],
      },
      {
        formulary: 'Essential',
        excluded: ['Zoloft', 'Lexapro', 'Abilify', 'Latuda', 'Vyvanse', 'Namenda'],
        nonPreferred: ['Levemir', 'Lantus Solostar', 'Pradaxa'],
      },
    ],
  ),
  card(
    'EXPRESS_SCRIPTS',
    -0.5,
    100,
    [
      ...COMMON_ADJUSTMENTS,
      adj('formulary', 'High Performance', { rebateFactor: 1.12 }),
      adj('pharmacyNetwork', 'Advantage', { brandPoints: 1, genericPoints: 2 }),
      adj('netNew', 'Net New', { brandPoints: 0.5, genericPoints: 0.5 }),
    ],
    [
      {
        formulary: 'National Preferred',
        excluded: ['Cialis', 'Livalo', 'Uloric', 'Pennsaid'],
        nonPreferred: ['Crestor', 'Cozaar'],
      },
      {
        formulary: 'Basic',
        excluded: ['Januvia', 'Janumet', 'Invokana', 'Symbicort', 'Benicar'],
        nonPreferred: ['Singulair', 'Advair'],
      },
      {
        formulary: 'High Performance',
        excluded: ['Cymbalta', 'Lyrica', 'Celebrex', 'Vesicare', 'Concerta', 'Valtrex'],
        nonPreferred: ['Brilinta', 'Xarelto', 'Humalog'],
      },
    ],
  ),
];
