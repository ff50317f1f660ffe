/**
 * The repricing rules (issue 19): one claim of the standard claims layout priced under one grid
 * column's terms, and the grid's figures summed from those claims. These are the reference rules;
 * the server's DuckDB engine runs the same rules as set-based SQL and a test holds the two equal
 * to the cent. Decision 0125 records the choices the spec leaves open.
 */
import type { FeeType, RebateTier } from './evaluate-incumbent.ts';

// ---- Claims ----

/** A claim of the standard claims layout (data-mapping.ts CLAIMS_WRITE_FIELDS), already typed. */
export interface StandardClaim {
  claimId: string;
  memberId: string;
  /** ISO date (YYYY-MM-DD); null when the file's value did not parse. */
  fillDate: string | null;
  ndc: string;
  brandGenericIndicator: string | null;
  quantity: number | null;
  daysSupply: number | null;
  pharmacyType: string | null;
  awpUnitCost: number | null;
  awpTotalCost: number | null;
  /** What the incumbent paid (ingredient and fee); used for stats and guarantee reconciliation. */
  ingredientCost: number | null;
  dispensingFee: number | null;
  memberPaid: number | null;
  planPaid: number | null;
  claimStatus: string | null;
}

/** The delivery systems a claim is priced in. */
export const CLAIM_CHANNELS = [
  'retail',
  'retail90',
  'mail',
  'specialtyRetail',
  'specialtyMail',
] as const;
export type ClaimChannel = (typeof CLAIM_CHANNELS)[number];

/** Brand, generic, or single-source generic (priced with its own discount). */
export const DRUG_CLASSES = ['brand', 'generic', 'ssg'] as const;
export type DrugClass = (typeof DRUG_CLASSES)[number];

