import { describe, expect, it } from 'vitest';
import { blankRenewalEntry, renewalEntryInput, withRebateTotals } from './evaluate-incumbent.ts';
import {
  ILLUSTRATIVE_RATE_CARDS,
  PRICING_MESSAGES,
  cardInForce,
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
