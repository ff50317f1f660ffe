import {
  pricingGridData,
  pricingGridRows,
  type FootNote,
  type GridRowKind,
  type OutputTemplate,
  type PricingGridColumnInput,
} from '@pillar/domain';

/*
 * What an iteration's proposal shows (decision 0126). The output template picks the layout:
 * - Standard: cover, the grid of every output column, the charts (net cost and savings by
 *   column, spend by channel and by brand/generic), footnotes.
 * - WTW: the same, with savings rows first (the consultant reads savings before cost) and no
 *   channel chart.
 * - HUB: grid and footnotes only (no charts), for the broker's own deck.
 * - C2: net cost only in the charts (no savings chart), cost rows first.
 * - MMA: every chart, and the footnotes before the grid.
 * The XLSX has the same grid rows in the same order for every template, and a claim detail
 * sheet when the repricing engine gave one.
 */

export interface ProposalLayout {
  coverTitle: string;
  rowOrder: 'cost-first' | 'savings-first';
  charts: { netCost: boolean; savings: boolean; channel: boolean; brandGeneric: boolean };
  footnotesFirst: boolean;
}

export const PROPOSAL_LAYOUTS: Readonly<Record<OutputTemplate, ProposalLayout>> = {
  Standard: {
    coverTitle: 'Pharmacy Benefit Financial Analysis',
    rowOrder: 'cost-first',
    charts: { netCost: true, savings: true, channel: true, brandGeneric: true },
    footnotesFirst: false,
  },
  WTW: {
    coverTitle: 'PBM Marketplace Financial Analysis',
    rowOrder: 'savings-first',
    charts: { netCost: true, savings: true, channel: false, brandGeneric: true },
    footnotesFirst: false,
  },
  HUB: {
    coverTitle: 'Pharmacy Pricing Comparison',
    rowOrder: 'cost-first',
    charts: { netCost: false, savings: false, channel: false, brandGeneric: false },
    footnotesFirst: false,
  },
  C2: {
    coverTitle: 'Pharmacy Cost Projection',
    rowOrder: 'cost-first',
    charts: { netCost: true, savings: false, channel: true, brandGeneric: true },
    footnotesFirst: false,
  },
  MMA: {
    coverTitle: 'Pharmacy Benefit Financial Analysis',
    rowOrder: 'cost-first',
    charts: { netCost: true, savings: true, channel: true, brandGeneric: true },
    footnotesFirst: true,
  },
};

/** A grid row of the proposal: the screen's rows (packages/domain), plan cost and savings. */
export interface GridRow {
  label: string;
  kind: GridRowKind;
  value: (c: PricingGridColumnInput) => number;
}

export function gridRows(layout: ProposalLayout): GridRow[] {
  // No columns: the plan cost and savings rows do not depend on which buckets the columns have.
  return pricingGridRows<PricingGridColumnInput>([], {
    order: layout.rowOrder,
    groups: ['Plan Cost', 'Contract Savings'],
  }).map((row) => ({ label: row.label, kind: row.kind, value: (c) => row.value(c) ?? 0 }));
}

export interface ProposalData {
  title: string;
  notes: string;
  template: OutputTemplate;
  layout: ProposalLayout;
  columns: PricingGridColumnInput[];
  footNotes: FootNote[];
  claimDetail: Record<string, unknown>[] | undefined;
}

/**
 * The columns a proposal shows: the first column (the incumbent) and the ones ticked for output
 * (at most 3); every column when none is ticked.
 */
export function proposalData(input: {
  opportunityName: string;
  notes: string;
  template: OutputTemplate;
  grid: unknown;
  csc: unknown;
  footNotes: unknown;
}): ProposalData {
  const grid = pricingGridData.parse(input.grid);
  const ticked = ((input.csc as { outputColumns?: string[] } | null)?.outputColumns ?? []).slice(
    0,
    3,
  );
  const columns =
    ticked.length === 0
      ? grid.columns
      : grid.columns.filter((c, i) => i === 0 || ticked.includes(c.key));
  return {
    title: input.opportunityName,
    notes: input.notes,
    template: input.template,
    layout: PROPOSAL_LAYOUTS[input.template],
    columns,
    footNotes: (input.footNotes as FootNote[]) ?? [],
    claimDetail: grid.claimDetail,
  };
}

export function money(v: number): string {
  const sign = v < 0 ? '-' : '';
  return `${sign}$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function percentText(v: number): string {
  return `${v.toFixed(1)}%`;
}

/** Spend (gross paid) per value of one breakdown field, summed over a column's rows. */
export function spendBy(
  column: PricingGridColumnInput,
  field: 'deliverySystem' | 'brandGenericInd',
): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of column.planCost.paidAmountBreakdown)
    out.set(row[field], (out.get(row[field]) ?? 0) + row.grossClaimAmountPaid);
  return out;
}