/** Why a claim was not repriced; each is counted in the grid, none is guessed. */
export const EXCLUSION_REASONS = [
  'badRow',
  'unknownChannel',
  'unknownBrandGeneric',
  'zeroBalance',
  'usualAndCustomary',
  'compound',
  'noPrice',
  'duplicate',
  'unmatchedReversal',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

const norm = (value: string | null): string => (value ?? '').trim().toUpperCase();

/** Pharmacy type codes of the standard layout (decision 0125); anything else is unknown. */
export const PHARMACY_TYPE_CODES: Readonly<Record<string, ClaimChannel>> = {
  R: 'retail',
  RETAIL: 'retail',
  R90: 'retail90',
  RETAIL90: 'retail90',
  'RETAIL 90': 'retail90',
  M: 'mail',
  MAIL: 'mail',
  SR: 'specialtyRetail',
  'SPECIALTY RETAIL': 'specialtyRetail',
  SM: 'specialtyMail',
  S: 'specialtyMail',
  SPECIALTY: 'specialtyMail',
  'SPECIALTY MAIL': 'specialtyMail',
};

/** Brand/generic indicators; multi-source codes N/M are brand, Y/O generic (decision 0125). */
export const BRAND_GENERIC_CODES: Readonly<Record<string, DrugClass>> = {
  B: 'brand',
  BRAND: 'brand',
  N: 'brand',
  M: 'brand',
  G: 'generic',
  GENERIC: 'generic',
  Y: 'generic',
  O: 'generic',
  S: 'ssg',
  SSG: 'ssg',
};

export const REVERSAL_STATUSES = ['R', 'X', 'REVERSED', 'REVERSAL'] as const;
export const USUAL_AND_CUSTOMARY_STATUSES = ['U', 'UC', 'U&C'] as const;
export const COMPOUND_INDICATOR = 'C';

export function isReversal(claim: StandardClaim): boolean {
  return (REVERSAL_STATUSES as readonly string[]).includes(norm(claim.claimStatus));
}

/**
 * Channel locked to the claim's pharmacy type (no steering to another channel); a retail claim of
 * more than 83 days' supply counts as retail90 when Retail 90 is on, and a retail90 claim is
 * priced at retail when it is off.
 */
export function claimChannel(claim: StandardClaim, retail90On: boolean): ClaimChannel | null {
  const channel = PHARMACY_TYPE_CODES[norm(claim.pharmacyType)] ?? null;
  if (channel === 'retail' && retail90On && (claim.daysSupply ?? 0) > 83) return 'retail90';
  if (channel === 'retail90' && !retail90On) return 'retail';
  return channel;
}

/** The claim's own brand/generic indicator is kept; a compound has none. */
export function drugClass(claim: StandardClaim): DrugClass | null {
  return BRAND_GENERIC_CODES[norm(claim.brandGenericIndicator)] ?? null;
}

/** AWP at the fill date from an administrator's price file (AWP or NADAC layout), by NDC. */
export interface PriceRow {
  ndc: string;
  effectiveDate: string;
  unitPrice: number;
}

/**
 * The claim's AWP: its own total, else unit × quantity, else the price file's unit price in force
 * on the fill date × quantity. Never another NDC's price (no substitution).
 */
export function claimAwp(claim: StandardClaim, prices: readonly PriceRow[] = []): number | null {
  if (claim.awpTotalCost !== null && claim.awpTotalCost > 0) return claim.awpTotalCost;
  const quantity = claim.quantity ?? 0;
  if (claim.awpUnitCost !== null && claim.awpUnitCost > 0) return claim.awpUnitCost * quantity;
  let best: PriceRow | null = null;
  for (const row of prices) {
    if (row.ndc !== claim.ndc || claim.fillDate === null || row.effectiveDate > claim.fillDate)
      continue;
    if (best === null || row.effectiveDate > best.effectiveDate) best = row;
  }
  return best === null || best.unitPrice <= 0 ? null : best.unitPrice * quantity;
}

function isCompound(claim: StandardClaim): boolean {
  return norm(claim.brandGenericIndicator) === COMPOUND_INDICATOR || /^0*$/.test(claim.ndc.trim());
}

/** The first reason a (non-reversal) claim cannot be repriced, or null. Order is the documented one. */
export function exclusionReason(
  claim: StandardClaim,
  retail90On: boolean,
  prices: readonly PriceRow[] = [],
): ExclusionReason | null {
  if (
    claim.fillDate === null ||
    claim.quantity === null ||
    claim.quantity <= 0 ||
    claim.daysSupply === null ||
    claim.daysSupply < 0
  )
    return 'badRow';
  if (isCompound(claim)) return 'compound';
  const status = norm(claim.claimStatus);
  if ((USUAL_AND_CUSTOMARY_STATUSES as readonly string[]).includes(status))
    return 'usualAndCustomary';
  if (claim.planPaid !== null && claim.planPaid + (claim.memberPaid ?? 0) === 0)
    return 'zeroBalance';
  if (claimChannel(claim, retail90On) === null) return 'unknownChannel';
  if (drugClass(claim) === null) return 'unknownBrandGeneric';
  if (claimAwp(claim, prices) === null) return 'noPrice';
  return null;
}

export interface NettedClaims {
  /** Paid claims left after reversals, one per claim id, in file order. */
  claims: StandardClaim[];
  reversedPairs: number;
  duplicates: number;
  unmatchedReversals: number;
}

/**
 * Reversals netted against originals: each reversal cancels one paid claim of the same claim id
 * (the earliest first); of the paid claims left, the first is kept and the others are duplicates.
 */
export function netReversals(claims: readonly StandardClaim[]): NettedClaims {
  const reversals = new Map<string, number>();
  for (const c of claims)
    if (isReversal(c)) reversals.set(c.claimId, (reversals.get(c.claimId) ?? 0) + 1);
  const seenPaid = new Map<string, number>();
  const kept: StandardClaim[] = [];
  let reversedPairs = 0;
  let duplicates = 0;
  for (const c of claims) {
    if (isReversal(c)) continue;
    const n = (seenPaid.get(c.claimId) ?? 0) + 1;
    seenPaid.set(c.claimId, n);
    const r = reversals.get(c.claimId) ?? 0;
    if (n <= r) reversedPairs += 1;
    else if (n === r + 1) kept.push(c);
    else duplicates += 1;
  }
  let unmatchedReversals = 0;
  for (const [id, r] of reversals) unmatchedReversals += Math.max(0, r - (seenPaid.get(id) ?? 0));
  return { claims: kept, reversedPairs, duplicates, unmatchedReversals };
}

// ---- Terms ----

export interface ClassDiscounts {
  brand: number;
  generic: number;
  ssg: number;
}
export interface ClassFees {
  brand: number;
  generic: number;
}
export interface FeeLine {
  name: string;
  type: FeeType;
  amount: number;
}

/** One grid column's terms: discounts are percent off AWP, fees and rebates dollars. */
export interface ColumnTerms {
  key: string;
  name: string;
  /** Null for the incumbent and its renewal/competitor entries. */
  pbm: string | null;
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
  rebateTier: RebateTier;
  /** Rebate guaranteed per brand claim, by channel, for the column's rebate tier. */
  rebatesPerBrandClaim: Record<ClaimChannel, number>;
  fees: readonly FeeLine[];
  credits: readonly FeeLine[];
  /** NDCs the column's formulary excludes: the claims that would be disrupted. */
  excludedNdcs?: readonly string[];
}

/** Rounds a non-negative amount to cents, half up (the SQL engine rounds the same way). */
export function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

export function claimDiscount(terms: ColumnTerms, channel: ClaimChannel, cls: DrugClass): number {
  if (channel === 'specialtyRetail' || channel === 'specialtyMail')
    return terms.discounts.specialty;
  return terms.discounts[channel][cls];
}

/** A single-source generic takes the generic dispensing fee; specialty has one fee per channel. */
export function claimDispensingFee(
  terms: ColumnTerms,
  channel: ClaimChannel,
  cls: DrugClass,
): number {
  if (channel === 'specialtyRetail' || channel === 'specialtyMail')
    return terms.dispensingFees[channel];
  return terms.dispensingFees[channel][cls === 'brand' ? 'brand' : 'generic'];
}

export interface PricedClaim {
  claimId: string;
  memberId: string;
  ndc: string;
  channel: ClaimChannel;
  cls: DrugClass;
  awp: number;
  ingredientCost: number;
  dispensingFee: number;
  gross: number;
  memberCostShare: number;
  rebate: number;
}

/** One repriceable claim under one column: ingredient = AWP × (1 − discount), plus the fee. */
export function priceClaim(
  claim: StandardClaim,
  terms: ColumnTerms,
  retail90On: boolean,
  prices: readonly PriceRow[] = [],
): PricedClaim {
  const channel = claimChannel(claim, retail90On) as ClaimChannel;
  const cls = drugClass(claim) as DrugClass;
  const awp = claimAwp(claim, prices) as number;
  const ingredientCost = cents((awp * (100 - claimDiscount(terms, channel, cls))) / 100);
  const dispensingFee = claimDispensingFee(terms, channel, cls);
  return {
    claimId: claim.claimId,
    memberId: claim.memberId,
    ndc: claim.ndc,
    channel,
    cls,
    awp,
    ingredientCost,
    dispensingFee,
    gross: cents(ingredientCost + dispensingFee),
    // Member cost share is kept from the claim: the plan design does not change with the PBM.
    memberCostShare: claim.memberPaid ?? 0,
    rebate: cls === 'brand' ? terms.rebatesPerBrandClaim[channel] : 0,
  };
}

// ---- Fees and credits ----

export interface Population {
  employees: number;
  members: number;
  months: number;
}

/** One Time as is; PEPM × employees × months; PMPM × members × months; Per Claim × claims. */
export function feeAmount(line: FeeLine, population: Population, claims: number): number {
  switch (line.type) {
    case 'One Time':
      return cents(line.amount);
    case 'PEPM':
      return cents(line.amount * population.employees * population.months);
    case 'PMPM':
      return cents(line.amount * population.members * population.months);
    case 'Per Claim':
      return cents(line.amount * claims);
  }
}

// ---- The grid ----

export interface PaidBreakdownRow {
  deliverySystem: ClaimChannel;
  brandGenericInd: DrugClass;
  grossClaimAmountPaid: number;
  totalRx: number;
  /** Percent off AWP actually achieved on the bucket's ingredient cost. */
  effectiveRate: number;
  /** The effective rate, never above the column's guaranteed discount for the bucket. */
  cappedEffRate: number;
}

export interface GridColumn {
  key: string;
  pbm: string | null;
  name: string;
  planCost: {
    grossClaimAmountPaid: number;
    lessMemberCostShare: number;
    totalCredits: number;
    rebateAmount: number;
    totalFees: number;
    netCost: number;
    paidAmountBreakdown: PaidBreakdownRow[];
    feeBreakdown: FeeLine[];
    creditBreakdown: FeeLine[];
  };
  contractSavings: { contractSavings: number; percentSavings: number };
  utilization: {
    percClaimsRepriced: number;
    claimsExcluded: number;
    genericDispensingRate: number;
    specialtyCostShare: number;
    percMembersSpecialtyDrugs: number;
    mailOrderUtilizationRate: number;
  };
  disruption: { pctMembers: number; pctRx: number };
  exclusions: Record<ExclusionReason, number>;
  reversedPairs: number;
}

export interface RepriceOptions {
  retail90: boolean;
  population: Population;
  prices?: readonly PriceRow[];
}

/** Percent to two decimals; 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : cents((part / whole) * 100);
}

const specialty = (c: ClaimChannel) => c === 'specialtyRetail' || c === 'specialtyMail';

/** Every column of the grid; the first column is the incumbent that savings are measured against. */
export function repriceGrid(
  claims: readonly StandardClaim[],
  columns: readonly ColumnTerms[],
  options: RepriceOptions,
): GridColumn[] {
  const netted = netReversals(claims);
  const exclusions = Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])) as Record<
    ExclusionReason,
    number
  >;
  exclusions.duplicate = netted.duplicates;
  exclusions.unmatchedReversal = netted.unmatchedReversals;
  const repriceable: StandardClaim[] = [];
  for (const c of netted.claims) {
    const reason = exclusionReason(c, options.retail90, options.prices);
    if (reason === null) repriceable.push(c);
    else exclusions[reason] += 1;
  }
  const excluded = EXCLUSION_REASONS.reduce((s, r) => s + exclusions[r], 0);
  const grid = columns.map((terms) =>
    gridColumn(repriceable, terms, options, exclusions, excluded, netted.reversedPairs),
  );
  const incumbentNet = grid[0]?.planCost.netCost ?? 0;
  for (const col of grid) {
    const savings = cents(incumbentNet - col.planCost.netCost);
    col.contractSavings = {
      contractSavings: savings,
      percentSavings: percent(savings, incumbentNet),
    };
  }
  return grid;
}

