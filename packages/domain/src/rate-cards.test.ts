import { describe, expect, it } from 'vitest';
import { blankRenewalEntry, renewalEntryInput, withRebateTotals } from './evaluate-incumbent.ts';
import { COMPETITOR, INCUMBENT, TABLE } from './repricing-table.ts';
import { PROTECT_SERVICES_FEE_NAME, repriceGrid } from './repricing.ts';
import {
  ILLUSTRATIVE_RATE_CARDS,
  OPTION_FEE_NAME,
  PBM_OPTION_VALUES,
  PRICING_MESSAGES,
  cardInForce,
  formularyDisruption,
  defaultSelection,
  globalCustomizations,
  pbmColumnTerms,
  pbmSelection,
  pbmSelections,
  renewalColumnTerms,
  type RateCard,
} from './rate-cards.ts';

const caremark = ILLUSTRATIVE_RATE_CARDS[0] as RateCard;

describe('pricing customizations', () => {
  it('fill every global option with the spec’s default', () => {
    expect(globalCustomizations.parse({})).toEqual({
      pricing: 'Commercial',
      memberPopulation: 'Under 1K',
      rebateTier: '2TIER',
      retail90: 1,
      channelManagement: 'Yes',
      disruptionTier: '3TIER',
      specialtyIndicator: 'N/A',
      protectServices: '2.0',
    });
  });

  it('allow at most 3 PBM selections, with the spec’s message', () => {
    const four = ['CVS_CAREMARK', 'OPTUMRX', 'EXPRESS_SCRIPTS', 'OPTUMRX'] as const;
    const r = pbmSelections.safeParse(four.map(defaultSelection));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PRICING_MESSAGES.tooManySelections);
    expect(pbmSelections.safeParse(four.slice(0, 3).map(defaultSelection)).success).toBe(true);
  });

  it('refuse an option another PBM offers, naming the field', () => {
    const r = pbmSelection.safeParse({
      ...defaultSelection('OPTUMRX'),
      formulary: 'Advanced Control',
    });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['formulary']);
    expect(
      pbmSelection.safeParse({ ...defaultSelection('OPTUMRX'), formulary: 'x\u0000' }).success,
    ).toBe(false);
  });

  it('give Express Scripts alone a Net New default', () => {
    expect(defaultSelection('EXPRESS_SCRIPTS').netNew).toBe('Net New');
    expect(defaultSelection('CVS_CAREMARK').netNew).toBeNull();
  });
});

