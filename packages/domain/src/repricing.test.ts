import { describe, expect, it } from 'vitest';
import { COMPETITOR, INCUMBENT, TABLE, claim } from './repricing-table.ts';
import {
  type StandardClaim,
  badRowProblem,
  badValueMessage,
  claimChannel,
  exclusionReason,
  feeAmount,
  guaranteeReconciliation,
  incumbentStats,
  netReversals,
  parseClaimDate,
  parseClaimNumber,
  priceClaim,
  repriceGrid,
} from './repricing.ts';

const OPTIONS = { retail90: true, population: { employees: 10, members: 20, months: 12 } };

describe('repricing rules', () => {
  it('prices each claim of the table as worked out by hand', () => {
    const priced = TABLE.slice(0, 5).map((c) => priceClaim(c, INCUMBENT, true));
    expect(
      priced.map((p) => [p.channel, p.cls, p.ingredientCost, p.dispensingFee, p.gross, p.rebate]),
    ).toEqual([
      ['retail', 'brand', 82, 1, 83, 100],
      ['retail', 'generic', 3, 1.5, 4.5, 0],
      ['retail90', 'brand', 158, 0.5, 158.5, 250],
      ['mail', 'ssg', 30, 0, 30, 0],
      ['specialtyMail', 'brand', 4000, 0, 4000, 1200],
    ]);
  });

  it('counts over 83 days at retail as retail90 only when Retail 90 is on, and prices retail90 claims at retail when off', () => {
    const long = TABLE[2] as StandardClaim;
    expect(claimChannel(long, true)).toBe('retail90');
    expect(claimChannel(long, false)).toBe('retail');
    expect(claimChannel({ ...long, daysSupply: 83 }, true)).toBe('retail');
    expect(claimChannel({ ...long, pharmacyType: 'R90', daysSupply: 30 }, false)).toBe('retail');
    // Off: 200 × 0.82 = 164.00 + 1.00 = 165.00, the retail rebate of 100
    const p = priceClaim(long, INCUMBENT, false);
    expect([p.gross, p.rebate]).toEqual([165, 100]);
  });

  it('nets reversals against originals and counts duplicates and unmatched reversals', () => {
    const n = netReversals(TABLE);
    expect(n.claims.map((c) => c.claimId)).not.toContain('c7');
    expect([n.reversedPairs, n.duplicates, n.unmatchedReversals]).toEqual([1, 1, 1]);
    expect(n.claims.filter((c) => c.claimId === 'c1')).toHaveLength(1);
  });

  it('computes every figure of the grid as worked out by hand', () => {
    const [inc, comp] = repriceGrid(TABLE, [INCUMBENT, COMPETITOR], OPTIONS);
    // gross 83 + 4.5 + 158.5 + 30 + 4000 = 4276; member 87; credits 500; rebates 1550; fees 2.50 × 10 × 12
    expect(inc?.planCost).toMatchObject({
      grossClaimAmountPaid: 4276,
      lessMemberCostShare: 87,
      totalCredits: 500,
      rebateAmount: 1550,
      totalFees: 300,
      netCost: 2439, // 4276 − 87 − 500 − 1550 + 300
    });
    expect(inc?.planCost.paidAmountBreakdown).toEqual([
      {
        deliverySystem: 'retail',
        brandGenericInd: 'brand',
        grossClaimAmountPaid: 83,
        totalRx: 1,
        effectiveRate: 18,
        cappedEffRate: 18,
      },
      {
        deliverySystem: 'retail',
        brandGenericInd: 'generic',
        grossClaimAmountPaid: 4.5,
        totalRx: 1,
        effectiveRate: 80,
        cappedEffRate: 80,
      },
      {
        deliverySystem: 'retail90',
        brandGenericInd: 'brand',
        grossClaimAmountPaid: 158.5,
        totalRx: 1,
        effectiveRate: 21,
        cappedEffRate: 21,
      },
      {
        deliverySystem: 'mail',
        brandGenericInd: 'ssg',
        grossClaimAmountPaid: 30,
        totalRx: 1,
        effectiveRate: 50,
        cappedEffRate: 50,
      },
      {
        deliverySystem: 'specialtyMail',
        brandGenericInd: 'brand',
        grossClaimAmountPaid: 4000,
        totalRx: 1,
        effectiveRate: 20,
        cappedEffRate: 20,
      },
    ]);
    expect(inc?.exclusions).toEqual({
      badRow: 0,
      unknownChannel: 1,
      unknownBrandGeneric: 0,
      zeroBalance: 1,
      usualAndCustomary: 1,
      compound: 1,
      noPrice: 1,
      duplicate: 1,
      unmatchedReversal: 1,
    });
    expect(inc?.reversedPairs).toBe(1);
    expect(inc?.utilization).toEqual({
      percClaimsRepriced: 41.67, // 5 of 12
      claimsExcluded: 7,
      genericDispensingRate: 40, // c2 and the SSG c4 of 5
      specialtyCostShare: 93.55, // 4000 / 4276
      percMembersSpecialtyDrugs: 33.33, // m3 of m1, m2, m3
      mailOrderUtilizationRate: 20, // c4 of 5
    });
    expect(inc?.contractSavings).toEqual({ contractSavings: 0, percentSavings: 0 });
    expect(inc?.disruption).toEqual({ pctMembers: 0, pctRx: 0 });
    // competitor: c1 at 20 % = 80.00 + 1 → gross 4274; rebates 1570; fees 5 × 1.00; no credits
    expect(comp?.planCost).toMatchObject({
      grossClaimAmountPaid: 4274,
      rebateAmount: 1570,
      totalFees: 5,
      totalCredits: 0,
      netCost: 2622, // 4274 − 87 − 0 − 1570 + 5
    });
    // 2439 − 2622 = −183, −183 / 2439 = −7.50 %
    expect(comp?.contractSavings).toEqual({ contractSavings: -183, percentSavings: -7.5 });
    // c2's NDC is off the competitor's formulary: 1 of 5 claims, m1 of 3 members
    expect(comp?.disruption).toEqual({ pctMembers: 33.33, pctRx: 20 });
  });

  it('prices a claim without AWP from the price file in force on its fill date, never another NDC', () => {
    const prices = [
      { ndc: '99999000011', effectiveDate: '2026-01-01', unitPrice: 2 },
      { ndc: '99999000011', effectiveDate: '2026-06-01', unitPrice: 3 },
      { ndc: '00002143380', effectiveDate: '2026-01-01', unitPrice: 50 },
    ];
    const [inc] = repriceGrid(TABLE, [INCUMBENT], { ...OPTIONS, prices });
    // c11: 2.00 × 10 = 20.00 × 0.82 = 16.40 + 1.00 = 17.40 more gross, a retail brand rebate of 100
    expect(inc?.planCost.grossClaimAmountPaid).toBe(4293.4);
    expect(inc?.planCost.rebateAmount).toBe(1650);
    expect(inc?.exclusions.noPrice).toBe(0);
    const before = repriceGrid(TABLE, [INCUMBENT], { ...OPTIONS, prices: prices.slice(1) })[0];
    expect(before?.exclusions.noPrice).toBe(1);
  });

  it('refuses rows it cannot read rather than guessing', () => {
    const bad = [
      claim({ claimId: 'b1', quantity: -3 }),
      claim({ claimId: 'b2', fillDate: null }),
      claim({ claimId: 'b3', brandGenericIndicator: null }),
      claim({ claimId: 'b4', ndc: '00000000000', brandGenericIndicator: 'B' }),
    ];
    const [col] = repriceGrid(bad, [INCUMBENT], OPTIONS);
    expect(col?.exclusions).toMatchObject({ badRow: 2, unknownBrandGeneric: 1, compound: 1 });
    expect(col?.utilization.percClaimsRepriced).toBe(0);
    expect(col?.planCost.netCost).toBe(-200); // no claims: the 300 of PEPM fees less the 500 credit
  });

  it('multiplies each fee type as the spec writes it', () => {
    const pop = { employees: 10, members: 25, months: 6 };
    expect(feeAmount({ name: 'a', type: 'One Time', amount: 99.99 }, pop, 7)).toBe(99.99);
    expect(feeAmount({ name: 'a', type: 'PEPM', amount: 1.25 }, pop, 7)).toBe(75);
    expect(feeAmount({ name: 'a', type: 'PMPM', amount: 0.35 }, pop, 7)).toBe(52.5);
    expect(feeAmount({ name: 'a', type: 'Per Claim', amount: 1.1 }, pop, 7)).toBe(7.7);
  });

  it('reconciles guarantees as aggregate rates per bucket', () => {
    const r = guaranteeReconciliation(TABLE, INCUMBENT, OPTIONS);
    expect(r).toEqual([
      // c1 85 + c3 160 = 245 against 82 + 158 = 240 on AWP 300
      { bucket: 'brand', actual: 245, guaranteed: 240, effectiveRate: 18.33, shortfall: 5 },
      // c2 2 + c4 31 = 33 against 3 + 30 = 33 on AWP 75: a good claim offsets a bad one
      { bucket: 'generic', actual: 33, guaranteed: 33, effectiveRate: 56, shortfall: 0 },
      // fees 1 + 1.5 + 0.75 + 0 = 3.25 against 3.00; 0.8125 a claim
      {
        bucket: 'dispensingFee',
        actual: 3.25,
        guaranteed: 3,
        effectiveRate: 0.81,
        shortfall: 0.25,
      },
    ]);
  });

  it('computes the incumbent stats', () => {
    expect(incumbentStats(TABLE, { retail90: true })).toEqual({
      generic: 2,
      genericRate: 40,
      mail: 1,
      mailPercent: 20,
      retail90: 1,
      retail90Percent: 20,
      specialty: 1,
      specialtyEffRate: 18, // 4100 of 5000
      specialtyPercent: 20,
    });
  });
});

