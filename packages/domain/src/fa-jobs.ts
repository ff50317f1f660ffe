/**
 * Financial analysis jobs, incumbent stats, recalculation and "explain a cell" (issue 19; spec 3
 * §3 "Incumbent stats", "PBM selection", "Pricing grid column", "FA job status", "Pricing
 * customizations", §4 "Pricing", "FA job status", §7 "Evaluate service": fa_jobs, fa,
 * incumbentStats). Decision 0131. The repricing rules are repricing.ts; the terms rate-cards.ts.
 */
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { int4Id, int4IdValue } from './validation.ts';
import { footNote } from './claims-files.ts';
import { CONTRACT_TERMS, discountValue } from './evaluate.ts';
import type { FeeItem } from './evaluate-incumbent.ts';
import {
  DISRUPTION_TIERS,
  PRICING_OPTIONS,
  SPECIALTY_INDICATORS,
  globalCustomizations,
  pbmSelections,
} from './rate-cards.ts';
import {
  CLAIM_VALUE_FIELDS,
  DRUG_CLASSES,
  EXCLUSION_REASONS,
  PRICING_CHANNELS,
  PROTECT_SERVICES_FEE_NAME,
  claimDiscount,
  claimDispensingFee,
  type ColumnTerms,
  type DrugClass,
  type GridColumn,
  type Population,
  type PricingChannel,
} from './repricing.ts';

// ---- FA job status (spec 3 §4 "FA job status") ----

export const FA_JOB_STATUSES = ['CREATED', 'IN_PROGRESS', 'COMPLETE', 'ERROR'] as const;
export type FaJobStatusValue = (typeof FA_JOB_STATUSES)[number];
/** The screen polls every 5 s while the job is CREATED or IN_PROGRESS (spec 3 §9). */
export const FA_JOB_POLL_MS = 5000;
/** Bad rows listed per row on the job (the counts cover them all). */
export const FA_BAD_ROWS_LISTED = 1000;

/** Labels of the exclusion reasons (the job's bad rows, the grid's footnote). */
export const EXCLUSION_REASON_LABELS: Record<(typeof EXCLUSION_REASONS)[number], string> = {
  badRow: 'Bad date, quantity, days supply or amount',
  unknownChannel: 'Unknown pharmacy type (channel)',
  unknownBrandGeneric: 'Unknown brand/generic indicator',
  zeroBalance: 'Zero-balance claim',
  usualAndCustomary: 'Usual and customary claim',
  compound: 'Compound',
  noPrice: 'No usable AWP',
  duplicate: 'Duplicate claim id',
  unmatchedReversal: 'Reversal with no claim to cancel',
};

export const faJobParams = z.object({ id: int4Id('id') });
export const faJobStatusParams = z.object({ id: int4Id('id'), fileId: int4Id('fileId') });

const required = (label: string) => ({ error: `${label} is required` });

/**
 * POST /opps/fa_jobs/{id} (spec 3 §7): the mapped file (`fileStorageID`: the mapped claims
 * file's id, the x of /opps/{id}/claims/{x}), pricing option, disruption type and specialty
 * indicator are required (spec 3 §5); Retail 90 defaults on; the analysis range defaults to the
 * whole file. One schema for the selections modal and the server.
 */
export const faJobInput = z
  .object({
    fileStorageID: z
      .number({
        error: (issue) =>
          issue.input === undefined ? 'File is required' : 'File must be a number',
      })
      .pipe(int4IdValue('fileStorageID')),
    pricingOption: z.enum(PRICING_OPTIONS, required('Pricing Option')),
    disruptionType: z.enum(DISRUPTION_TIERS, required('Disruption Type')),
    pbmSpecialtyOverride: z.enum(SPECIALTY_INDICATORS, required('Specialty Indicator')),
    retail90: z.union([z.literal(1), z.literal(0)]).default(1),
    analysisStartDate: isoDate('analysisStartDate').nullish(),
    analysisEndDate: isoDate('analysisEndDate').nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.analysisStartDate && v.analysisEndDate && v.analysisStartDate > v.analysisEndDate)
      ctx.addIssue({
        code: 'custom',
        path: ['analysisStartDate'],
        message: 'Fill range start must not be after its end',
      });
  });
export type FaJobInput = z.input<typeof faJobInput>;
export type FaJobSelections = z.output<typeof faJobInput>;