describe('rate cards into column terms', () => {
  it('take the card in force on the date, and none before the first', () => {
    const later: RateCard = { ...caremark, effectiveDate: '2026-07-01' };
    const cards = [caremark, later];
    expect(cardInForce(cards, 'CVS_CAREMARK', '2026-06-30')).toBe(caremark);
    expect(cardInForce(cards, 'CVS_CAREMARK', '2026-07-01')).toBe(later);
    expect(cardInForce(cards, 'CVS_CAREMARK', '2025-12-31')).toBeNull();
    expect(cardInForce(cards, 'OPTUMRX', '2026-07-01')).toBeNull();
  });

  it('apply the base card under the defaults', () => {
    const t = pbmColumnTerms(
      caremark,
      globalCustomizations.parse({}),
      defaultSelection('CVS_CAREMARK'),
    );
    expect(t.discounts.retail).toEqual({ brand: 19, generic: 82, ssg: 45 });
    expect(t.rebatesPerBrandClaim.retail).toBe(95);
    expect(t.fees).toEqual([{ name: 'PBM Administrative Fee', type: 'PEPM', amount: 3 }]);
  });

  it('add each chosen option’s points, rebate factor and fee', () => {
    const globals = globalCustomizations.parse({
      pricing: 'Re-Invested Rebates',
      memberPopulation: 'Over 5K',
      rebateTier: '3TIER',
    });
    const t = pbmColumnTerms(caremark, globals, {
      ...defaultSelection('CVS_CAREMARK'),
      formulary: 'Advanced Control',
      specialtyNetwork: 'Open',
      protectServices: 'advanced',
    });
    // brand 19 + 1.5; generic 82 + 1; ssg 45 + 1; specialty 21 − 3
    expect(t.discounts.retail).toEqual({ brand: 20.5, generic: 83, ssg: 46 });
    expect(t.discounts.specialty).toBe(18);
    // 3TIER retail rebate 95 × 1.15 = 109.25, × 0.8 × 1.1 = 96.14
    expect(t.rebatesPerBrandClaim.retail).toBe(96.14);
    expect(t.fees).toEqual([
      { name: 'PBM Administrative Fee', type: 'PEPM', amount: 1 },
      { name: 'Protect Services Fee', type: 'PEPM', amount: 2 },
    ]);
  });

  it('put the protect-services fee on its own line, apart from another option’s PEPM', () => {
    const t = pbmColumnTerms(caremark, globalCustomizations.parse({ pricing: 'Pass Through' }), {
      ...defaultSelection('CVS_CAREMARK'),
      protectServices: 'intermediate',
    });
    expect(t.fees).toEqual([
      { name: 'PBM Administrative Fee', type: 'PEPM', amount: 3 },
      { name: PROTECT_SERVICES_FEE_NAME, type: 'PEPM', amount: 1 },
      { name: OPTION_FEE_NAME, type: 'PEPM', amount: 4 },
    ]);
  });

  it('turn a renewal entry into a column, blank terms as 0', () => {
    const input = {
      ...blankRenewalEntry(),
      name: 'Renewal 1',
      effectiveDate: '2026-01-01',
      source: 'No' as const,
    };
    input.discounts.retail = { brandAWP: 18, genericAWP: 80, singleSourceGenericAWP: null };
    input.rebateGuarantees.retail = { guarantee: 100, claimCount: null, exclusions: null };
    input.adminFees = [{ name: 'Administrative Fee', type: 'PEPM', amount: 2.5 }];
    const entry = { ...withRebateTotals(renewalEntryInput.parse(input)), id: 7 };
    const t = renewalColumnTerms(entry, 'renewal-7');
    // a blank single-source generic discount takes the generic one
    expect(t.discounts.retail).toEqual({ brand: 18, generic: 80, ssg: 80 });
    expect(t.discounts.mail).toEqual({ brand: 0, generic: 0, ssg: 0 });
    expect(t.rebatesPerBrandClaim.retail).toBe(100);
    expect(t.fees).toEqual([{ name: 'Administrative Fee', type: 'PEPM', amount: 2.5 }]);
    expect(t.name).toBe('Renewal 1');
  });
});

