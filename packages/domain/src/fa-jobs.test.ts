import { describe, expect, it } from 'vitest';
import {
  cellClaims,
  contractColumnTerms,
  explainCell,
  explainQuery,
  faJobInput,
  gridRowLabel,
  pricingGridRows,
} from './fa-jobs.ts';
import { defaultSelection, globalCustomizations } from './rate-cards.ts';
import { gridFootnotes, type FootnoteFacts } from './pricing-footnotes.ts';
import { COMPETITOR, INCUMBENT, claim } from './repricing-table.ts';
import { repriceGrid, type GridColumn } from './repricing.ts';

const population = { employees: 10, members: 20, months: 3 };

/*
 * Two claims: a retail brand claim, AWP 100, member paid 10; a mail generic claim, AWP 40.
 * Incumbent (repricing-table.ts): retail brand 18% off → 82.00 + fee; mail generic 85% off → 6.00
 * + fee. A third claim with pharmacy type Z is excluded (unknown channel).
 */
const CLAIMS = [
  claim({ claimId: 'a', memberPaid: 10 }),
  claim({
    claimId: 'b',
    memberId: 'm2',
    brandGenericIndicator: 'G',
    pharmacyType: 'M',
    awpTotalCost: 40,
  }),
  claim({ claimId: 'c', pharmacyType: 'Z' }),
];
const grid = repriceGrid(CLAIMS, [INCUMBENT, COMPETITOR], { retail90: true, population });
const [inc, comp] = grid as [GridColumn, GridColumn];

describe('FA job selections', () => {
  it('requires the file, pricing option, disruption type and specialty indicator, by name', () => {
    const result = faJobInput.safeParse({});
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      fileStorageID: 'File is required',
      pricingOption: 'Pricing Option is required',
      disruptionType: 'Disruption Type is required',
      pbmSpecialtyOverride: 'Specialty Indicator is required',
    });
  });

  it('defaults Retail 90 on and refuses a range whose start is after its end', () => {
    const base = {
      fileStorageID: 3,
      pricingOption: 'Commercial',
      disruptionType: '3TIER',
      pbmSpecialtyOverride: 'N/A',
    };
    expect(faJobInput.parse(base).retail90).toBe(1);
    const reversed = faJobInput.safeParse({
      ...base,
      analysisStartDate: '2026-03-01',
      analysisEndDate: '2026-02-01',
    });
    expect(reversed.error?.issues[0]?.path).toEqual(['analysisStartDate']);
  });
});

describe('the incumbent contract as a column', () => {
  it('reads each channel’s brand and generic discount, fee, specialty and rebate terms', () => {
    const terms = contractColumnTerms(
      {
        discounts: [
          { code: 'retailBrand', value: 18 },
          { code: 'retailGeneric', value: 80 },
          { code: 'r90Fee', value: 0.5 },
          { code: 'specialtyAwp', value: 15 },
          { code: 'rebateSpecialty', value: 100 },
          { code: 'mailBrand', value: null },
        ],
      },
      [{ name: 'Administrative Fee', type: 'PEPM', amount: 2 }],
      [],
    );
    expect(terms.discounts.retail).toEqual({ brand: 18, generic: 80, ssg: 80 });
    expect(terms.discounts.mail.brand).toBe(0);
    expect(terms.dispensingFees.retail90).toEqual({ brand: 0.5, generic: 0.5 });
    expect(terms.discounts.specialty).toBe(15);
    expect(terms.rebatesPerBrandClaim.specialtyMail).toBe(100);
    expect(terms.rebatesPerBrandClaim.specialtyRetail).toBe(100);
    expect(terms.fees).toEqual([{ name: 'Administrative Fee', type: 'PEPM', amount: 2 }]);
  });
});