export const badClaimRow = z.object({
  /** The claim's data row in the mapped file (1 is the first row after the header). */
  row: z.number().int(),
  claimId: z.string().nullable(),
  reason: z.enum(EXCLUSION_REASONS),
  /** A bad row's first bad field (`badRowProblem`); null for the other reasons. */
  field: z.enum(CLAIM_VALUE_FIELDS).nullable(),
  /** What is wrong with that field ('Member Paid is not a number'); null for the other reasons. */
  message: z.string().nullable(),
});
export type BadClaimRow = z.infer<typeof badClaimRow>;

/**
 * GET /opps/fa_jobs/{id}/{fileId}: the newest job of the file. `status` null: no job has run
 * ('No FA Jobs have been run for this file.'). `systemMessage` says why an ERROR failed.
 */
export const faJobStatus = z.object({
  status: z.enum(FA_JOB_STATUSES).nullable(),
  systemMessage: z.string().nullable(),
  faJobId: z.number().int().nullable(),
  mappedClaimFileID: z.number().int(),
  createdDate: z.string().nullable(),
  updatedDate: z.string().nullable(),
  selections: z.unknown().nullable(),
  /** Claims read from the file (within the analysis range). */
  claimsRead: z.number().int().nullable(),
  /** Per exclusion reason, every row; `badRows` lists the first FA_BAD_ROWS_LISTED. */
  exclusions: z.record(z.string(), z.number().int()).nullable(),
  reversedPairs: z.number().int().nullable(),
  badRows: z.array(badClaimRow),
});
export type FaJobStatus = z.infer<typeof faJobStatus>;

// ---- Incumbent stats, the grid, recalculation ----

export const faParams = z.object({ id: int4Id('id'), x: int4Id('x') });

export const incumbentStatsAnswer = z.object({
  generic: z.number().int(),
  genericRate: z.number(),
  mail: z.number().int(),
  mailPercent: z.number(),
  retail90: z.number().int(),
  retail90Percent: z.number(),
  specialty: z.number().int(),
  specialtyEffRate: z.number(),
  specialtyPercent: z.number(),
});

const feeLineAnswer = z.object({ name: z.string(), type: z.string(), amount: z.number() });
export const gridColumnAnswer = z.object({
  key: z.string(),
  pbm: z.string().nullable(),
  name: z.string(),
  planCost: z.object({
    grossClaimAmountPaid: z.number(),
    lessMemberCostShare: z.number(),
    totalCredits: z.number(),
    rebateAmount: z.number(),
    totalFees: z.number(),
    netCost: z.number(),
    paidAmountBreakdown: z.array(
      z.object({
        deliverySystem: z.enum(PRICING_CHANNELS),
        brandGenericInd: z.enum(DRUG_CLASSES),
        grossClaimAmountPaid: z.number(),
        totalRx: z.number().int(),
        effectiveRate: z.number(),
        cappedEffRate: z.number(),
      }),
    ),
    feeBreakdown: z.array(feeLineAnswer),
    creditBreakdown: z.array(feeLineAnswer),
  }),
  contractSavings: z.object({ contractSavings: z.number(), percentSavings: z.number() }),
  protectServices: z.object({
    savingsPotential: z.number(),
    netSavingsAfterFees: z.number(),
    breakdown: z.array(z.object({ protectType: z.string(), savings: z.number() })),
  }),
  utilization: z.object({
    percClaimsRepriced: z.number(),
    claimsExcluded: z.number().int(),
    genericDispensingRate: z.number(),
    specialtyCostShare: z.number(),
    percMembersSpecialtyDrugs: z.number(),
    mailOrderUtilizationRate: z.number(),
  }),
  disruption: z.object({ pctMembers: z.number(), pctRx: z.number() }),
  exclusions: z.record(z.string(), z.number().int()),
  reversedPairs: z.number().int(),
});
export type GridColumnAnswer = z.infer<typeof gridColumnAnswer>;

/**
 * Spec 3 §3 "Pricing grid column": the column's protect-services savings (decision 0143); a
 * grid stored before they were estimated reads 0.
 */
export function withProtectServices(column: GridColumn): GridColumnAnswer {
  return {
    ...column,
    protectServices: column.protectServices ?? {
      savingsPotential: 0,
      netSavingsAfterFees: 0,
      breakdown: [],
    },
  };
}

export const guaranteeAnswer = z.object({
  bucket: z.enum(['brand', 'generic', 'dispensingFee']),
  actual: z.number(),
  guaranteed: z.number(),
  effectiveRate: z.number(),
  shortfall: z.number(),
});