describe('formulary disruption and protect services (decision 0143)', () => {
  const drugs = [
    { formulary: 'Value', ndc: '00093000001', drugName: 'A', status: 'excluded' as const },
    { formulary: 'Value', ndc: '00002143380', drugName: 'B', status: 'nonPreferred' as const },
    {
      formulary: 'Standard Control',
      ndc: '11111111111',
      drugName: 'C',
      status: 'excluded' as const,
    },
  ];

  it('count the chosen formulary’s exclusions under 3TIER, and its non-preferred too under 4TIER', () => {
    expect(formularyDisruption(drugs, 'Value', '3TIER')).toEqual({
      excludedNdcs: ['00093000001'],
      disruption: { formulary: 'Value', tier: '3TIER', excluded: 1, nonPreferred: 1 },
    });
    expect(formularyDisruption(drugs, 'Value', '4TIER').excludedNdcs).toEqual([
      '00093000001',
      '00002143380',
    ]);
    expect(formularyDisruption(drugs, 'Advanced Control', '4TIER').excludedNdcs).toEqual([]);
    // A card saved with one NDC twice under a formulary still counts it once.
    expect(formularyDisruption([drugs[0]!, drugs[0]!], 'Value', '4TIER').excludedNdcs).toEqual([
      '00093000001',
    ]);
  });

  it('price the hand-computed table’s disruption and protect-services savings', () => {
    const card: RateCard = {
      ...caremark,
      terms: { ...caremark.terms, formularyDrugs: drugs },
    };
    const selection = {
      ...defaultSelection('CVS_CAREMARK'),
      formulary: 'Value',
      protectServices: 'advanced' as const,
    };
    const column = (tier: '3TIER' | '4TIER', version: '1.0' | '2.0' = '2.0') => {
      const t = pbmColumnTerms(
        card,
        globalCustomizations.parse({ disruptionTier: tier, protectServices: version }),
        selection,
      );
      // The table's competitor terms (hand-computed), with the card's formulary and protect
      // services: advanced costs $2 PEPM.
      return {
        ...COMPETITOR,
        excludedNdcs: t.excludedNdcs,
        protectServices: t.protectServices,
        fees: [
          ...COMPETITOR.fees,
          { name: PROTECT_SERVICES_FEE_NAME, type: 'PEPM' as const, amount: 2 },
        ],
      };
    };
    const options = { retail90: true, population: { employees: 10, members: 20, months: 12 } };
    const [inc, three] = repriceGrid(TABLE, [INCUMBENT, column('3TIER')], options);
    // 3TIER: c2 (m1) of the 5 repriced claims of m1, m2, m3.
    expect(three?.disruption).toEqual({ pctMembers: 33.33, pctRx: 20 });
    // Specialty gross c5 4000 × 6 % = 240.00; brand outside specialty c1 81 + c3 158.50 = 239.50
    // × 1.5 % = 3.5925 → 3.59; potential 243.59; the fee 2 × 10 employees × 12 months = 240.
    expect(three?.protectServices).toEqual({
      savingsPotential: 243.59,
      netSavingsAfterFees: 3.59,
      breakdown: [
        { protectType: 'Specialty', savings: 240 },
        { protectType: 'Brand', savings: 3.59 },
      ],
    });
    // Protect services are an estimate beside the net cost, not in it: 4274 − 87 − 1570 + 5 + 240.
    expect(three?.planCost.netCost).toBe(2862);
    // The incumbent has no protect services and no formulary.
    expect(inc?.protectServices).toEqual({
      savingsPotential: 0,
      netSavingsAfterFees: 0,
      breakdown: [],
    });
    expect(inc?.disruption).toEqual({ pctMembers: 0, pctRx: 0 });

    // 4TIER adds the claims on NDC 00002143380 (non-preferred): c1, c3, c4 and c5 carry it, so
    // all 5 claims of every member.
    const [, four] = repriceGrid(TABLE, [INCUMBENT, column('4TIER')], options);
    expect(four?.disruption).toEqual({ pctMembers: 100, pctRx: 100 });

    // Version 1.0 advanced: 4.5 % of 4000 = 180.00; 1 % of 239.50 = 2.395 → 2.40 (half up).
    const [, v1] = repriceGrid(TABLE, [INCUMBENT, column('3TIER', '1.0')], options);
    expect(v1?.protectServices?.savingsPotential).toBe(182.4);
    expect(v1?.protectServices?.netSavingsAfterFees).toBe(-57.6);
  });

  it('give no protect-services savings for level none, and none from a card without rates', () => {
    const globals = globalCustomizations.parse({});
    const none = { ...defaultSelection('OPTUMRX'), protectServices: 'none' as const };
    const optum = ILLUSTRATIVE_RATE_CARDS[1]!;
    expect(pbmColumnTerms(optum, globals, none).protectServices).toBeUndefined();
    const { protectServicesRates: _r, formularyDrugs: _d, ...old } = optum.terms;
    const t = pbmColumnTerms({ ...optum, terms: old }, globals, defaultSelection('OPTUMRX'));
    expect(t.protectServices).toEqual({
      version: '2.0',
      level: 'basic',
      specialtyPercent: 0,
      brandPercent: 0,
    });
    expect(t.excludedNdcs).toEqual([]);
  });

  it('seed each PBM with formularies that exclude more the more restrictive they are', () => {
    for (const card of ILLUSTRATIVE_RATE_CARDS) {
      const counts = PBM_OPTION_VALUES[card.pbm].formulary.map((f) =>
        (['3TIER', '4TIER'] as const).map(
          (tier) =>
            formularyDisruption(card.terms.formularyDrugs ?? [], f, tier).excludedNdcs!.length,
        ),
      );
      for (let i = 0; i < counts.length; i++) {
        const [three, four] = counts[i]!;
        expect(three, `${card.pbm} formulary ${i}`).toBeGreaterThan(0);
        expect(four).toBeGreaterThan(three!);
        if (i > 0) expect(three).toBeGreaterThan(counts[i - 1]![0]!);
      }
      for (const d of card.terms.formularyDrugs ?? []) expect(d.ndc).toMatch(/^\d{11}$/);
    }
  });
});