function gridColumn(
  claims: readonly StandardClaim[],
  terms: ColumnTerms,
  options: RepriceOptions,
  exclusions: Record<ExclusionReason, number>,
  excluded: number,
  reversedPairs: number,
): GridColumn {
  const priced = claims.map((c) => priceClaim(c, terms, options.retail90, options.prices));
  let gross = 0;
  let member = 0;
  let rebates = 0;
  let specialtyGross = 0;
  let generics = 0;
  let mail = 0;
  const buckets = new Map<string, { awp: number; ingredient: number; gross: number; rx: number }>();
  const members = new Set<string>();
  const specialtyMembers = new Set<string>();
  const excludedNdcs = new Set(terms.excludedNdcs ?? []);
  const disruptedMembers = new Set<string>();
  let disruptedRx = 0;
  for (const p of priced) {
    gross += p.gross;
    member += p.memberCostShare;
    rebates += p.rebate;
    members.add(p.memberId);
    if (specialty(p.channel)) {
      specialtyGross += p.gross;
      specialtyMembers.add(p.memberId);
    }
    if (p.cls !== 'brand') generics += 1;
    if (p.channel === 'mail') mail += 1;
    if (excludedNdcs.has(p.ndc)) {
      disruptedRx += 1;
      disruptedMembers.add(p.memberId);
    }
    const key = `${p.channel}|${p.cls}`;
    const b = buckets.get(key) ?? { awp: 0, ingredient: 0, gross: 0, rx: 0 };
    b.awp += p.awp;
    b.ingredient += p.ingredientCost;
    b.gross += p.gross;
    b.rx += 1;
    buckets.set(key, b);
  }
  const paidAmountBreakdown: PaidBreakdownRow[] = [];
  for (const channel of CLAIM_CHANNELS)
    for (const cls of DRUG_CLASSES) {
      const b = buckets.get(`${channel}|${cls}`);
      if (!b) continue;
      const effectiveRate = b.awp === 0 ? 0 : cents((1 - b.ingredient / b.awp) * 100);
      paidAmountBreakdown.push({
        deliverySystem: channel,
        brandGenericInd: cls,
        grossClaimAmountPaid: cents(b.gross),
        totalRx: b.rx,
        effectiveRate,
        cappedEffRate: Math.min(effectiveRate, claimDiscount(terms, channel, cls)),
      });
    }
  const feeBreakdown = terms.fees.map((f) => ({
    ...f,
    amount: feeAmount(f, options.population, priced.length),
  }));
  const creditBreakdown = terms.credits.map((f) => ({
    ...f,
    amount: feeAmount(f, options.population, priced.length),
  }));
  const totalFees = cents(feeBreakdown.reduce((s, f) => s + f.amount, 0));
  const totalCredits = cents(creditBreakdown.reduce((s, f) => s + f.amount, 0));
  const grossPaid = cents(gross);
  const lessMember = cents(member);
  const rebateAmount = cents(rebates);
  return {
    key: terms.key,
    pbm: terms.pbm,
    name: terms.name,
    planCost: {
      grossClaimAmountPaid: grossPaid,
      lessMemberCostShare: lessMember,
      totalCredits,
      rebateAmount,
      totalFees,
      netCost: cents(grossPaid - lessMember - totalCredits - rebateAmount + totalFees),
      paidAmountBreakdown,
      feeBreakdown,
      creditBreakdown,
    },
    contractSavings: { contractSavings: 0, percentSavings: 0 },
    utilization: {
      percClaimsRepriced: percent(priced.length, priced.length + excluded),
      claimsExcluded: excluded,
      genericDispensingRate: percent(generics, priced.length),
      specialtyCostShare: percent(specialtyGross, gross),
      percMembersSpecialtyDrugs: percent(specialtyMembers.size, members.size),
      mailOrderUtilizationRate: percent(mail, priced.length),
    },
    disruption: {
      pctMembers: percent(disruptedMembers.size, members.size),
      pctRx: percent(disruptedRx, priced.length),
    },
    exclusions: { ...exclusions },
    reversedPairs,
  };
}