/** POST /opps/{id}/fa/{x}: the global customizations and at most 3 PBM selections. */
export const recalculateInput = z.object({
  globalCustomizations: globalCustomizations.default(globalCustomizations.parse({})),
  pbmSelections: pbmSelections,
});
export type RecalculateInput = z.input<typeof recalculateInput>;

/**
 * The grid of a file's newest complete FA job under the selections of its last recalculation
 * (the job's defaults before the first): columns (incumbent first), footnotes, the incumbent's
 * guarantee reconciliation, and per-claim detail for the proposal when the file is small.
 */
export const pricingGridAnswer = z.object({
  faJobId: z.number().int(),
  mappedClaimFileID: z.number().int(),
  globalCustomizations: z.unknown(),
  pbmSelections: z.unknown(),
  columns: z.array(gridColumnAnswer),
  footNotes: z.array(footNote),
  guarantees: z.array(guaranteeAnswer),
  incumbentStats: incumbentStatsAnswer,
  claimDetail: z.array(z.record(z.string(), z.unknown())).optional(),
  /** The grid's version (decision 0139): a saved iteration keeps it in its cscData. */
  gridVersionId: z.number().int().optional(),
  updatedDate: z.string(),
});
export type PricingGridAnswer = z.infer<typeof pricingGridAnswer>;

/**
 * What a saved iteration's cscData says about the grid it was saved from (decision 0139); other
 * keys of cscData are the screen's. An iteration without it (saved before) cannot be explained.
 */
export const iterationGridVersion = z.object({ gridVersionId: int4IdValue('gridVersionId') });

/**
 * Per-claim detail rides in the grid (for the XLSX proposal) up to this many claims: about 400
 * characters a claim with seven columns, so a saved iteration stays under FA_JSON_MAX_CHARS.
 */
export const CLAIM_DETAIL_MAX = 2000;

// ---- Explain a cell ----

const BREAKDOWN_ROW =
  /^paid\.(retail|retail90|mail|specialtyRetail|specialtyMail)\.(brand|generic|ssg)$/;

export const GRID_ROW_IDS = [
  'grossClaimAmountPaid',
  'lessMemberCostShare',
  'totalCredits',
  'rebateAmount',
  'totalFees',
  'netCost',
  'contractSavings',
  'percentSavings',
  'percClaimsRepriced',
  'claimsExcluded',
  'genericDispensingRate',
  'specialtyCostShare',
  'percMembersSpecialtyDrugs',
  'mailOrderUtilizationRate',
  'pctMembers',
  'pctRx',
  'protectSavingsPotential',
  'protectNetSavings',
] as const;
export type GridRowId = (typeof GRID_ROW_IDS)[number] | `paid.${PricingChannel}.${DrugClass}`;

export const explainQuery = z.object({
  column: z
    .string({ error: 'column is required' })
    .min(1, 'column is required')
    .max(100, 'column must be at most 100 characters')
    .refine((s) => !s.includes('\u0000'), 'column must not contain NUL'),
  row: z
    .string({ error: 'row is required' })
    .max(60, 'row must be at most 60 characters')
    .refine(
      (s) => (GRID_ROW_IDS as readonly string[]).includes(s) || BREAKDOWN_ROW.test(s),
      'Not a row of the grid',
    ),
  /**
   * A saved iteration of the opportunity (decision 0139): the cell is explained from the grid the
   * iteration was saved from, not the job's current one.
   */
  iteration: int4Id('iteration').optional(),
});
export type ExplainQuery = z.infer<typeof explainQuery>;

export const explainAnswer = z.object({
  column: z.string(),
  columnName: z.string(),
  row: z.string(),
  label: z.string(),
  value: z.number(),
  formula: z.string(),
  terms: z.array(z.object({ name: z.string(), value: z.union([z.number(), z.string()]) })),
  claimCounts: z.object({
    repriced: z.number().int(),
    excluded: z.number().int(),
    inCell: z.number().int(),
  }),
});
export type ExplainAnswer = z.infer<typeof explainAnswer>;

/** Which claims stand behind a cell (the CSV download). */
export interface CellClaims {
  set: 'priced' | 'excluded';
  channels: readonly PricingChannel[];
  classes: readonly DrugClass[];
}

const SPECIALTY: PricingChannel[] = ['specialtyRetail', 'specialtyMail'];
const ALL_CHANNELS = PRICING_CHANNELS as readonly PricingChannel[];
const ALL_CLASSES = DRUG_CLASSES as readonly DrugClass[];

