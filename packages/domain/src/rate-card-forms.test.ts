import { describe, expect, it } from 'vitest';
import {
  RATE_CARD_MESSAGES as M,
  adjustmentPointRange,
  adjustmentValues,
  effectiveDateProblem,
  rateCardVersionInput,
} from './rate-card-forms.ts';
import { ILLUSTRATIVE_RATE_CARDS } from './rate-cards.ts';

describe('rate card forms (decision 0130)', () => {
  it('accepts every illustrative card as a new version of its PBM', () => {
    for (const card of ILLUSTRATIVE_RATE_CARDS) {
      const parsed = rateCardVersionInput.safeParse({
        pbm: card.pbm,
        effectiveDate: card.effectiveDate,
        terms: card.terms,
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data?.note).toBeNull();
    }
  });

  it("sums each option's lowest and highest points (one value per option is chosen)", () => {
    const caremark = ILLUSTRATIVE_RATE_CARDS[0]!.terms.adjustments;
    // Pricing: -1 (Pass Through) .. +1.5 (Re-Invested); Value network +1; Maintenance90 +0.5.
    expect(adjustmentPointRange(caremark, 'brandPoints')).toEqual({ low: -1, high: 3 });
    expect(adjustmentPointRange(caremark, 'specialtyPoints')).toEqual({ low: -3, high: 0 });
    expect(adjustmentPointRange([], 'genericPoints')).toEqual({ low: 0, high: 0 });
  });

  it('refuses a base discount the options could push below 0 or above 100', () => {
    const card = ILLUSTRATIVE_RATE_CARDS[0]!;
    const terms = {
      ...card.terms,
      discounts: { ...card.terms.discounts, mail: { ...card.terms.discounts.mail, brand: 0.5 } },
    };
    const parsed = rateCardVersionInput.safeParse({
      pbm: card.pbm,
      effectiveDate: '2027-01-01',
      terms,
    });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path).toEqual(['terms', 'discounts', 'mail', 'brand']);
    expect(issue?.message).toBe(M.adjustedOutOfRange(-0.5, 3.5));
  });

  it('names the values an adjustment may take per PBM (Net New only for Express Scripts)', () => {
    expect(adjustmentValues('OPTUMRX', 'formulary')).toEqual(['Premium', 'Select', 'Essential']);
    expect(adjustmentValues('OPTUMRX', 'netNew')).toEqual([]);
    expect(adjustmentValues('EXPRESS_SCRIPTS', 'netNew')).toEqual(['Net New', 'Not Net New']);
  });

  it('keeps a new version on or after the latest card', () => {
    expect(effectiveDateProblem('2026-05-01', null)).toBeNull();
    expect(effectiveDateProblem('2026-05-01', '2026-05-01')).toBeNull();
    expect(effectiveDateProblem('2026-04-30', '2026-05-01')).toBe(
      M.effectiveDateBefore('2026-05-01'),
    );
  });
});
