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
  /**
   * The typed fields whose cell was present but did not parse (their value above is null): the
   * row is a bad row, never read as blank or zero. A blank cell is not listed here.
   */
  unparseable?: readonly ClaimValueField[];
}

/** The standard layout's typed fields (a date and numbers), in the layout's order. */
export const CLAIM_VALUE_FIELDS = [
  'fillDate',
  'quantity',
  'daysSupply',
  'awpUnitCost',
  'awpTotalCost',
  'ingredientCost',
  'dispensingFee',
  'memberPaid',
  'planPaid',
] as const;
export type ClaimValueField = (typeof CLAIM_VALUE_FIELDS)[number];

export const CLAIM_VALUE_FIELD_LABELS: Readonly<Record<ClaimValueField, string>> = {
  fillDate: 'Fill Date',
  quantity: 'Quantity',
  daysSupply: 'Days Supply',
  awpUnitCost: 'AWP Unit Cost',
  awpTotalCost: 'AWP Total Cost',
  ingredientCost: 'Ingredient Cost',
  dispensingFee: 'Dispensing Fee',
  memberPaid: 'Member Paid',
  planPaid: 'Plan Paid',
};

/**
 * A number cell of the mapped claims file: optional sign, digits with at most one decimal point,
 * optional exponent. No currency signs, thousands separators, NaN or Infinity: those are not
 * guessed. The engine's SQL uses the same pattern (pricing.engine.ts).
 */
export const CLAIM_NUMBER_PATTERN = '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$';
const CLAIM_NUMBER_RE = new RegExp(CLAIM_NUMBER_PATTERN);

/** A typed cell as read: its value (null when blank), or 'unparseable' when present but bad. */
export type ClaimCell<T> = { value: T | null } | 'unparseable';

/** A cell read as a claim's number. */
export function parseClaimNumber(cell: string | null | undefined): ClaimCell<number> {
  const text = (cell ?? '').trim();
  if (text === '') return { value: null };
  if (!CLAIM_NUMBER_RE.test(text)) return 'unparseable';
  const value = Number(text);
  return Number.isFinite(value) ? { value } : 'unparseable';
}

/** A fill date cell (YYYY-MM-DD or MM/DD/YYYY, a real day) read as an ISO date. */
export function parseClaimDate(cell: string | null | undefined): ClaimCell<string> {
  const text = (cell ?? '').trim();
  if (text === '') return { value: null };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]]
    : us
      ? [us[3], us[1], us[2]]
      : [undefined, undefined, undefined];
  if (y === undefined || m === undefined || d === undefined) return 'unparseable';
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return 'unparseable';
  return { value: date.toISOString().slice(0, 10) };
}

/** Why a bad row is bad: its first field (in layout order) and the problem with it. */
export const BAD_VALUE_PROBLEMS = ['unparseable', 'required', 'notPositive', 'negative'] as const;
export type BadValueProblem = (typeof BAD_VALUE_PROBLEMS)[number];

export function badValueMessage(field: ClaimValueField, problem: BadValueProblem): string {
  const label = CLAIM_VALUE_FIELD_LABELS[field];
  switch (problem) {
    case 'unparseable':
      return field === 'fillDate'
        ? `${label} is not a date (YYYY-MM-DD or MM/DD/YYYY)`
        : `${label} is not a number`;
    case 'required':
      return `${label} is required`;
    case 'notPositive':
      return `${label} must be more than 0`;
    case 'negative':
      return `${label} must not be negative`;
  }
}

/**
 * The first problem of a claim that makes it a bad row, or null: in layout order, a present but
 * unparseable value, a blank fill date, quantity or days supply, a quantity of 0 or less, a
 * negative days supply. A blank optional amount (AWP, ingredient cost, fee, member or plan paid)
 * is no problem: it stays null.
 */
export function badRowProblem(
  claim: StandardClaim,
): { field: ClaimValueField; problem: BadValueProblem } | null {
  const unparseable = new Set(claim.unparseable ?? []);
  for (const field of CLAIM_VALUE_FIELDS) {
    if (unparseable.has(field)) return { field, problem: 'unparseable' };
    const value = claim[field];
    if (field === 'fillDate' || field === 'quantity' || field === 'daysSupply')
      if (value === null) return { field, problem: 'required' };
    if (field === 'quantity' && (value as number) <= 0) return { field, problem: 'notPositive' };
    if (field === 'daysSupply' && (value as number) < 0) return { field, problem: 'negative' };
  }
  return null;
}

