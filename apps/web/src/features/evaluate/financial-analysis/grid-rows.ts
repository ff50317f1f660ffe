import {
  DRUG_CLASSES,
  GRID_ROW_IDS,
  PRICING_CHANNELS,
  formatPercent,
  formatUsd,
  gridRowLabel,
  type GridColumnAnswer,
} from '@pillar/domain';

/** One row of the pricing grid: its id (the explain call's row), label, group and value. */
export interface GridRow {
  id: string;
  label: string;
  group: 'Plan Cost' | 'Paid Amount Breakdown' | 'Contract Savings' | 'Utilization' | 'Disruption';
  value: (column: GridColumnAnswer) => number | null;
  format: (value: number) => string;
}

const usd = (v: number) => formatUsd(v);
const pct = (v: number) => formatPercent(v);
const count = (v: number) => v.toLocaleString('en-US');

type Fixed = (typeof GRID_ROW_IDS)[number];
const FIXED: Record<Fixed, Omit<GridRow, 'id' | 'label'>> = {
  grossClaimAmountPaid: {
    group: 'Plan Cost',
    value: (c) => c.planCost.grossClaimAmountPaid,
    format: usd,
  },
  lessMemberCostShare: {
    group: 'Plan Cost',
    value: (c) => c.planCost.lessMemberCostShare,
    format: usd,
  },
  totalCredits: { group: 'Plan Cost', value: (c) => c.planCost.totalCredits, format: usd },
  rebateAmount: { group: 'Plan Cost', value: (c) => c.planCost.rebateAmount, format: usd },
  totalFees: { group: 'Plan Cost', value: (c) => c.planCost.totalFees, format: usd },
  netCost: { group: 'Plan Cost', value: (c) => c.planCost.netCost, format: usd },
  contractSavings: {
    group: 'Contract Savings',
    value: (c) => c.contractSavings.contractSavings,
    format: usd,
  },
  percentSavings: {
    group: 'Contract Savings',
    value: (c) => c.contractSavings.percentSavings,
    format: pct,
  },
  percClaimsRepriced: {
    group: 'Utilization',
    value: (c) => c.utilization.percClaimsRepriced,
    format: pct,
  },
  claimsExcluded: {
    group: 'Utilization',
    value: (c) => c.utilization.claimsExcluded,
    format: count,
  },
  genericDispensingRate: {
    group: 'Utilization',
    value: (c) => c.utilization.genericDispensingRate,
    format: pct,
  },
  specialtyCostShare: {
    group: 'Utilization',
    value: (c) => c.utilization.specialtyCostShare,
    format: pct,
  },
  percMembersSpecialtyDrugs: {
    group: 'Utilization',
    value: (c) => c.utilization.percMembersSpecialtyDrugs,
    format: pct,
  },
  mailOrderUtilizationRate: {
    group: 'Utilization',
    value: (c) => c.utilization.mailOrderUtilizationRate,
    format: pct,
  },
  pctMembers: { group: 'Disruption', value: (c) => c.disruption.pctMembers, format: pct },
  pctRx: { group: 'Disruption', value: (c) => c.disruption.pctRx, format: pct },
};

const PLAN_COST: Fixed[] = [
  'grossClaimAmountPaid',
  'lessMemberCostShare',
  'totalCredits',
  'rebateAmount',
  'totalFees',
  'netCost',
];

const fixedRow = (id: Fixed): GridRow => ({ id, label: gridRowLabel(id), ...FIXED[id] });

/**
 * The grid's rows in the spec's order (spec 3 §3 "Pricing grid column"): plan cost, the paid
 * amount by delivery system and brand/generic (only the buckets some column has), contract
 * savings, utilization, disruption.
 */
export function gridRows(columns: readonly GridColumnAnswer[]): GridRow[] {
  const buckets: GridRow[] = [];
  for (const channel of PRICING_CHANNELS)
    for (const cls of DRUG_CLASSES) {
      const has = columns.some((c) =>
        c.planCost.paidAmountBreakdown.some(
          (b) => b.deliverySystem === channel && b.brandGenericInd === cls,
        ),
      );
      if (!has) continue;
      const id = `paid.${channel}.${cls}`;
      buckets.push({
        id,
        label: gridRowLabel(id),
        group: 'Paid Amount Breakdown',
        value: (c) =>
          c.planCost.paidAmountBreakdown.find(
            (b) => b.deliverySystem === channel && b.brandGenericInd === cls,
          )?.grossClaimAmountPaid ?? null,
        format: usd,
      });
    }
  return [
    ...PLAN_COST.map(fixedRow),
    ...buckets,
    ...GRID_ROW_IDS.filter((id) => !PLAN_COST.includes(id)).map(fixedRow),
  ];
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
