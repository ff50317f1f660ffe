import { describe, expect, it } from 'vitest';
import {
  RATE_CARD_MESSAGES as M,
  adjustmentPointRange,
  adjustmentValues,
  effectiveDateProblem,
  rateCardVersionInput,
} from './rate-card-forms.ts';
import { ILLUSTRATIVE_RATE_CARDS, type RateCardTerms } from './rate-cards.ts';

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

  describe('formulary drug lists and protect-services rates (decision 0143)', () => {
    const card = ILLUSTRATIVE_RATE_CARDS[1]!; // Optum
    const withDrugs = (formularyDrugs: unknown[]) =>
      rateCardVersionInput.safeParse({
        pbm: card.pbm,
        effectiveDate: '2027-01-01',
        terms: { ...card.terms, formularyDrugs },
      });
    const drug = {
      formulary: 'Select',
      ndc: '00002446534',
      drugName: 'Cialis',
      status: 'excluded',
    };
    const issues = (r: ReturnType<typeof withDrugs>) =>
      r.error?.issues.map((i) => [i.path.join('.'), i.message]);

    it('accepts a list and trims the drug name', () => {
      const r = withDrugs([{ ...drug, drugName: '  Cialis ' }]);
      expect(r.success).toBe(true);
      expect(r.data?.terms.formularyDrugs).toEqual([drug]);
    });

    it('refuses an NDC that is not 11 digits, naming the field', () => {
      for (const ndc of ['0002-4465-34', '0000244653', '000024465345', 'abcdefghijk', ''])
        expect(issues(withDrugs([{ ...drug, ndc }]))).toEqual([
          ['terms.formularyDrugs.0.ndc', M.ndc],
        ]);
    });

    it('refuses a blank or too long drug name, and a formulary the PBM does not offer', () => {
      expect(issues(withDrugs([{ ...drug, drugName: '  ' }]))).toEqual([
        ['terms.formularyDrugs.0.drugName', M.drugNameRequired],
      ]);
      expect(issues(withDrugs([{ ...drug, drugName: 'x'.repeat(101) }]))).toEqual([
        ['terms.formularyDrugs.0.drugName', M.drugNameTooLong],
      ]);
      expect(withDrugs([{ ...drug, drugName: 'x'.repeat(100) }]).success).toBe(true);
      expect(issues(withDrugs([{ ...drug, formulary: 'Value' }]))).toEqual([
        ['terms.formularyDrugs.0.formulary', M.unknownFormulary],
      ]);
      expect(issues(withDrugs([{ ...drug, status: 'tier5' }]))?.[0]?.[0]).toBe(
        'terms.formularyDrugs.0.status',
      );
    });

    it('refuses the same NDC twice under one formulary, excluded or not, but not under two', () => {
      expect(
        issues(withDrugs([drug, { ...drug, status: 'nonPreferred', drugName: 'Cialis 5' }])),
      ).toEqual([['terms.formularyDrugs.1.ndc', M.duplicateFormularyDrug]]);
      expect(withDrugs([drug, { ...drug, formulary: 'Essential' }]).success).toBe(true);
    });

    it('refuses more lines than the maximum', () => {
      const many = Array.from({ length: 3001 }, (_, i) => ({
        ...drug,
        ndc: String(i).padStart(11, '0'),
      }));
      expect(issues(withDrugs(many))).toEqual([['terms.formularyDrugs', M.tooManyFormularyDrugs]]);
    });

    it('checks the protect-services rates as percentages', () => {
      const rates = structuredClone(card.terms.protectServicesRates)!;
      rates['1.0'].advanced.specialtyPercent = 101;
      const r = rateCardVersionInput.safeParse({
        pbm: card.pbm,
        effectiveDate: '2027-01-01',
        terms: { ...card.terms, protectServicesRates: rates },
      });
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['terms.protectServicesRates.1.0.advanced.specialtyPercent', M.percent],
      ]);
    });

    it('reads a version saved before the lists as none listed and no savings', () => {
      const { formularyDrugs: _d, protectServicesRates: _r, ...old } = card.terms;
      const r = rateCardVersionInput.safeParse({
        pbm: card.pbm,
        effectiveDate: '2027-01-01',
        terms: old as RateCardTerms,
      });
      expect(r.data?.terms.formularyDrugs).toEqual([]);
      expect(r.data?.terms.protectServicesRates?.['2.0'].advanced).toEqual({
        specialtyPercent: 0,
        brandPercent: 0,
      });
    });
  });
});
