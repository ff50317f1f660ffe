import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SSN_REVEALS_PER_MINUTE, SSN_REVEAL_THROTTLED } from '@pillar/domain';
import type { PersonaKey } from '../../seed/personas.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 10, security 5 (b): SSN reveals are limited per user and minute; each one is audited. */

let t: TestApp;
let memberUrl: string;
let dependentUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.ctx.db
    .selectFrom('dependent as d')
    .innerJoin('employee as e', 'e.employee_no', 'd.employee_no')
    .select(['e.organization_no', 'e.employee_no', 'd.dependent_no'])
    .where('e.ssn_encrypted', 'is not', null)
    .where('d.ssn_encrypted', 'is not', null)
    .orderBy('d.dependent_no')
    .executeTakeFirstOrThrow();
  memberUrl = `/portal/v1/organizations/${row.organization_no}/employees/${row.employee_no}/ssn`;
  dependentUrl = `/portal/v1/organizations/${row.organization_no}/employees/${row.employee_no}/dependents/${row.dependent_no}/ssn`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const reveal = (as: PersonaKey, url: string) => t.injectAs(as, { method: 'GET', url });

async function revealsAudited(as: PersonaKey): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('actor_user_no', '=', await t.userNo(as))
    .where('action', 'in', ['member.ssn-reveal', 'dependent.ssn-reveal'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('SSN reveals per user and minute', () => {
  it('answers 429 with the message past the limit, members and dependents together, and audits only real reveals', async () => {
    for (let i = 0; i < SSN_REVEALS_PER_MINUTE; i++) {
      const response = await reveal('accountManager', i % 2 ? memberUrl : dependentUrl);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ ssn: string }>().ssn).toMatch(/^\d{3}-\d{2}-\d{4}$/);
    }
    for (const url of [memberUrl, dependentUrl]) {
      const refused = await reveal('accountManager', url);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toEqual({
        status: 429,
        title: 'Too Many Requests',
        detail: SSN_REVEAL_THROTTLED,
      });
      expect(refused.body).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    }
    expect(await revealsAudited('accountManager')).toBe(SSN_REVEALS_PER_MINUTE);

    // Another user is not held back by this one.
    expect((await reveal('superAdmin', memberUrl)).statusCode).toBe(200);

    // A minute later the user may reveal again.
    await t.ctx.db
      .updateTable('audit_log')
      .set({ at: sql<Date>`at - interval '61 seconds'` })
      .where('actor_user_no', '=', await t.userNo('accountManager'))
      .execute();
    expect((await reveal('accountManager', memberUrl)).statusCode).toBe(200);
    expect(await revealsAudited('accountManager')).toBe(SSN_REVEALS_PER_MINUTE + 1);
  });

  it('holds for a burst of parallel reveals', async () => {
    // Earlier reveals of this user are past the minute.
    await t.ctx.db
      .updateTable('audit_log')
      .set({ at: sql<Date>`at - interval '61 seconds'` })
      .where('actor_user_no', '=', await t.userNo('superAdmin'))
      .execute();
    const before = await revealsAudited('superAdmin');
    const burst = await Promise.all(
      Array.from({ length: SSN_REVEALS_PER_MINUTE + 10 }, () => reveal('superAdmin', memberUrl)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SSN_REVEALS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await revealsAudited('superAdmin')) - before).toBe(SSN_REVEALS_PER_MINUTE);
  });
});