describe('explain a cell', () => {
  it('explains the net cost from the column’s own figures and counts the claims', () => {
    const e = explainCell('netCost', inc, INCUMBENT, inc, population);
    expect(e.value).toBe(inc.planCost.netCost);
    expect(e.terms).toContainEqual({ name: 'Rebates', value: inc.planCost.rebateAmount });
    expect(e.claimCounts).toEqual({ repriced: 2, excluded: 1, inCell: 2 });
  });

  it('explains a breakdown cell with its discount and fee, and one claim in it', () => {
    const e = explainCell('paid.retail.brand', inc, INCUMBENT, inc, population);
    expect(e.label).toBe('Paid: Retail Brand');
    expect(e.terms).toContainEqual({ name: 'Discount off AWP (%)', value: 18 });
    expect(e.claimCounts.inCell).toBe(1);
  });

  it('explains savings against the incumbent', () => {
    const e = explainCell('contractSavings', comp, COMPETITOR, inc, population);
    expect(e.value).toBe(comp.contractSavings.contractSavings);
    expect(e.terms.map((t) => t.value)).toEqual([inc.planCost.netCost, comp.planCost.netCost]);
  });

  it('names the claims behind each kind of row', () => {
    expect(cellClaims('claimsExcluded').set).toBe('excluded');
    expect(cellClaims('rebateAmount').classes).toEqual(['brand']);
    expect(cellClaims('paid.mail.ssg')).toEqual({
      set: 'priced',
      channels: ['mail'],
      classes: ['ssg'],
    });
    expect(gridRowLabel('paid.specialtyMail.brand')).toBe('Paid: Specialty Mail Brand');
  });

  it('explains the disruption with the formulary, the tier and the NDCs counted (decision 0143)', () => {
    const terms = {
      ...COMPETITOR,
      disruption: { formulary: 'Value', tier: '4TIER', excluded: 1, nonPreferred: 2 },
      excludedNdcs: ['00093000001', '1', '2'],
    };
    const e = explainCell('pctRx', comp, terms, inc, population);
    expect(e.value).toBe(comp.disruption.pctRx);
    expect(e.formula).toContain('moves to non-preferred (4TIER)');
    expect(e.terms).toEqual([
      { name: 'Formulary', value: 'Value' },
      { name: 'Disruption tier', value: '4TIER' },
      { name: 'Excluded NDCs', value: 1 },
      { name: 'Non-preferred NDCs', value: 2 },
      { name: 'NDCs counted', value: 3 },
    ]);
  });

  it('explains the protect-services savings and their net after the fee (decision 0143)', () => {
    const terms = {
      ...COMPETITOR,
      protectServices: {
        version: '2.0',
        level: 'advanced',
        specialtyPercent: 6,
        brandPercent: 1.5,
      },
      fees: [{ name: 'Protect Services Fee', type: 'PEPM' as const, amount: 2 }],
    };
    const [, col] = repriceGrid(CLAIMS, [INCUMBENT, terms], { retail90: true, population });
    // Brand outside specialty: claim a at 20 % off = 80.00 + 1.00 = 81.00 × 1.5 % = 1.215 → 1.22
    // (half up); no specialty. Fee 2 × 10 employees × 3 months = 60.
    expect(col!.protectServices!.savingsPotential).toBe(1.22);
    const e = explainCell('protectSavingsPotential', col!, terms, inc, population);
    expect(e.label).toBe('Protect Services Savings');
    expect(e.terms).toEqual([
      { name: 'Protect services', value: 'advanced (version 2.0)' },
      { name: 'Specialty savings rate (%)', value: 6 },
      { name: 'Brand savings rate (%)', value: 1.5 },
      { name: 'Specialty savings', value: 0 },
      { name: 'Brand savings', value: 1.22 },
    ]);
    const net = explainCell('protectNetSavings', col!, terms, inc, population);
    expect(net.value).toBe(-58.78);
    expect(net.terms).toEqual([
      { name: 'Protect services savings', value: 1.22 },
      { name: 'Protect Services Fee', value: 60 },
    ]);
    const none = explainCell('protectSavingsPotential', inc, INCUMBENT, inc, population);
    expect([none.value, none.terms]).toEqual([0, [{ name: 'Protect services', value: 'none' }]]);
  });

  it('accepts only the grid’s rows', () => {
    expect(explainQuery.safeParse({ column: 'incumbent', row: 'netCost' }).success).toBe(true);
    expect(explainQuery.safeParse({ column: 'incumbent', row: 'paid.retail.brand' }).success).toBe(
      true,
    );
    expect(explainQuery.safeParse({ column: 'incumbent', row: 'paid.moon.brand' }).success).toBe(
      false,
    );
    expect(explainQuery.safeParse({ column: 'a\u0000', row: 'netCost' }).success).toBe(false);
  });
});