describe('bad values (decision 0145 "Bad amounts")', () => {
  it.each([
    ['12.50', { value: 12.5 }],
    [' 7 ', { value: 7 }],
    ['-3', { value: -3 }],
    ['+.5', { value: 0.5 }],
    ['10.', { value: 10 }],
    ['1e1', { value: 10 }],
    ['2.5E-1', { value: 0.25 }],
    ['', { value: null }],
    ['   ', { value: null }],
    [null, { value: null }],
    ['$10.00', 'unparseable'],
    ['1,000.00', 'unparseable'],
    ['abc', 'unparseable'],
    ['NaN', 'unparseable'],
    ['Infinity', 'unparseable'],
    ['1e999', 'unparseable'],
    ['0.5.1', 'unparseable'],
    ['30 tabs', 'unparseable'],
    ['.', 'unparseable'],
    ['0x10', 'unparseable'],
  ])('reads the number cell %j as %j', (cell, expected) => {
    expect(parseClaimNumber(cell)).toEqual(expected);
  });

  it.each([
    ['2026-03-15', { value: '2026-03-15' }],
    ['03/15/2026', { value: '2026-03-15' }],
    ['3/5/2026', { value: '2026-03-05' }],
    ['', { value: null }],
    ['2026-02-30', 'unparseable'],
    ['31/31/2026', 'unparseable'],
    ['15.03.2026', 'unparseable'],
    ['March 15', 'unparseable'],
  ])('reads the fill date cell %j as %j', (cell, expected) => {
    expect(parseClaimDate(cell)).toEqual(expected);
  });

  it.each<[string, Partial<StandardClaim>, string | null]>([
    [
      'an unparseable member paid',
      { memberPaid: null, unparseable: ['memberPaid'] },
      'Member Paid is not a number',
    ],
    [
      'an unparseable plan paid',
      { planPaid: null, unparseable: ['planPaid'] },
      'Plan Paid is not a number',
    ],
    [
      'an unparseable AWP',
      { awpTotalCost: null, unparseable: ['awpTotalCost'] },
      'AWP Total Cost is not a number',
    ],
    [
      'an unparseable date',
      { fillDate: null, unparseable: ['fillDate'] },
      'Fill Date is not a date (YYYY-MM-DD or MM/DD/YYYY)',
    ],
    ['a blank date', { fillDate: null }, 'Fill Date is required'],
    ['a blank quantity', { quantity: null }, 'Quantity is required'],
    ['a zero quantity', { quantity: 0 }, 'Quantity must be more than 0'],
    ['a negative quantity', { quantity: -1 }, 'Quantity must be more than 0'],
    ['a negative days supply', { daysSupply: -1 }, 'Days Supply must not be negative'],
    // In layout order: the blank quantity comes before the unparseable member paid.
    [
      'two problems',
      { quantity: null, memberPaid: null, unparseable: ['memberPaid'] },
      'Quantity is required',
    ],
    [
      'blank optional amounts',
      {
        memberPaid: null,
        planPaid: null,
        awpUnitCost: null,
        ingredientCost: null,
        dispensingFee: null,
      },
      null,
    ],
    ['a zero days supply', { daysSupply: 0 }, null],
  ])('names the first bad field of %s', (_name, over, message) => {
    const c = claim({ claimId: 'x', ...over });
    const problem = badRowProblem(c);
    expect(problem && badValueMessage(problem.field, problem.problem)).toBe(message);
    expect(exclusionReason(c, true)).toBe(message === null ? null : 'badRow');
  });

  it('never reads an unparseable amount as zero: it is a bad row, not a zero-balance claim', () => {
    const c = claim({
      claimId: 'x',
      memberPaid: null,
      planPaid: null,
      unparseable: ['memberPaid', 'planPaid'],
    });
    expect(exclusionReason(c, true)).toBe('badRow');
    expect(exclusionReason({ ...c, unparseable: [] }, true)).toBeNull();
    const grid = repriceGrid([c, claim({ claimId: 'y' })], [INCUMBENT], OPTIONS)[0]!;
    expect(grid.exclusions.badRow).toBe(1);
    expect(grid.utilization.claimsExcluded).toBe(1);
    expect(grid.planCost.grossClaimAmountPaid).toBe(83);
  });
});