/** The delivery systems a claim is priced in. */
export const PRICING_CHANNELS = [
  'retail',
  'retail90',
  'mail',
  'specialtyRetail',
  'specialtyMail',
] as const;
export type PricingChannel = (typeof PRICING_CHANNELS)[number];

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
export const PHARMACY_TYPE_CODES: Readonly<Record<string, PricingChannel>> = {
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
export function claimChannel(claim: StandardClaim, retail90On: boolean): PricingChannel | null {
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
  if (badRowProblem(claim)) return 'badRow';
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
  rebatesPerBrandClaim: Record<PricingChannel, number>;
  fees: readonly FeeLine[];
  credits: readonly FeeLine[];
  /**
   * NDCs whose claims the column disrupts: the formulary's exclusions, and under the 4TIER
   * disruption view its non-preferred NDCs too (decision 0143).
   */
  excludedNdcs?: readonly string[];
  /** Where `excludedNdcs` came from, for the explain feature (PBM columns only). */
  disruption?: { formulary: string; tier: string; excluded: number; nonPreferred: number };
  /** The protect-services level's savings rates (PBM columns with a level other than none). */
  protectServices?: {
    version: string;
    level: string;
    specialtyPercent: number;
    brandPercent: number;
  };
}

/** Rounds a non-negative amount to cents, half up (the SQL engine rounds the same way). */
export function repriceCents(value: number): number {
  // `|| 0` turns -0 into 0 so equal figures compare equal.
  return Math.round(value * 100) / 100 || 0;
}

export function claimDiscount(terms: ColumnTerms, channel: PricingChannel, cls: DrugClass): number {
  if (channel === 'specialtyRetail' || channel === 'specialtyMail')
    return terms.discounts.specialty;
  return terms.discounts[channel][cls];
}

/** A single-source generic takes the generic dispensing fee; specialty has one fee per channel. */
export function claimDispensingFee(
  terms: ColumnTerms,
  channel: PricingChannel,
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
  channel: PricingChannel;
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
  const channel = claimChannel(claim, retail90On) as PricingChannel;
  const cls = drugClass(claim) as DrugClass;
  const awp = claimAwp(claim, prices) as number;
  const ingredientCost = repriceCents((awp * (100 - claimDiscount(terms, channel, cls))) / 100);
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
    gross: repriceCents(ingredientCost + dispensingFee),
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
      return repriceCents(line.amount);
    case 'PEPM':
      return repriceCents(line.amount * population.employees * population.months);
    case 'PMPM':
      return repriceCents(line.amount * population.members * population.months);
    case 'Per Claim':
      return repriceCents(line.amount * claims);
  }
}

// ---- The grid ----

export interface PaidBreakdownRow {
  deliverySystem: PricingChannel;
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
  /** Absent on grids stored before decision 0143 (read as zero savings). */
  protectServices?: ProtectServicesSavings;
  exclusions: Record<ExclusionReason, number>;
  reversedPairs: number;
}

/** Spec 3 §3 "Pricing grid column" protectServices. */
export interface ProtectServicesSavings {
  savingsPotential: number;
  netSavingsAfterFees: number;
  breakdown: { protectType: string; savings: number }[];
}

/** The fee line protect services add (rate cards' option PEPM); net savings subtract it. */
export const PROTECT_SERVICES_FEE_NAME = 'Protect Services Fee';

/**
 * Protect-services savings (decision 0143), an estimate kept apart from the net cost: the
 * level's percent of the gross paid on specialty claims plus its percent of the gross paid on
 * brand claims outside specialty, each rounded to cents; net of the Protect Services Fee the
 * column pays. A column without protect services (the incumbent, renewals, level none) saves 0
 * and has no breakdown.
 */
export function protectServicesSavings(
  terms: Pick<ColumnTerms, 'protectServices'>,
  gross: { specialty: number; brand: number },
  fees: readonly FeeLine[],
): ProtectServicesSavings {
  const p = terms.protectServices;
  if (!p) return { savingsPotential: 0, netSavingsAfterFees: 0, breakdown: [] };
  const specialtySavings = repriceCents((gross.specialty * p.specialtyPercent) / 100);
  const brandSavings = repriceCents((gross.brand * p.brandPercent) / 100);
  const potential = repriceCents(specialtySavings + brandSavings);
  const fee = fees
    .filter((f) => f.name === PROTECT_SERVICES_FEE_NAME)
    .reduce((s, f) => s + f.amount, 0);
  return {
    savingsPotential: potential,
    netSavingsAfterFees: Math.round((potential - fee) * 100) / 100 || 0,
    breakdown: [
      { protectType: 'Specialty', savings: specialtySavings },
      { protectType: 'Brand', savings: brandSavings },
    ],
  };
}

export interface RepriceOptions {
  retail90: boolean;
  population: Population;
  prices?: readonly PriceRow[];
}

/** Percent to two decimals; 0 when there is nothing to divide by. */
export function repricePercent(part: number, whole: number): number {
  return whole === 0 ? 0 : repriceCents((part / whole) * 100);
}