// ---- Guarantees ----

export const GUARANTEE_BUCKETS = ['brand', 'generic', 'dispensingFee'] as const;
export type GuaranteeBucket = (typeof GUARANTEE_BUCKETS)[number];

export interface GuaranteeResult {
  bucket: GuaranteeBucket;
  /** What the claims actually cost in the bucket (their own ingredient cost or fee). */
  actual: number;
  /** What the guaranteed aggregate rate allows for the same claims. */
  guaranteed: number;
  /** Percent off AWP achieved (brand, generic); average fee per claim (dispensing fee). */
  effectiveRate: number;
  /** What a reconciliation would pay back: the excess over the guarantee, never negative. */
  shortfall: number;
}

/**
 * Guarantees are aggregate effective rates per bucket, as contracts write them: the claims the
 * incumbent actually paid are measured against the rate their terms guarantee, over the bucket
 * as a whole (a good claim offsets a bad one). Specialty is outside these buckets.
 */
export function guaranteeReconciliation(
  claims: readonly StandardClaim[],
  terms: ColumnTerms,
  options: RepriceOptions,
): GuaranteeResult[] {
  const sums = {
    brand: { actual: 0, guaranteed: 0, awp: 0, n: 0 },
    generic: { actual: 0, guaranteed: 0, awp: 0, n: 0 },
    dispensingFee: { actual: 0, guaranteed: 0, awp: 0, n: 0 },
  };
  for (const c of netReversals(claims).claims) {
    if (exclusionReason(c, options.retail90, options.prices) !== null) continue;
    if (c.ingredientCost === null) continue;
    const p = priceClaim(c, terms, options.retail90, options.prices);
    if (specialty(p.channel)) continue;
    const b = sums[p.cls === 'brand' ? 'brand' : 'generic'];
    b.actual += c.ingredientCost;
    b.guaranteed += p.ingredientCost;
    b.awp += p.awp;
    b.n += 1;
    const f = sums.dispensingFee;
    f.actual += c.dispensingFee ?? 0;
    f.guaranteed += p.dispensingFee;
    f.n += 1;
  }
  return GUARANTEE_BUCKETS.map((bucket) => {
    const s = sums[bucket];
    const effectiveRate =
      bucket === 'dispensingFee'
        ? s.n === 0
          ? 0
          : cents(s.actual / s.n)
        : s.awp === 0
          ? 0
          : cents((1 - s.actual / s.awp) * 100);
    return {
      bucket,
      actual: cents(s.actual),
      guaranteed: cents(s.guaranteed),
      effectiveRate,
      shortfall: cents(Math.max(0, s.actual - s.guaranteed)),
    };
  });
}

