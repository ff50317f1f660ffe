import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PA_UNAVAILABLE_MESSAGE } from '@pillar/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createBuiltInPriorAuthSystem } from './builtin-prior-auth-system.ts';
import {
  createPriorAuthSystem,
  PriorAuthUnavailableError,
  type PaMember,
} from './prior-auth-system.ts';

/*
 * The built-in PA system (decision 0096) on the demo seed, and the unreachable PA system: with
 * PRIOR_AUTH_SIMULATE_OUTAGE the adapter throws a connection error and every PA call of the API
 * answers 502 with the technical-difficulties message.
 */

let t: TestApp;
let seeded: PaMember;

beforeAll(async () => {
  t = await createTestApp({ organizations: 5, env: { PRIOR_AUTH_SIMULATE_OUTAGE: 'true' } });
  const row = await t.ctx.db
    .selectFrom('pa_case')
    .orderBy('pa_case_id')
    .select(['alternate_id', 'first_name', 'last_name', 'birthdate'])
    .executeTakeFirstOrThrow();
  seeded = {
    alternateId: row.alternate_id,
    firstName: row.first_name,
    lastName: row.last_name,
    birthdate: row.birthdate,
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the built-in PA system', () => {
  it('is the one configuration chooses, and answers like an outage when told to', async () => {
    const configured = createPriorAuthSystem(t.config, t.ctx.db);
    expect(configured.kind).toBe('builtin');
    await expect(configured.listCases(seeded)).rejects.toBeInstanceOf(PriorAuthUnavailableError);
    await expect(configured.caseDetail(seeded, 'EOC-2026001')).rejects.toThrow(/ECONNREFUSED/);
  });

  it("answers the member's cases, matching names in any case, and nothing for anyone else", async () => {
    const system = createBuiltInPriorAuthSystem(t.ctx.db);
    const cases = await system.listCases({ ...seeded, firstName: seeded.firstName.toUpperCase() });
    expect(cases.length).toBeGreaterThanOrEqual(3);
    const dates = cases.map((c) => c.RequestDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await system.listCases({ ...seeded, birthdate: '1900-01-01' })).toEqual([]);

    const first = cases[0]!;
    const detail = await system.caseDetail(seeded, first.PACaseId);
    expect(detail?.case).toEqual(first);
    expect(detail?.agadiaDataNew).toMatchObject({ 'Case Number': first.PACaseId });
    const stamps = detail!.data.map((e) => e.contactdate);
    expect(stamps).toEqual([...stamps].sort());
    expect(await system.interventionSummary(seeded, first.PACaseId)).toEqual(detail!.data);

    const stranger = { ...seeded, lastName: `${seeded.lastName}x` };
    expect(await system.caseDetail(stranger, first.PACaseId)).toBeNull();
    expect(await system.interventionSummary(stranger, first.PACaseId)).toBeNull();
    expect(await system.interventionLogs(stranger)).toEqual([]);
    expect((await system.planHistory(seeded)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('an unreachable PA system', () => {
  const ids = () => {
    const [y, m, d] = seeded.birthdate.split('-');
    return new URLSearchParams({
      alternateId: seeded.alternateId,
      firstName: seeded.firstName,
      lastName: seeded.lastName,
      dateOfBirth: `${m}/${d}/${y}`,
    }).toString();
  };

  it.each([
    ['the list', () => `/portal/v1/priorauth/agadia?${ids()}`],
    ['a case', () => `/portal/v1/priorauth/agadia/cases/EOC-2026001?${ids()}`],
    ['the plan history', () => `/portal/v1/priorauth/agadia/plan-history?${ids()}`],
    ['the intervention logs', () => `/comm-manager/interventionLogs?${ids()}`],
    ['a case summary', () => `/comm-manager/getInterventionSummary?${ids()}&paCaseId=EOC-2026001`],
  ])('answers %s with 502 and the technical-difficulties message', async (_name, url) => {
    const response = await t.injectAs('agent', { method: 'GET', url: url() });
    expect(response.statusCode).toBe(502);
    expect(response.json<{ detail: string }>().detail).toBe(PA_UNAVAILABLE_MESSAGE);
  });

  it('still refuses missing identifiers with a 400 and asks nothing of the PA system', async () => {
    const response = await t.injectAs('agent', {
      method: 'GET',
      url: `/portal/v1/priorauth/agadia?alternateId=${seeded.alternateId}`,
    });
    expect(response.statusCode).toBe(400);
  });
});