const specialty = (c: PricingChannel) => c === 'specialtyRetail' || c === 'specialtyMail';

/** What the grid needs of one column's repriced claims; the SQL engine returns the same sums. */
export interface ColumnAggregates {
  claims: number;
  gross: number;
  memberCostShare: number;
  rebates: number;
  generics: number;
  mail: number;
  specialtyGross: number;
  members: number;
  specialtyMembers: number;
  disruptedRx: number;
  disruptedMembers: number;
  buckets: {
    channel: PricingChannel;
    cls: DrugClass;
    awp: number;
    ingredient: number;
    gross: number;
    rx: number;
  }[];
}

/** The exclusion counts shared by every column (they do not depend on the terms). */
export interface ClaimCounts {
  exclusions: Record<ExclusionReason, number>;
  reversedPairs: number;
}

/** Netting and exclusions: the claims that can be repriced and the counts of the others. */
export function repriceableClaims(
  claims: readonly StandardClaim[],
  options: Pick<RepriceOptions, 'retail90' | 'prices'>,
): { claims: StandardClaim[]; counts: ClaimCounts } {
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
  return { claims: repriceable, counts: { exclusions, reversedPairs: netted.reversedPairs } };
}

/** Every column of the grid; the first column is the incumbent that savings are measured against. */
export function repriceGrid(
  claims: readonly StandardClaim[],
  columns: readonly ColumnTerms[],
  options: RepriceOptions,
): GridColumn[] {
  const { claims: repriceable, counts } = repriceableClaims(claims, options);
  const aggregates = columns.map((terms) => aggregateColumn(repriceable, terms, options));
  return assembleGrid(columns, aggregates, counts, options);
}

/** Sums one column's repriced claims (the reference for the engine's SQL). */
export function aggregateColumn(
  claims: readonly StandardClaim[],
  terms: ColumnTerms,
  options: Pick<RepriceOptions, 'retail90' | 'prices'>,
): ColumnAggregates {
  const a: ColumnAggregates = {
    claims: 0,
    gross: 0,
    memberCostShare: 0,
    rebates: 0,
    generics: 0,
    mail: 0,
    specialtyGross: 0,
    members: 0,
    specialtyMembers: 0,
    disruptedRx: 0,
    disruptedMembers: 0,
    buckets: [],
  };
  const members = new Set<string>();
  const specialtyMembers = new Set<string>();
  const excludedNdcs = new Set(terms.excludedNdcs ?? []);
  const disruptedMembers = new Set<string>();
  const buckets = new Map<string, ColumnAggregates['buckets'][number]>();
  for (const c of claims) {
    const p = priceClaim(c, terms, options.retail90, options.prices);
    a.claims += 1;
    a.gross += p.gross;
    a.memberCostShare += p.memberCostShare;
    a.rebates += p.rebate;
    members.add(p.memberId);
    if (specialty(p.channel)) {
      a.specialtyGross += p.gross;
      specialtyMembers.add(p.memberId);
    }
    if (p.cls !== 'brand') a.generics += 1;
    if (p.channel === 'mail') a.mail += 1;
    if (excludedNdcs.has(p.ndc)) {
      a.disruptedRx += 1;
      disruptedMembers.add(p.memberId);
    }
    const key = `${p.channel}|${p.cls}`;
    const b = buckets.get(key) ?? {
      channel: p.channel,
      cls: p.cls,
      awp: 0,
      ingredient: 0,
      gross: 0,
      rx: 0,
    };
    b.awp += p.awp;
    b.ingredient += p.ingredientCost;
    b.gross += p.gross;
    b.rx += 1;
    buckets.set(key, b);
  }
  a.members = members.size;
  a.specialtyMembers = specialtyMembers.size;
  a.disruptedMembers = disruptedMembers.size;
  a.buckets = [...buckets.values()];
  return a;
}

/** The grid from each column's sums: fees and credits, net cost, savings against the first column. */
export function assembleGrid(
  columns: readonly ColumnTerms[],
  aggregates: readonly ColumnAggregates[],
  counts: ClaimCounts,
  options: Pick<RepriceOptions, 'population'>,
): GridColumn[] {
  const grid = columns.map((terms, i) =>
    assembleColumn(terms, aggregates[i] as ColumnAggregates, counts, options.population),
  );
  const incumbentNet = grid[0]?.planCost.netCost ?? 0;
  for (const col of grid) {
    const savings = repriceCents(incumbentNet - col.planCost.netCost);
    col.contractSavings = {
      contractSavings: savings,
      percentSavings: repricePercent(savings, incumbentNet),
    };
  }
  return grid;
}

