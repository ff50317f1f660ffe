/**
 * The hand-computed repricing table (issue 19): claims and two columns' terms whose every figure
 * a person worked out (the comments). The domain test checks the rules against it; the server's
 * engine test checks the DuckDB SQL gives the same figures.
 */
import type { ColumnTerms, StandardClaim } from './repricing.ts';

/** A claim with everything a repriceable retail brand claim needs; tests override fields. */
export function claim(over: Partial<StandardClaim> & { claimId: string }): StandardClaim {
  return {
    memberId: 'm1',
    fillDate: '2026-03-15',
    ndc: '00002143380',
    brandGenericIndicator: 'B',
    quantity: 30,
    daysSupply: 30,
    pharmacyType: 'R',
    awpUnitCost: null,
    awpTotalCost: 100,
    ingredientCost: null,
    dispensingFee: null,
    memberPaid: 0,
    planPaid: 1,
    claimStatus: 'P',
    ...over,
  };
}

/** The incumbent's terms of the hand-computed table. */
export const INCUMBENT: ColumnTerms = {
  key: 'incumbent',
  name: 'Incumbent',
  pbm: null,
  discounts: {
    retail: { brand: 18, generic: 80, ssg: 40 },
    retail90: { brand: 21, generic: 82, ssg: 45 },
    mail: { brand: 24, generic: 85, ssg: 50 },
    specialty: 20,
  },
  dispensingFees: {
    retail: { brand: 1, generic: 1.5 },
    retail90: { brand: 0.5, generic: 0.75 },
    mail: { brand: 0, generic: 0 },
    specialtyRetail: 2,
    specialtyMail: 0,
  },
  rebateTier: '2TIER',
  rebatesPerBrandClaim: {
    retail: 100,
    retail90: 250,
    mail: 300,
    specialtyRetail: 1000,
    specialtyMail: 1200,
  },
  fees: [{ name: 'Administrative Fee', type: 'PEPM', amount: 2.5 }],
  credits: [{ name: 'Rebate Fee Credit', type: 'One Time', amount: 500 }],
};

/** A competitor: retail brand 20 %, retail rebate 120, a per-claim fee, no credit, one NDC off formulary. */
export const COMPETITOR: ColumnTerms = {
  ...INCUMBENT,
  key: 'caremark',
  name: 'CVS Caremark',
  pbm: 'CVS_CAREMARK',
  discounts: { ...INCUMBENT.discounts, retail: { brand: 20, generic: 80, ssg: 40 } },
  rebatesPerBrandClaim: { ...INCUMBENT.rebatesPerBrandClaim, retail: 120 },
  fees: [{ name: 'Transparent Per Claim Fee', type: 'Per Claim', amount: 1 }],
  credits: [],
  excludedNdcs: ['00093000001'],
};

/**
 * The hand-computed table. Each line's comment is the arithmetic a person did for the incumbent.
 */
export const TABLE: StandardClaim[] = [
  // retail brand: 100 × 0.82 = 82.00 + 1.00 fee = 83.00; rebate 100; actually paid 85.00 + 1.00
  claim({ claimId: 'c1', memberPaid: 10, planPaid: 80, ingredientCost: 85, dispensingFee: 1 }),
  // retail generic from unit AWP: 0.50 × 30 = 15.00 × 0.20 = 3.00 + 1.50 = 4.50; paid 2.00 + 1.50
  claim({
    claimId: 'c2',
    ndc: '00093000001',
    brandGenericIndicator: 'G',
    awpTotalCost: null,
    awpUnitCost: 0.5,
    memberPaid: 2,
    planPaid: 5,
    ingredientCost: 2,
    dispensingFee: 1.5,
  }),
  // retail brand, 90 days → retail90: 200 × 0.79 = 158.00 + 0.50 = 158.50; rebate 250; paid 160 + 0.75
  claim({
    claimId: 'c3',
    memberId: 'm2',
    daysSupply: 90,
    awpTotalCost: 200,
    memberPaid: 20,
    planPaid: 150,
    ingredientCost: 160,
    dispensingFee: 0.75,
  }),
  // mail single-source generic: 60 × 0.50 = 30.00 + 0 = 30.00; paid 31.00 + 0
  claim({
    claimId: 'c4',
    memberId: 'm2',
    pharmacyType: 'MAIL',
    brandGenericIndicator: 'S',
    daysSupply: 90,
    awpTotalCost: 60,
    memberPaid: 5,
    planPaid: 26,
    ingredientCost: 31,
    dispensingFee: 0,
  }),
  // specialty mail brand: 5000 × 0.80 = 4000.00 + 0; rebate 1200; paid 4100 (18 % off AWP)
  claim({
    claimId: 'c5',
    memberId: 'm3',
    pharmacyType: 'SM',
    awpTotalCost: 5000,
    memberPaid: 50,
    planPaid: 4050,
    ingredientCost: 4100,
    dispensingFee: 0,
  }),
  // c7 paid then reversed: netted away, counted as a reversed pair, not as excluded
  claim({ claimId: 'c7', memberId: 'm3', brandGenericIndicator: 'G' }),
  claim({ claimId: 'c7', memberId: 'm3', brandGenericIndicator: 'G', claimStatus: 'R' }),
  // usual and customary
  claim({ claimId: 'c8', memberId: 'm4', claimStatus: 'U&C' }),
  // zero balance: nothing paid by anyone
  claim({ claimId: 'c9', memberId: 'm4', planPaid: 0, memberPaid: 0 }),
  // compound
  claim({ claimId: 'c10', memberId: 'm4', brandGenericIndicator: 'C' }),
  // no price on the claim (and none in the price file unless a test gives one)
  claim({ claimId: 'c11', memberId: 'm4', ndc: '99999000011', awpTotalCost: null, quantity: 10 }),
  // unknown pharmacy type
  claim({ claimId: 'c12', memberId: 'm5', pharmacyType: 'X' }),
  // c1 again: a duplicate claim id
  claim({ claimId: 'c1', memberPaid: 10, planPaid: 80 }),
  // a reversal with no original
  claim({ claimId: 'c13', claimStatus: 'X' }),
];