describe('footnote rules', () => {
  const facts = (over: Partial<FootnoteFacts> = {}): FootnoteFacts => ({
    globals: globalCustomizations.parse({}),
    grid,
    guarantees: [],
    population,
    populationKnown: { employees: true, members: true },
    range: { start: null, end: null },
    rateCards: [
      {
        pbm: 'CVS_CAREMARK',
        effectiveDate: '2026-01-01',
        selection: defaultSelection('CVS_CAREMARK'),
      },
    ],
    missingCards: [],
    ...over,
  });

  it('numbers the notes, static method notes first', () => {
    const notes = gridFootnotes(facts());
    expect(notes.map((n) => n.id)).toEqual(notes.map((_, i) => i + 1));
    expect(notes[0]?.isStatic).toBe(true);
    expect(notes.filter((n) => n.isStatic)).toHaveLength(4);
    expect(notes.every((n) => n.pages.length > 0)).toBe(true);
  });

  it('counts the excluded claims by reason and states the Retail 90 rule in force', () => {
    const texts = gridFootnotes(facts()).map((n) => n.text);
    expect(texts).toContain('1 claims were not repriced (Unknown pharmacy type (channel): 1).');
    expect(texts).toContainEqual(expect.stringContaining('Retail 90 on'));
    const off = gridFootnotes(facts({ globals: globalCustomizations.parse({ retail90: 0 }) }));
    expect(off.map((n) => n.text)).toContainEqual(expect.stringContaining('Retail 90 off'));
  });

  it('names each PBM’s rate card and options, a missing card, and the range when one is set', () => {
    const texts = gridFootnotes(
      facts({ missingCards: ['OPTUMRX'], range: { start: '2026-01-01', end: '2026-03-31' } }),
    ).map((n) => n.text);
    expect(texts).toContain(
      'CVS Caremark terms from its rate card effective 2026-01-01 (Standard Control formulary, National network, Exclusive specialty network, basic protect services 2.0).',
    );
    expect(texts).toContain(
      'Optum has no rate card in force on the analysis date and is not shown.',
    );
    expect(texts).toContain('Claims filled from 2026-01-01 to 2026-03-31 only.');
  });

  it('says when a population count is missing and shows a guarantee shortfall', () => {
    const texts = gridFootnotes(
      facts({
        populationKnown: { employees: false, members: true },
        guarantees: [
          { bucket: 'brand', actual: 110, guaranteed: 100, effectiveRate: 10, shortfall: 10 },
          { bucket: 'generic', actual: 5, guaranteed: 6, effectiveRate: 80, shortfall: 0 },
        ],
      }),
    ).map((n) => n.text);
    expect(texts).toContainEqual(
      expect.stringContaining('the opportunity gives no employee count: those fees are 0'),
    );
    expect(texts).toContain(
      'The incumbent missed its guarantees on these claims: brand shortfall $10.00 (what a reconciliation would pay).',
    );
  });

  it('states the disruption tier’s rule and how protect services are estimated (decision 0143)', () => {
    const three = gridFootnotes(facts()).map((n) => n.text);
    expect(three).toContain(
      'Disruption Tier 3TIER: only claims on excluded drugs count as disrupted.',
    );
    expect(three.some((t) => t.includes('not estimated'))).toBe(false);
    expect(three).toContainEqual(
      expect.stringContaining('Protect-services savings are an estimate kept out of the net cost'),
    );
    const four = gridFootnotes(
      facts({ globals: globalCustomizations.parse({ disruptionTier: '4TIER' }) }),
    ).map((n) => n.text);
    expect(four).toContain(
      'Disruption Tier 4TIER: claims on non-preferred (fourth tier) drugs count as disrupted, beside the excluded ones.',
    );
  });

  it('notes the specialty indicator only when one is chosen', () => {
    const none = gridFootnotes(facts()).map((n) => n.text);
    expect(none.some((t) => t.includes('specialty terms'))).toBe(false);
    const esi = gridFootnotes(
      facts({ globals: globalCustomizations.parse({ specialtyIndicator: 'ESI' }) }),
    ).map((n) => n.text);
    expect(esi).toContain(
      'Specialty claims of every PBM column are priced at ESI’s specialty terms.',
    );
  });
});

describe('the grid rows (one definition for the screen and the proposal)', () => {
  const grid = repriceGrid(
    [
      claim({ claimId: 'r1' }),
      claim({ claimId: 'm1', pharmacyType: 'M', brandGenericIndicator: 'G' }),
    ],
    [INCUMBENT, COMPETITOR],
    { retail90: true, population: { employees: 1, members: 1, months: 1 } },
  );

  it('orders plan cost, the buckets some column has, savings, utilization, disruption', () => {
    const rows = pricingGridRows(grid);
    expect(rows.map((r) => r.id)).toEqual([
      'grossClaimAmountPaid',
      'lessMemberCostShare',
      'totalCredits',
      'rebateAmount',
      'totalFees',
      'netCost',
      'paid.retail.brand',
      'paid.mail.generic',
      'contractSavings',
      'percentSavings',
      'protectSavingsPotential',
      'protectNetSavings',
      'percClaimsRepriced',
      'claimsExcluded',
      'genericDispensingRate',
      'specialtyCostShare',
      'percMembersSpecialtyDrugs',
      'mailOrderUtilizationRate',
      'pctMembers',
      'pctRx',
    ]);
    const net = rows.find((r) => r.id === 'netCost')!;
    expect([net.label, net.kind, net.value(grid[0]!)]).toEqual([
      'Net Cost',
      'money',
      grid[0]!.planCost.netCost,
    ]);
    // 100 × 0.82 + 1.00 = 83.00 for the retail brand claim under the incumbent
    expect(rows.find((r) => r.id === 'paid.retail.brand')!.value(grid[0]!)).toBe(83);
    expect(rows.find((r) => r.id === 'claimsExcluded')!.kind).toBe('count');
  });

  it('puts savings first and keeps only the groups asked for (the proposal)', () => {
    const rows = pricingGridRows(grid, {
      order: 'savings-first',
      groups: ['Plan Cost', 'Contract Savings'],
    });
    expect(rows.map((r) => r.id)).toEqual([
      'contractSavings',
      'percentSavings',
      'grossClaimAmountPaid',
      'lessMemberCostShare',
      'totalCredits',
      'rebateAmount',
      'totalFees',
      'netCost',
    ]);
  });

  it('reads null where a saved column lacks the figure', () => {
    const { utilization: _u, disruption: _d, ...saved } = grid[0]!;
    const rows = pricingGridRows([saved]);
    expect(rows.find((r) => r.id === 'pctRx')!.value(saved)).toBeNull();
    expect(rows.find((r) => r.id === 'netCost')!.value(saved)).toBe(grid[0]!.planCost.netCost);
  });
});