export function cellClaims(row: string): CellClaims {
  const m = BREAKDOWN_ROW.exec(row);
  if (m) return { set: 'priced', channels: [m[1] as PricingChannel], classes: [m[2] as DrugClass] };
  switch (row) {
    case 'claimsExcluded':
      return { set: 'excluded', channels: [], classes: [] };
    case 'rebateAmount':
      return { set: 'priced', channels: ALL_CHANNELS, classes: ['brand'] };
    case 'genericDispensingRate':
      return { set: 'priced', channels: ALL_CHANNELS, classes: ['generic', 'ssg'] };
    case 'mailOrderUtilizationRate':
      return { set: 'priced', channels: ['mail'], classes: ALL_CLASSES };
    case 'specialtyCostShare':
    case 'percMembersSpecialtyDrugs':
      return { set: 'priced', channels: SPECIALTY, classes: ALL_CLASSES };
    default:
      return { set: 'priced', channels: ALL_CHANNELS, classes: ALL_CLASSES };
  }
}

const CHANNEL_LABELS: Record<PricingChannel, string> = {
  retail: 'Retail',
  retail90: 'Retail 90',
  mail: 'Mail',
  specialtyRetail: 'Specialty Retail',
  specialtyMail: 'Specialty Mail',
};
const CLASS_LABELS: Record<DrugClass, string> = {
  brand: 'Brand',
  generic: 'Generic',
  ssg: 'Single-source generic',
};

export const GRID_ROW_LABELS: Record<(typeof GRID_ROW_IDS)[number], string> = {
  grossClaimAmountPaid: 'Gross Claim Amount Paid',
  lessMemberCostShare: 'Less Member Cost Share',
  totalCredits: 'Total Credits',
  rebateAmount: 'Rebate Amount',
  totalFees: 'Total Fees',
  netCost: 'Net Cost',
  contractSavings: 'Contract Savings',
  percentSavings: 'Percent Savings',
  percClaimsRepriced: 'Claims Repriced (%)',
  claimsExcluded: 'Claims Excluded',
  genericDispensingRate: 'Generic Dispensing Rate',
  specialtyCostShare: 'Specialty Cost Share',
  percMembersSpecialtyDrugs: 'Members on Specialty Drugs (%)',
  mailOrderUtilizationRate: 'Mail Order Utilization',
  pctMembers: 'Disruption: Members (%)',
  pctRx: 'Disruption: Prescriptions (%)',
  protectSavingsPotential: 'Protect Services Savings',
  protectNetSavings: 'Protect Services Net Savings After Fees',
};

export function gridRowLabel(row: string): string {
  const m = BREAKDOWN_ROW.exec(row);
  if (m)
    return `Paid: ${CHANNEL_LABELS[m[1] as PricingChannel]} ${CLASS_LABELS[m[2] as DrugClass]}`;
  return GRID_ROW_LABELS[row as (typeof GRID_ROW_IDS)[number]] ?? row;
}

// ---- The grid's rows (one definition for the screen and the proposal: D1/D3) ----

export type GridRowGroup =
  | 'Plan Cost'
  | 'Paid Amount Breakdown'
  | 'Contract Savings'
  | 'Protect Services'
  | 'Utilization'
  | 'Disruption';
export type GridRowKind = 'money' | 'percent' | 'count';

/**
 * What the rows read of a column: the engine's answer and an iteration's saved column both have
 * it (a saved column may lack utilization and disruption: their rows then read null).
 */
export interface GridFigures {
  planCost: {
    grossClaimAmountPaid: number;
    lessMemberCostShare: number;
    totalCredits: number;
    rebateAmount: number;
    totalFees: number;
    netCost: number;
    paidAmountBreakdown: readonly {
      deliverySystem: string;
      brandGenericInd: string;
      grossClaimAmountPaid: number;
    }[];
  };
  contractSavings: { contractSavings: number; percentSavings: number };
  utilization?: Partial<Record<keyof GridColumn['utilization'], number>>;
  disruption?: Partial<Record<keyof GridColumn['disruption'], number>>;
  protectServices?: { savingsPotential: number; netSavingsAfterFees: number };
}

/** One row of the grid: its id (the explain call's row), label, group, kind and value. */
export interface PricingGridRow<C extends GridFigures = GridFigures> {
  id: string;
  label: string;
  group: GridRowGroup;
  kind: GridRowKind;
  value: (column: C) => number | null;
}

