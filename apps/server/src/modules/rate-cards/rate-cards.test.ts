import { describe, expect, it } from 'vitest';
import {
  ILLUSTRATIVE_RATE_CARDS,
  RATE_CARD_MESSAGES as M,
  cardInForce,
  defaultSelection,
  globalCustomizations,
  pbmColumnTerms,
  type RateCardList,
  type RateCardTerms,
  type RateCardVersion,
} from '@pillar/domain';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { up as addFormularyLists } from '../../platform/db/migrations/0036-rate-card-formularies.ts';
import { rateCardsInForce } from './index.ts';
import { insertVersion } from './rate-cards.repo.ts';
import { todayUtc } from './rate-cards.service.ts';

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

const URL = '/evaluate/v1/rate-cards';

async function list(asOf?: string): Promise<RateCardList> {
  const response = await t.injectAs('financialAnalyst', {
    method: 'GET',
    url: asOf ? `${URL}?asOf=${asOf}` : URL,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RateCardList>();
}

function create(body: unknown, caller: Caller = 'financialAnalyst') {
  return t.injectAs(caller, { method: 'POST', url: URL, payload: body as object });
}

function expectField(
  response: { statusCode: number; body: string; json: <T>() => T },
  field: string,
  message: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(400);
  const got = response.json<{ params?: Record<string, string> }>().params?.[field];
  if (typeof message === 'string') expect(got).toBe(message);
  else expect(got).toMatch(message);
}

describe('the rate cards API', () => {
  it("lists each PBM's seeded card in force with its terms and its history", async () => {
    const answer = await list('2026-06-01');
    expect(answer.asOf).toBe('2026-06-01');
    expect(answer.pbms.map((p) => [p.pbm, p.name])).toEqual([
      ['CVS_CAREMARK', 'CVS Caremark'],
      ['OPTUMRX', 'Optum'],
      ['EXPRESS_SCRIPTS', 'Express Scripts'],
    ]);
    const optum = answer.pbms[1]!;
    expect(optum.inForce?.terms).toEqual(seeded('OPTUMRX').terms);
    expect(optum.inForce?.effectiveDate).toBe('2026-01-01');
    expect(optum.inForce?.status).toBe('In force');
    expect(optum.inForce?.createdByName).toBeNull();
    expect(optum.versions.map((v) => v.versionNo)).toContain(optum.inForce?.versionNo);
    // Before the first card is effective nothing is in force, and the seeded one is scheduled.
    const early = await list('2025-06-01');
    expect(early.pbms[1]!.inForce).toBeNull();
    expect(early.pbms[1]!.versions.at(-1)?.status).toBe('Scheduled');
  });

  it('saves an edit as a new version in force from its date; the old one stays as history', async () => {
    const before = (await list()).pbms.find((p) => p.pbm === 'OPTUMRX')!;
    const old = before.inForce!;
    const terms = withRetailBrand(old.terms, 23.45);
    const response = await create({
      pbm: 'OPTUMRX',
      effectiveDate: todayUtc(),
      terms,
      note: '  Renewal offer  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<RateCardVersion>();
    expect(created).toMatchObject({
      pbm: 'OPTUMRX',
      effectiveDate: todayUtc(),
      status: 'In force',
      note: 'Renewal offer',
      createdByName: 'Mei Chen',
    });
    expect(created.terms).toEqual(terms);

    const after = (await list()).pbms.find((p) => p.pbm === 'OPTUMRX')!;
    expect(after.inForce?.versionNo).toBe(created.versionNo);
    expect(after.inForce?.terms.discounts.retail.brand).toBe(23.45);
    expect(after.versions[0]?.versionNo).toBe(created.versionNo);
    const previous = after.versions.find((v) => v.versionNo === old.versionNo);
    expect(previous?.status).toBe('Superseded');
    // The old version is unchanged and still readable.
    const read = await t.injectAs('financialAnalyst', {
      method: 'GET',
      url: `${URL}/${old.versionNo}`,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<RateCardVersion>()).toMatchObject({ status: 'Superseded', terms: old.terms });
    // The repricing reads the new card from today.
    const cards = await rateCardsInForce(t.ctx.db, todayUtc());
    expect(cards.find((c) => c.pbm === 'OPTUMRX')?.terms).toEqual(terms);
  });

  it('schedules a version with a future date without changing the card in force', async () => {
    const current = (await list()).pbms.find((p) => p.pbm === 'EXPRESS_SCRIPTS')!.inForce!;
    const response = await create({
      pbm: 'EXPRESS_SCRIPTS',
      effectiveDate: '2099-01-01',
      terms: withRetailBrand(current.terms, 20),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RateCardVersion>().status).toBe('Scheduled');
    const after = (await list()).pbms.find((p) => p.pbm === 'EXPRESS_SCRIPTS')!;
    expect(after.inForce?.versionNo).toBe(current.versionNo);
    expect(after.versions[0]).toMatchObject({ effectiveDate: '2099-01-01', status: 'Scheduled' });
    // A later version may not come before it.
    expectField(
      await create({ pbm: 'EXPRESS_SCRIPTS', effectiveDate: '2098-12-31', terms: current.terms }),
      'effectiveDate',
      M.effectiveDateBefore('2099-01-01'),
    );
  });

  it('refuses bad terms with a 400 naming the field', async () => {
    const base = seeded('CVS_CAREMARK').terms;
    const body = (terms: RateCardTerms, extra: Record<string, unknown> = {}) => ({
      pbm: 'CVS_CAREMARK',
      effectiveDate: '2031-01-01',
      terms,
      ...extra,
    });
    expectField(
      await create(body(withRetailBrand(base, 100.5))),
      'terms.discounts.retail.brand',
      M.percent,
    );
    expectField(
      await create(body(withRetailBrand(base, 12.345))),
      'terms.discounts.retail.brand',
      M.twoDecimals,
    );
    expectField(
      await create(
        body({
          ...base,
          dispensingFees: { ...base.dispensingFees, specialtyRetail: -1 },
        }),
      ),
      'terms.dispensingFees.specialtyRetail',
      M.notNegative,
    );
    expectField(
      await create(body({ ...base, adminFeePepm: { ...base.adminFeePepm, 'Over 5K': -0.01 } })),
      'terms.adminFeePepm.Over 5K',
      M.notNegative,
    );
    const adjustment = base.adjustments[0]!;
    expectField(
      await create(
        body({ ...base, adjustments: [{ ...adjustment, option: 'formulary', value: 'Premium' }] }),
      ),
      'terms.adjustments.0.value',
      M.unknownOption,
    );
    expectField(
      await create(body({ ...base, adjustments: [adjustment, adjustment] })),
      'terms.adjustments.1.value',
      M.duplicateAdjustment,
    );
    // Generic points: Re-Invested Rebates +1 (Pass Through -2), Value network +2, Mandatory
    // Maintenance90 +0.5: a base of 98 ranges from 96 to 101.5.
    const generic = { ...base.discounts.retail, generic: 98 };
    expectField(
      await create(body({ ...base, discounts: { ...base.discounts, retail: generic } })),
      'terms.discounts.retail.generic',
      M.adjustedOutOfRange(96, 101.5),
    );
    expectField(
      await create(body(base, { effectiveDate: '2031-02-30' })),
      'effectiveDate',
      'Effective date must be a valid date (YYYY-MM-DD)',
    );
    expectField(await create(body(base, { note: 'x\u0000y' })), 'note', /NUL character/i);
    // Formulary drug lines (decision 0143): 11-digit NDC, a drug name, a formulary of the PBM,
    // one line per NDC and formulary.
    const drug = base.formularyDrugs![0]!;
    const withDrugs = (formularyDrugs: unknown[]) =>
      body({ ...base, formularyDrugs } as RateCardTerms);
    expectField(
      await create(withDrugs([{ ...drug, ndc: '00002-4465-34' }])),
      'terms.formularyDrugs.0.ndc',
      M.ndc,
    );
    expectField(
      await create(withDrugs([{ ...drug, drugName: 'x'.repeat(101) }])),
      'terms.formularyDrugs.0.drugName',
      M.drugNameTooLong,
    );
    expectField(
      await create(withDrugs([{ ...drug, formulary: 'Premium' }])),
      'terms.formularyDrugs.0.formulary',
      M.unknownFormulary,
    );
    expectField(
      await create(withDrugs([drug, { ...drug, status: 'nonPreferred' }])),
      'terms.formularyDrugs.1.ndc',
      M.duplicateFormularyDrug,
    );
    // Nothing was written.
    const caremark = (await list()).pbms.find((p) => p.pbm === 'CVS_CAREMARK')!;
    expect(caremark.versions.some((v) => v.effectiveDate === '2031-01-01')).toBe(false);
  });

  it('answers 404 for an unknown version and 403 to a user without evaluate', async () => {
    const missing = await t.injectAs('financialAnalyst', { method: 'GET', url: `${URL}/999999` });
    expect(missing.statusCode).toBe(404);
    const refused = await create(
      { pbm: 'OPTUMRX', effectiveDate: '2031-01-01', terms: seeded('OPTUMRX').terms },
      'accountManager',
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('formulary drug lists on the rate cards (decision 0143, migration 0036)', () => {
  it('seeds every card with its formularies’ lists and the protect-services rates', async () => {
    const answer = await list('2026-06-01');
    for (const p of answer.pbms) {
      const terms = p.inForce!.terms;
      expect(terms.formularyDrugs.length).toBeGreaterThan(0);
      expect(terms.formularyDrugs).toEqual(seeded(p.pbm).terms.formularyDrugs);
      expect(terms.protectServicesRates['2.0'].advanced.specialtyPercent).toBeGreaterThan(0);
    }
  });

  it('adds the lists as a new version of a card saved without them, once, leaving it as it was', async () => {
    const userNo = await t.userNo('financialAnalyst');
    const { formularyDrugs: _d, protectServicesRates: _r, ...old } = seeded('OPTUMRX').terms;
    const oldTerms = withRetailBrand(old, 24);
    const oldNo = await insertVersion(t.ctx.db, {
      pbm: 'OPTUMRX',
      effectiveDate: '2032-01-01',
      terms: oldTerms,
      note: 'saved before 0036',
      createdBy: userNo,
    });
    // An old version reads with empty lists and no savings.
    const read = await t.injectAs('financialAnalyst', { method: 'GET', url: `${URL}/${oldNo}` });
    expect(read.json<RateCardVersion>().terms.formularyDrugs).toEqual([]);

    await addFormularyLists(t.ctx.db);
    await addFormularyLists(t.ctx.db);
    const optum = (await list('2032-01-01')).pbms.find((p) => p.pbm === 'OPTUMRX')!;
    const added = optum.versions.filter((v) => v.effectiveDate === '2032-01-01');
    expect(added.map((v) => v.versionNo)).toEqual([optum.inForce!.versionNo, oldNo]);
    expect(optum.inForce!.terms).toEqual({
      ...oldTerms,
      formularyDrugs: seeded('OPTUMRX').terms.formularyDrugs,
      protectServicesRates: seeded('OPTUMRX').terms.protectServicesRates,
    });
    const kept = await t.injectAs('financialAnalyst', { method: 'GET', url: `${URL}/${oldNo}` });
    expect(kept.json<RateCardVersion>().terms.discounts.retail.brand).toBe(24);
    // The other PBMs' latest versions have their lists: no version added.
    const caremark = (await list('2032-01-01')).pbms.find((p) => p.pbm === 'CVS_CAREMARK')!;
    expect(caremark.versions.filter((v) => v.note?.includes('Formulary drug lists'))).toEqual([]);
  });

  it('saves an edited exclusion list as a new version the repricing reads', async () => {
    const current = (await list('2040-01-01')).pbms.find((p) => p.pbm === 'CVS_CAREMARK')!.inForce!;
    const terms = {
      ...current.terms,
      formularyDrugs: [
        ...current.terms.formularyDrugs,
        {
          formulary: 'Standard Control',
          ndc: '00003089321',
          drugName: ' Eliquis ',
          status: 'excluded' as const,
        },
      ],
    };
    const response = await create({ pbm: 'CVS_CAREMARK', effectiveDate: '2040-01-01', terms });
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json<RateCardVersion>().terms.formularyDrugs.at(-1);
    expect(saved).toEqual({
      formulary: 'Standard Control',
      ndc: '00003089321',
      drugName: 'Eliquis',
      status: 'excluded',
    });
    const card = (await rateCardsInForce(t.ctx.db, '2040-01-01')).find(
      (c) => c.pbm === 'CVS_CAREMARK',
    )!;
    const column = pbmColumnTerms(
      card,
      globalCustomizations.parse({}),
      defaultSelection('CVS_CAREMARK'),
    );
    expect(column.excludedNdcs).toContain('00003089321');
  });
});