function assembleColumn(
  terms: ColumnTerms,
  a: ColumnAggregates,
  counts: ClaimCounts,
  population: Population,
): GridColumn {
  const excluded = EXCLUSION_REASONS.reduce((s, r) => s + counts.exclusions[r], 0);
  const paidAmountBreakdown: PaidBreakdownRow[] = [];
  for (const channel of PRICING_CHANNELS)
    for (const cls of DRUG_CLASSES) {
      const b = a.buckets.find((x) => x.channel === channel && x.cls === cls);
      if (!b) continue;
      const effectiveRate = b.awp === 0 ? 0 : repriceCents((1 - b.ingredient / b.awp) * 100);
      paidAmountBreakdown.push({
        deliverySystem: channel,
        brandGenericInd: cls,
        grossClaimAmountPaid: repriceCents(b.gross),
        totalRx: b.rx,
        effectiveRate,
        cappedEffRate: Math.min(effectiveRate, claimDiscount(terms, channel, cls)),
      });
    }
  const feeBreakdown = terms.fees.map((f) => ({
    ...f,
    amount: feeAmount(f, population, a.claims),
  }));
  const creditBreakdown = terms.credits.map((f) => ({
    ...f,
    amount: feeAmount(f, population, a.claims),
  }));
  const totalFees = repriceCents(feeBreakdown.reduce((s, f) => s + f.amount, 0));
  const totalCredits = repriceCents(creditBreakdown.reduce((s, f) => s + f.amount, 0));
  const grossPaid = repriceCents(a.gross);
  const lessMember = repriceCents(a.memberCostShare);
  const rebateAmount = repriceCents(a.rebates);
  const brandGross = a.buckets
    .filter((b) => b.cls === 'brand' && !specialty(b.channel))
    .reduce((s, b) => s + b.gross, 0);
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
      netCost: repriceCents(grossPaid - lessMember - totalCredits - rebateAmount + totalFees),
      paidAmountBreakdown,
      feeBreakdown,
      creditBreakdown,
    },
    contractSavings: { contractSavings: 0, percentSavings: 0 },
    utilization: {
      percClaimsRepriced: repricePercent(a.claims, a.claims + excluded),
      claimsExcluded: excluded,
      genericDispensingRate: repricePercent(a.generics, a.claims),
      specialtyCostShare: repricePercent(a.specialtyGross, a.gross),
      percMembersSpecialtyDrugs: repricePercent(a.specialtyMembers, a.members),
      mailOrderUtilizationRate: repricePercent(a.mail, a.claims),
    },
    disruption: {
      pctMembers: repricePercent(a.disruptedMembers, a.members),
      pctRx: repricePercent(a.disruptedRx, a.claims),
    },
    protectServices: protectServicesSavings(
      terms,
      { specialty: a.specialtyGross, brand: brandGross },
      feeBreakdown,
    ),
    exclusions: { ...counts.exclusions },
    reversedPairs: counts.reversedPairs,
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
  options: Pick<RepriceOptions, 'retail90' | 'prices'>,
): GuaranteeResult[] {
  const sums: GuaranteeSums = {
    brand: { actual: 0, guaranteed: 0, awp: 0, n: 0 },
    generic: { actual: 0, guaranteed: 0, awp: 0, n: 0 },
    dispensingFee: { actual: 0, guaranteed: 0, awp: 0, n: 0 },
  };
  for (const c of repriceableClaims(claims, options).claims) {
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
  return assembleGuarantees(sums);
}

/** Per bucket: what the claims cost, what the guarantee allows, their AWP and count. */
export type GuaranteeSums = Record<
  GuaranteeBucket,
  { actual: number; guaranteed: number; awp: number; n: number }
>;

/** The reconciliation from the bucket sums (shared with the SQL engine). */
export function assembleGuarantees(sums: GuaranteeSums): GuaranteeResult[] {
  return GUARANTEE_BUCKETS.map((bucket) => {
    const s = sums[bucket];
    const effectiveRate =
      bucket === 'dispensingFee'
        ? s.n === 0
          ? 0
          : repriceCents(s.actual / s.n)
        : s.awp === 0
          ? 0
          : repriceCents((1 - s.actual / s.awp) * 100);
    return {
      bucket,
      actual: repriceCents(s.actual),
      guaranteed: repriceCents(s.guaranteed),
      effectiveRate,
      shortfall: repriceCents(Math.max(0, s.actual - s.guaranteed)),
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
    const channel = claimChannel(c, options.retail90) as PricingChannel;
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
    genericRate: repricePercent(generic, n),
    mail,
    mailPercent: repricePercent(mail, n),
    retail90: r90,
    retail90Percent: repricePercent(r90, n),
    specialty: spec,
    specialtyEffRate: specAwp === 0 ? 0 : repriceCents((1 - specPaid / specAwp) * 100),
    specialtyPercent: repricePercent(spec, n),
  };
}