type FixedRowId = (typeof GRID_ROW_IDS)[number];
const FIXED_ROWS: Record<FixedRowId, Omit<PricingGridRow, 'id' | 'label'>> = {
  grossClaimAmountPaid: {
    group: 'Plan Cost',
    kind: 'money',
    value: (c) => c.planCost.grossClaimAmountPaid,
  },
  lessMemberCostShare: {
    group: 'Plan Cost',
    kind: 'money',
    value: (c) => c.planCost.lessMemberCostShare,
  },
  totalCredits: { group: 'Plan Cost', kind: 'money', value: (c) => c.planCost.totalCredits },
  rebateAmount: { group: 'Plan Cost', kind: 'money', value: (c) => c.planCost.rebateAmount },
  totalFees: { group: 'Plan Cost', kind: 'money', value: (c) => c.planCost.totalFees },
  netCost: { group: 'Plan Cost', kind: 'money', value: (c) => c.planCost.netCost },
  contractSavings: {
    group: 'Contract Savings',
    kind: 'money',
    value: (c) => c.contractSavings.contractSavings,
  },
  percentSavings: {
    group: 'Contract Savings',
    kind: 'percent',
    value: (c) => c.contractSavings.percentSavings,
  },
  percClaimsRepriced: {
    group: 'Utilization',
    kind: 'percent',
    value: (c) => c.utilization?.percClaimsRepriced ?? null,
  },
  claimsExcluded: {
    group: 'Utilization',
    kind: 'count',
    value: (c) => c.utilization?.claimsExcluded ?? null,
  },
  genericDispensingRate: {
    group: 'Utilization',
    kind: 'percent',
    value: (c) => c.utilization?.genericDispensingRate ?? null,
  },
  specialtyCostShare: {
    group: 'Utilization',
    kind: 'percent',
    value: (c) => c.utilization?.specialtyCostShare ?? null,
  },
  percMembersSpecialtyDrugs: {
    group: 'Utilization',
    kind: 'percent',
    value: (c) => c.utilization?.percMembersSpecialtyDrugs ?? null,
  },
  mailOrderUtilizationRate: {
    group: 'Utilization',
    kind: 'percent',
    value: (c) => c.utilization?.mailOrderUtilizationRate ?? null,
  },
  pctMembers: {
    group: 'Disruption',
    kind: 'percent',
    value: (c) => c.disruption?.pctMembers ?? null,
  },
  pctRx: { group: 'Disruption', kind: 'percent', value: (c) => c.disruption?.pctRx ?? null },
  protectSavingsPotential: {
    group: 'Protect Services',
    kind: 'money',
    value: (c) => c.protectServices?.savingsPotential ?? null,
  },
  protectNetSavings: {
    group: 'Protect Services',
    kind: 'money',
    value: (c) => c.protectServices?.netSavingsAfterFees ?? null,
  },
};

const GROUP_ORDER: Record<'cost-first' | 'savings-first', readonly GridRowGroup[]> = {
  'cost-first': [
    'Plan Cost',
    'Paid Amount Breakdown',
    'Contract Savings',
    'Protect Services',
    'Utilization',
    'Disruption',
  ],
  'savings-first': [
    'Contract Savings',
    'Protect Services',
    'Plan Cost',
    'Paid Amount Breakdown',
    'Utilization',
    'Disruption',
  ],
};

/**
 * The grid's rows in the spec's order (spec 3 §3 "Pricing grid column"): plan cost, the paid
 * amount by delivery system and brand/generic (only the buckets some column has), contract
 * savings, utilization, disruption; `savings-first` moves the savings to the top (the WTW
 * proposal), `groups` keeps only some (the proposal's cost and savings).
 */
export function pricingGridRows<C extends GridFigures>(
  columns: readonly C[],
  options: { order?: 'cost-first' | 'savings-first'; groups?: readonly GridRowGroup[] } = {},
): PricingGridRow<C>[] {
  const rows: PricingGridRow<C>[] = GRID_ROW_IDS.map((id) => ({
    id,
    label: gridRowLabel(id),
    ...FIXED_ROWS[id],
  }));
  for (const channel of PRICING_CHANNELS)
    for (const cls of DRUG_CLASSES) {
      const bucket = (c: C) =>
        c.planCost.paidAmountBreakdown.find(
          (b) => b.deliverySystem === channel && b.brandGenericInd === cls,
        );
      if (!columns.some((c) => bucket(c) !== undefined)) continue;
      const id = `paid.${channel}.${cls}`;
      rows.push({
        id,
        label: gridRowLabel(id),
        group: 'Paid Amount Breakdown',
        kind: 'money',
        value: (c) => bucket(c)?.grossClaimAmountPaid ?? null,
      });
    }
  const groups = GROUP_ORDER[options.order ?? 'cost-first'].filter(
    (g) => !options.groups || options.groups.includes(g),
  );
  return groups.flatMap((g) => rows.filter((r) => r.group === g));
}

