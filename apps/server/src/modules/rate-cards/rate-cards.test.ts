import { describe, expect, it } from 'vitest';
import {
  ILLUSTRATIVE_RATE_CARDS,
  cardInForce,
  defaultSelection,
  globalCustomizations,
  pbmColumnTerms,
  type RateCardTerms,
} from '@pillar/domain';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { rateCardsInForce } from './index.ts';
import { insertVersion } from './rate-cards.repo.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const seeded = (pbm: string) => {
  const card = ILLUSTRATIVE_RATE_CARDS.find((c) => c.pbm === pbm);
  if (!card) throw new Error(pbm);
  return card;
};

function withRetailBrand(terms: RateCardTerms, brand: number): RateCardTerms {
  return {
    ...terms,
    discounts: { ...terms.discounts, retail: { ...terms.discounts.retail, brand } },
  };
}

describe('rateCardsInForce (the repricing reads the cards through it)', () => {
  it('answers the seeded illustrative card of every PBM in the domain shape', async () => {
    const cards = await rateCardsInForce(t.ctx.db, '2026-06-01');
    expect(cards).toHaveLength(3);
    for (const expected of ILLUSTRATIVE_RATE_CARDS)
      expect(cards.find((c) => c.pbm === expected.pbm)).toEqual(expected);
    // What the engine does with them: the same column terms as from the domain's own cards.
    const globals = globalCustomizations.parse({});
    const card = cardInForce(cards, 'OPTUMRX', '2026-06-01');
    expect(card && pbmColumnTerms(card, globals, defaultSelection('OPTUMRX'))).toEqual(
      pbmColumnTerms(seeded('OPTUMRX'), globals, defaultSelection('OPTUMRX')),
    );
  });

  it('answers nothing for a date before any card is effective', async () => {
    expect(await rateCardsInForce(t.ctx.db, '2025-12-31')).toEqual([]);
  });

  it('switches to a later version on its effective date and keeps the earlier one before it', async () => {
    const userNo = await t.userNo('financialAnalyst');
    const base = seeded('CVS_CAREMARK').terms;
    await insertVersion(t.ctx.db, {
      pbm: 'CVS_CAREMARK',
      effectiveDate: '2030-03-01',
      terms: withRetailBrand(base, 30),
      note: null,
      createdBy: userNo,
    });
    const before = await rateCardsInForce(t.ctx.db, '2030-02-28');
    expect(before.find((c) => c.pbm === 'CVS_CAREMARK')?.terms.discounts.retail.brand).toBe(
      base.discounts.retail.brand,
    );
    const on = await rateCardsInForce(t.ctx.db, '2030-03-01');
    const caremark = on.find((c) => c.pbm === 'CVS_CAREMARK');
    expect(caremark?.effectiveDate).toBe('2030-03-01');
    expect(caremark?.terms.discounts.retail.brand).toBe(30);
    // The other PBMs keep their seeded card.
    expect(on.find((c) => c.pbm === 'OPTUMRX')).toEqual(seeded('OPTUMRX'));

    // A second version of the same date replaces it from that date: the newest wins the tie.
    await insertVersion(t.ctx.db, {
      pbm: 'CVS_CAREMARK',
      effectiveDate: '2030-03-01',
      terms: withRetailBrand(base, 31.25),
      note: 'corrected',
      createdBy: userNo,
    });
    const again = await rateCardsInForce(t.ctx.db, '2030-12-31');
    expect(again.find((c) => c.pbm === 'CVS_CAREMARK')?.terms.discounts.retail.brand).toBe(31.25);
  });
});
