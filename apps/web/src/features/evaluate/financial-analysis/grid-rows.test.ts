import { describe, expect, it } from 'vitest';
import type { GridColumnAnswer } from '@pillar/domain';
import { gridRows, spendBy } from './grid-rows.ts';

const column = (netCost: number): GridColumnAnswer => ({
  key: 'incumbent',
  pbm: null,
  name: 'Incumbent',
  planCost: {
    grossClaimAmountPaid: 300,
    lessMemberCostShare: 20,
    totalCredits: 0,
    rebateAmount: 10,
    totalFees: 5,
    netCost,
    paidAmountBreakdown: [
      {
        deliverySystem: 'retail',
        brandGenericInd: 'brand',
        grossClaimAmountPaid: 100.1,
        totalRx: 1,
        effectiveRate: 15,
        cappedEffRate: 15,
      },
      {
        deliverySystem: 'retail',
        brandGenericInd: 'generic',
        grossClaimAmountPaid: 50.2,
        totalRx: 2,
        effectiveRate: 80,
        cappedEffRate: 80,
      },
      {
        deliverySystem: 'mail',
        brandGenericInd: 'brand',
        grossClaimAmountPaid: 149.7,
        totalRx: 1,
        effectiveRate: 20,
        cappedEffRate: 20,
      },
    ],
    feeBreakdown: [],
    creditBreakdown: [],
  },
  contractSavings: { contractSavings: 0, percentSavings: 0 },
  protectServices: { savingsPotential: 0, netSavingsAfterFees: 0, breakdown: [] },
  utilization: {
    percClaimsRepriced: 100,
    claimsExcluded: 0,
    genericDispensingRate: 50,
    specialtyCostShare: 0,
    percMembersSpecialtyDrugs: 0,
    mailOrderUtilizationRate: 25,
  },
  disruption: { pctMembers: 0, pctRx: 0 },
  exclusions: {},
  reversedPairs: 0,
});

describe('pricing grid rows', () => {
  it('lists plan cost, the buckets some column has, savings, utilization and disruption', () => {
    const rows = gridRows([column(275)]);
    const ids = rows.map((r) => r.id);
    expect(ids.slice(0, 6)).toEqual([
      'grossClaimAmountPaid',
      'lessMemberCostShare',
      'totalCredits',
      'rebateAmount',
      'totalFees',
      'netCost',
    ]);
    expect(ids).toContain('paid.retail.brand');
    expect(ids).toContain('paid.mail.brand');
    expect(ids).not.toContain('paid.specialtyMail.brand');
    expect(ids.at(-1)).toBe('pctRx');
    const net = rows.find((r) => r.id === 'netCost')!;
    expect(net.format(net.value(column(275))!)).toBe('$275.00');
    const generic = rows.find((r) => r.id === 'genericDispensingRate')!;
    expect(generic.format(generic.value(column(1))!)).toBe('50.00%');
  });

  it('sums the spend by channel and by brand/generic', () => {
    expect(spendBy(column(1), 'deliverySystem')).toEqual([
      { label: 'Retail', value: 150.3 },
      { label: 'Mail', value: 149.7 },
    ]);
    expect(spendBy(column(1), 'brandGenericInd')).toEqual([
      { label: 'Brand', value: 249.8 },
      { label: 'Generic', value: 50.2 },
    ]);
  });
});