/**
 * How one cell of the grid was computed: the formula in words, the terms it used (the column's
 * discounts, fees, rebates; the population for fees) and how many claims stand behind it. Every
 * figure is read from the column as the engine assembled it, never recomputed differently.
 */
export function explainCell(
  row: string,
  column: GridColumn,
  terms: ColumnTerms,
  incumbent: GridColumn,
  population: Population,
): ExplainAnswer {
  const pc = column.planCost;
  const u = column.utilization;
  const repriced = pc.paidAmountBreakdown.reduce((s, b) => s + b.totalRx, 0);
  const excluded = u.claimsExcluded;
  const rx = (channels: readonly PricingChannel[], classes: readonly DrugClass[]) =>
    pc.paidAmountBreakdown
      .filter((b) => channels.includes(b.deliverySystem) && classes.includes(b.brandGenericInd))
      .reduce((s, b) => s + b.totalRx, 0);
  const cell = cellClaims(row);
  const inCell = cell.set === 'excluded' ? excluded : rx(cell.channels, cell.classes);
  const answer = (
    value: number,
    formula: string,
    t: ExplainAnswer['terms'] = [],
  ): ExplainAnswer => ({
    column: column.key,
    columnName: column.name,
    row,
    label: gridRowLabel(row),
    value,
    formula,
    terms: t,
    claimCounts: { repriced, excluded, inCell },
  });
  const m = BREAKDOWN_ROW.exec(row);
  if (m) {
    const channel = m[1] as PricingChannel;
    const cls = m[2] as DrugClass;
    const b = pc.paidAmountBreakdown.find(
      (x) => x.deliverySystem === channel && x.brandGenericInd === cls,
    );
    return answer(
      b?.grossClaimAmountPaid ?? 0,
      'Sum over the claims of round(AWP × (100 − discount) / 100, 2) + dispensing fee',
      [
        { name: 'Discount off AWP (%)', value: claimDiscount(terms, channel, cls) },
        { name: 'Dispensing fee ($)', value: claimDispensingFee(terms, channel, cls) },
        { name: 'Effective rate (%)', value: b?.effectiveRate ?? 0 },
        { name: 'Capped effective rate (%)', value: b?.cappedEffRate ?? 0 },
      ],
    );
  }
  const discountTerms = (): ExplainAnswer['terms'] => {
    const out: ExplainAnswer['terms'] = [];
    for (const ch of ['retail', 'retail90', 'mail'] as const)
      for (const cls of ALL_CLASSES)
        out.push({
          name: `${CHANNEL_LABELS[ch]} ${CLASS_LABELS[cls]} discount (%)`,
          value: claimDiscount(terms, ch, cls),
        });
    out.push({ name: 'Specialty discount (%)', value: terms.discounts.specialty });
    return out;
  };
  const feeTerms = (lines: GridColumn['planCost']['feeBreakdown'], source: ColumnTerms['fees']) =>
    lines.map((l, i) => ({
      name: `${l.name} (${l.type} ${source[i]?.amount ?? 0})`,
      value: l.amount,
    }));
  const d = terms.disruption;
  const disruptedWords =
    d?.tier === '4TIER'
      ? 'an NDC the column’s formulary excludes or moves to non-preferred (4TIER)'
      : 'an NDC the column’s formulary excludes';
  const disruptionTerms: ExplainAnswer['terms'] = d
    ? [
        { name: 'Formulary', value: d.formulary },
        { name: 'Disruption tier', value: d.tier },
        { name: 'Excluded NDCs', value: d.excluded },
        { name: 'Non-preferred NDCs', value: d.nonPreferred },
        { name: 'NDCs counted', value: (terms.excludedNdcs ?? []).length },
      ]
    : [{ name: 'Excluded NDCs', value: (terms.excludedNdcs ?? []).length }];
  const populationTerms = [
    { name: 'Employees', value: population.employees },
    { name: 'Members', value: population.members },
    { name: 'Months', value: population.months },
    { name: 'Repriced claims', value: repriced },
  ];
  switch (row as (typeof GRID_ROW_IDS)[number]) {
    case 'grossClaimAmountPaid':
      return answer(
        pc.grossClaimAmountPaid,
        'Sum over the repriced claims of round(AWP × (100 − discount) / 100, 2) + dispensing fee, the discount and fee by the claim’s channel and brand/generic class',
        discountTerms(),
      );
    case 'lessMemberCostShare':
      return answer(
        pc.lessMemberCostShare,
        'Sum of the member paid amount of each repriced claim (kept from the claim: the plan design does not change with the PBM)',
      );
    case 'totalCredits':
      return answer(
        pc.totalCredits,
        'Sum of the credits: One Time as is, PEPM × employees × months, PMPM × members × months, Per Claim × repriced claims',
        [...feeTerms(pc.creditBreakdown, terms.credits), ...populationTerms],
      );
    case 'totalFees':
      return answer(
        pc.totalFees,
        'Sum of the fees: One Time as is, PEPM × employees × months, PMPM × members × months, Per Claim × repriced claims',
        [...feeTerms(pc.feeBreakdown, terms.fees), ...populationTerms],
      );
    case 'rebateAmount':
      return answer(
        pc.rebateAmount,
        `Rebate guarantee per brand claim × brand claims, by channel (rebate tier ${terms.rebateTier})`,
        PRICING_CHANNELS.map((ch) => ({
          name: `${CHANNEL_LABELS[ch]} rebate per brand claim ($) × ${rx([ch], ['brand'])} claims`,
          value: terms.rebatesPerBrandClaim[ch],
        })),
      );
    case 'netCost':
      return answer(
        pc.netCost,
        'Gross claim amount paid − member cost share − credits − rebates + fees',
        [
          { name: 'Gross claim amount paid', value: pc.grossClaimAmountPaid },
          { name: 'Member cost share', value: pc.lessMemberCostShare },
          { name: 'Credits', value: pc.totalCredits },
          { name: 'Rebates', value: pc.rebateAmount },
          { name: 'Fees', value: pc.totalFees },
        ],
      );
    case 'contractSavings':
      return answer(
        column.contractSavings.contractSavings,
        `Net cost of ${incumbent.name} − net cost of ${column.name}`,
        [
          { name: `${incumbent.name} net cost`, value: incumbent.planCost.netCost },
          { name: `${column.name} net cost`, value: pc.netCost },
        ],
      );
    case 'percentSavings':
      return answer(
        column.contractSavings.percentSavings,
        `Contract savings ÷ net cost of ${incumbent.name} × 100`,
        [
          { name: 'Contract savings', value: column.contractSavings.contractSavings },
          { name: `${incumbent.name} net cost`, value: incumbent.planCost.netCost },
        ],
      );
    case 'percClaimsRepriced':
      return answer(u.percClaimsRepriced, 'Repriced claims ÷ (repriced + excluded) × 100', [
        { name: 'Repriced', value: repriced },
        { name: 'Excluded', value: excluded },
      ]);
    case 'claimsExcluded':
      return answer(
        excluded,
        'Claims not repriced, each counted under its first failing rule',
        EXCLUSION_REASONS.map((r) => ({
          name: EXCLUSION_REASON_LABELS[r],
          value: column.exclusions[r],
        })),
      );
    case 'genericDispensingRate':
      return answer(
        u.genericDispensingRate,
        'Generic and single-source generic claims ÷ repriced claims × 100',
        [
          { name: 'Generic claims', value: inCell },
          { name: 'Repriced claims', value: repriced },
        ],
      );
    case 'mailOrderUtilizationRate':
      return answer(u.mailOrderUtilizationRate, 'Mail claims ÷ repriced claims × 100', [
        { name: 'Mail claims', value: inCell },
        { name: 'Repriced claims', value: repriced },
      ]);
    case 'specialtyCostShare':
      return answer(
        u.specialtyCostShare,
        'Gross paid on specialty claims ÷ gross paid on all repriced claims × 100',
        [
          {
            name: 'Specialty gross paid',
            value: pc.paidAmountBreakdown
              .filter((b) => SPECIALTY.includes(b.deliverySystem))
              .reduce((s, b) => Math.round((s + b.grossClaimAmountPaid) * 100) / 100, 0),
          },
          { name: 'Gross paid', value: pc.grossClaimAmountPaid },
        ],
      );
    case 'percMembersSpecialtyDrugs':
      return answer(
        u.percMembersSpecialtyDrugs,
        'Members with a repriced specialty claim ÷ members with a repriced claim × 100',
        [{ name: 'Specialty claims', value: inCell }],
      );
    case 'pctMembers':
      return answer(
        column.disruption.pctMembers,
        `Members with a repriced claim on ${disruptedWords} ÷ members × 100`,
        disruptionTerms,
      );
    case 'pctRx':
      return answer(
        column.disruption.pctRx,
        `Repriced claims on ${disruptedWords} ÷ repriced claims × 100`,
        disruptionTerms,
      );
    case 'protectSavingsPotential':
    case 'protectNetSavings': {
      const ps = column.protectServices ?? {
        savingsPotential: 0,
        netSavingsAfterFees: 0,
        breakdown: [],
      };
      const p = terms.protectServices;
      const fee = pc.feeBreakdown
        .filter((f) => f.name === PROTECT_SERVICES_FEE_NAME)
        .reduce((s, f) => Math.round((s + f.amount) * 100) / 100, 0);
      const rates: ExplainAnswer['terms'] = p
        ? [
            { name: 'Protect services', value: `${p.level} (version ${p.version})` },
            { name: 'Specialty savings rate (%)', value: p.specialtyPercent },
            { name: 'Brand savings rate (%)', value: p.brandPercent },
            ...ps.breakdown.map((b) => ({ name: `${b.protectType} savings`, value: b.savings })),
          ]
        : [{ name: 'Protect services', value: 'none' }];
      return row === 'protectSavingsPotential'
        ? answer(
            ps.savingsPotential,
            'Specialty gross paid × the level’s specialty rate + brand gross paid outside specialty × its brand rate, each rounded to cents (an estimate, not in the net cost)',
            rates,
          )
        : answer(ps.netSavingsAfterFees, 'Protect services savings − Protect Services Fee', [
            { name: 'Protect services savings', value: ps.savingsPotential },
            { name: PROTECT_SERVICES_FEE_NAME, value: fee },
          ]);
    }
  }
  return answer(0, 'Not a row of the grid');
}

