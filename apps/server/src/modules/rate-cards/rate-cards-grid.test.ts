import { describe, expect, it } from 'vitest';
import {
  defaultSelection,
  type ExplainAnswer,
  type MappedClaimsFile,
  type PricingGridAnswer,
} from '@pillar/domain';
import { ranFaJob, registeredClaimsFile } from '../../test/fa-flow.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * Decision 0143 through the API: the seeded Caremark card's formulary lists and protect-services
 * rates move the grid when the analyst changes the formulary, the Disruption Tier or the protect
 * services. The file (Retail 90 on; every claim 30 days):
 *   C1 M1 Cialis 00002446534, retail brand, AWP 100: Standard Control excludes it
 *   C2 M2 Crestor 00310075590, retail brand, AWP 100: Standard Control moves it to non-preferred
 *   C3 M3 Januvia 00006027731, retail brand, AWP 100: Advanced Control excludes it
 *   C4 M4 a generic by mail, AWP 40; C5 M4 a specialty brand by specialty mail, AWP 1000
 * Caremark (the seed): retail brand 19 % off + $0.75 = 81.75 a claim; specialty 21 % off = 790.
 */
let t: TestApp;
useTestApp((app) => (t = app), { startJobs: true });

const OPP = 1;
const base = `/evaluate/v1/opps/${OPP}`;

const HEADER =
  'claimId,memberId,fillDate,ndc,brandGenericIndicator,quantity,daysSupply,pharmacyType,awpUnitCost,awpTotalCost,ingredientCost,dispensingFee,memberPaid,planPaid,claimStatus';
const MAPPED_CSV = [
  HEADER,
  'C1,M1,2026-01-05,00002446534,B,30,30,R,,100.00,80.00,1.00,10.00,71.00,P',
  'C2,M2,2026-01-06,00310075590,B,30,30,R,,100.00,80.00,1.00,10.00,71.00,P',
  'C3,M3,2026-01-07,00006027731,B,30,30,R,,100.00,80.00,1.00,10.00,71.00,P',
  'C4,M4,2026-02-03,00093714657,G,30,30,M,,40.00,8.00,0,0,8.00,P',
  'C5,M4,2026-02-10,00011111111,B,1,30,SM,,1000.00,850.00,0,50.00,800.00,P',
].join('\n');

async function ok<T>(method: 'GET' | 'POST', url: string, payload?: unknown, status = 200) {
  const response = await t.injectAs('financialAnalyst', {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

async function gridOfFile(): Promise<{ mapped: MappedClaimsFile; grid: PricingGridAnswer }> {
  await ok('POST', `${base}/contract-info`, {
    contractTermLength: 3,
    contractEffDate: '2025-01-01',
    ssgOrDsg: 'no',
    discounts: [
      { code: 'retailBrand', value: 18 },
      { code: 'retailFee', value: 1 },
      { code: 'specialtyAwp', value: 15 },
    ],
  });
  const mapped = await registeredClaimsFile(t, OPP, MAPPED_CSV);
  await ranFaJob(t, OPP, mapped);
  return { mapped, grid: await ok<PricingGridAnswer>('GET', `${base}/fa/${mapped.id}`) };
}

describe('formulary, disruption tier and protect services in the grid (decision 0143)', () => {
  it('changes the disruption with the formulary and the tier, and the savings with protect services', async () => {
    const { mapped } = await gridOfFile();
    const caremark = (
      globals: Record<string, unknown>,
      selection: Partial<ReturnType<typeof defaultSelection>> = {},
    ) =>
      ok<PricingGridAnswer>('POST', `${base}/fa/${mapped.id}`, {
        globalCustomizations: globals,
        pbmSelections: [{ ...defaultSelection('CVS_CAREMARK'), ...selection }],
      }).then((g) => g.columns.find((c) => c.key === 'pbm-1')!);

    // Standard Control, 3TIER: C1 only, 1 of 5 claims, M1 of 4 members.
    const standard = await caremark({});
    expect(standard.disruption).toEqual({ pctMembers: 25, pctRx: 20 });
    // 4TIER adds Crestor (non-preferred): C1 and C2.
    const fourTier = await caremark({ disruptionTier: '4TIER' });
    expect(fourTier.disruption).toEqual({ pctMembers: 50, pctRx: 40 });
    // Advanced Control, more restrictive, excludes Januvia too: C1 and C3.
    const advanced = await caremark({}, { formulary: 'Advanced Control' });
    expect(advanced.disruption).toEqual({ pctMembers: 50, pctRx: 40 });
    // The incumbent has no formulary list.
    expect(
      (await ok<PricingGridAnswer>('GET', `${base}/fa/${mapped.id}`)).columns[0]!.disruption,
    ).toEqual({ pctMembers: 0, pctRx: 0 });

    // Basic, version 2.0: 2 % of specialty 790.00 = 15.80; 0.5 % of brand 3 × 81.75 = 245.25 =
    // 1.22625 → 1.23; no fee for basic.
    expect(standard.protectServices).toEqual({
      savingsPotential: 17.03,
      netSavingsAfterFees: 17.03,
      breakdown: [
        { protectType: 'Specialty', savings: 15.8 },
        { protectType: 'Brand', savings: 1.23 },
      ],
    });
    // Advanced: 6 % = 47.40 and 1.5 % = 3.67875 → 3.68, net of its $2 PEPM fee line.
    const adv = await caremark({}, { protectServices: 'advanced' });
    const fee = adv.planCost.feeBreakdown.find((f) => f.name === 'Protect Services Fee')!.amount;
    expect(adv.protectServices.savingsPotential).toBe(51.08);
    expect(adv.protectServices.netSavingsAfterFees).toBe(Math.round((51.08 - fee) * 100) / 100);
    // Version 1.0 advanced: 4.5 % = 35.55 and 1 % = 2.4525 → 2.45.
    const v1 = await caremark({ protectServices: '1.0' }, { protectServices: 'advanced' });
    expect(v1.protectServices.savingsPotential).toBe(38);
    // None saves nothing.
    const none = await caremark({}, { protectServices: 'none' });
    expect(none.protectServices).toEqual({
      savingsPotential: 0,
      netSavingsAfterFees: 0,
      breakdown: [],
    });

    // The explain feature says where the figures came from (the grid is the last recalculated).
    await caremark({ disruptionTier: '4TIER' }, { protectServices: 'advanced' });
    const explain = (row: string) =>
      ok<ExplainAnswer>('GET', `${base}/fa/${mapped.id}/explain?column=pbm-1&row=${row}`);
    const rx = await explain('pctRx');
    expect(rx.value).toBe(40);
    expect(rx.terms).toContainEqual({ name: 'Formulary', value: 'Standard Control' });
    expect(rx.terms).toContainEqual({ name: 'Disruption tier', value: '4TIER' });
    const savings = await explain('protectSavingsPotential');
    expect(savings.value).toBe(51.08);
    expect(savings.terms).toContainEqual({ name: 'Specialty savings rate (%)', value: 6 });
  });
});