// ---- Incumbent stats ----

export interface IncumbentStats {
  generic: number;
  genericRate: number;
  mail: number;
  mailPercent: number;
  retail90: number;
  retail90Percent: number;
  specialty: number;
  /** Percent off AWP the incumbent achieved on specialty (its own ingredient cost). */
  specialtyEffRate: number;
  specialtyPercent: number;
}

/** Spec 3 §3 "Incumbent stats" over the claims that can be repriced. */
export function incumbentStats(
  claims: readonly StandardClaim[],
  options: Pick<RepriceOptions, 'retail90' | 'prices'>,
): IncumbentStats {
  let n = 0;
  let generic = 0;
  let mail = 0;
  let r90 = 0;
  let spec = 0;
  let specAwp = 0;
  let specPaid = 0;
  for (const c of netReversals(claims).claims) {
    if (exclusionReason(c, options.retail90, options.prices) !== null) continue;
    n += 1;
    const channel = claimChannel(c, options.retail90) as ClaimChannel;
    if (drugClass(c) !== 'brand') generic += 1;
    if (channel === 'mail') mail += 1;
    if (channel === 'retail90') r90 += 1;
    if (specialty(channel)) {
      spec += 1;
      specAwp += claimAwp(c, options.prices) ?? 0;
      specPaid += c.ingredientCost ?? 0;
    }
  }
  return {
    generic,
    genericRate: percent(generic, n),
    mail,
    mailPercent: percent(mail, n),
    retail90: r90,
    retail90Percent: percent(r90, n),
    specialty: spec,
    specialtyEffRate: specAwp === 0 ? 0 : cents((1 - specPaid / specAwp) * 100),
    specialtyPercent: percent(spec, n),
  };
}