// ---- The incumbent's contract as a column ----

/**
 * The incumbent's contract (spec 3 §3 "Incumbent contract") as the grid's first column: the
 * per-channel brand and generic discounts and dispensing fees, specialty AWP discount and fees,
 * the rebate guarantees per brand claim (specialty's for both specialty channels), and the
 * incumbent's fees and credits. A blank term is 0; a single-source generic takes the generic
 * discount (the contract has no SSG term of its own).
 */
export function contractColumnTerms(
  contract: { discounts: readonly { code: string; value: number | null }[] },
  fees: readonly FeeItem[],
  credits: readonly FeeItem[],
  name = 'Incumbent',
): ColumnTerms {
  const v = (code: string) => discountValue(contract.discounts, code) ?? 0;
  const chan = (prefix: string) => ({
    brand: v(`${prefix}Brand`),
    generic: v(`${prefix}Generic`),
    ssg: v(`${prefix}Generic`),
  });
  const fee = (code: string) => ({ brand: v(code), generic: v(code) });
  return {
    key: 'incumbent',
    name,
    pbm: null,
    discounts: {
      retail: chan('retail'),
      retail90: chan('r90'),
      mail: chan('mail'),
      specialty: v('specialtyAwp'),
    },
    dispensingFees: {
      retail: fee('retailFee'),
      retail90: fee('r90Fee'),
      mail: fee('mailFee'),
      specialtyRetail: v('specialtyRetailDispFee'),
      specialtyMail: v('specialtyMailDispFee'),
    },
    rebateTier: '2TIER',
    rebatesPerBrandClaim: {
      retail: v('rebateRetail'),
      retail90: v('rebateRetail90'),
      mail: v('rebateMail'),
      specialtyRetail: v('rebateSpecialty'),
      specialtyMail: v('rebateSpecialty'),
    },
    fees: fees.map((f) => ({ name: f.name, type: f.type, amount: f.amount })),
    credits: credits.map((f) => ({ name: f.name, type: f.type, amount: f.amount })),
  };
}

/** The contract codes contractColumnTerms reads (a test holds them to CONTRACT_TERMS). */
export const CONTRACT_CODES_PRICED = CONTRACT_TERMS.map((t) => t.code).filter(
  (c) => !c.endsWith('Guarantee') && c !== 'specialtyGeneric' && c !== 'specialtyLD',
);
