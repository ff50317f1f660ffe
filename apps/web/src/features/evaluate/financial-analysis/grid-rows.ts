import {
  formatPercent,
  formatUsd,
  gridRowLabel,
  pricingGridRows,
  type GridColumnAnswer,
  type GridRowKind,
  type PricingGridRow,
} from '@pillar/domain';

/** One row of the pricing grid with the screen's formatting (the rows are the domain's). */
export interface GridRow extends PricingGridRow<GridColumnAnswer> {
  format: (value: number) => string;
}

const FORMATS: Record<GridRowKind, (v: number) => string> = {
  money: (v) => formatUsd(v),
  percent: (v) => formatPercent(v),
  count: (v) => v.toLocaleString('en-US'),
};

/** The grid's rows in the spec's order (packages/domain `pricingGridRows`), formatted. */
export function gridRows(columns: readonly GridColumnAnswer[]): GridRow[] {
  return pricingGridRows(columns).map((row) => ({ ...row, format: FORMATS[row.kind] }));
}

/** The incumbent's spend by channel and by brand/generic (the Pricing stage's charts). */
export function spendBy(
  column: GridColumnAnswer,
  key: 'deliverySystem' | 'brandGenericInd',
): { label: string; value: number }[] {
  const sums = new Map<string, number>();
  for (const b of column.planCost.paidAmountBreakdown)
    sums.set(b[key], Math.round(((sums.get(b[key]) ?? 0) + b.grossClaimAmountPaid) * 100) / 100);
  const label = (k: string) => gridRowLabel(`paid.${k}.brand`).replace(/^Paid: | Brand$/g, '');
  const classLabel = (k: string) => gridRowLabel(`paid.retail.${k}`).replace(/^Paid: Retail /, '');
  return [...sums].map(([k, value]) => ({
    label: key === 'deliverySystem' ? label(k) : classLabel(k),
    value,
  }));
}
