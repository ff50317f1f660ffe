import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PBM_NAMES, isValidNpi } from '@pillar/domain';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedClaims } from './claims.ts';
import { createRandomFor } from './seed-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const SEED_TODAY = '2026-11-01';

/** Every seeded claim's content (not its number or timestamps), as one digest. */
async function claimsDigest(): Promise<{ n: number; digest: string }> {
  const { rows } = await sql<{ n: number; digest: string }>`
    select count(*)::int as n,
           md5(string_agg(concat_ws('|', organization_no, employee_no, dependent_no, fill_date,
             rx_number, ndc, drug_name, quantity, days_supply, pharmacy_name, pharmacy_npi, channel,
             brand_generic, status, member_paid, plan_paid, pbm_claim_reference), ';'
             order by employee_no, dependent_no nulls first, fill_date, rx_number, ndc,
                      pbm_claim_reference)) as digest
      from pharmacy_claim`.execute(t.ctx.db);
  return rows[0]!;
}

describe('the demo claims', () => {
  it('give most adult members a year of claims, in every channel and status', async () => {
    const { rows } = await sql<{
      claims: number;
      members: number;
      employees: number;
      first: string;
      last: string;
      channels: string;
      statuses: string;
    }>`
      select count(*)::int as claims,
             count(distinct (employee_no, dependent_no))::int as members,
             (select count(*)::int from employee) as employees,
             min(fill_date)::text as first, max(fill_date)::text as last,
             string_agg(distinct channel, ',' order by channel) as channels,
             string_agg(distinct status, ',' order by status) as statuses
        from pharmacy_claim`.execute(t.ctx.db);
    const r = rows[0]!;
    expect(r.claims).toBeGreaterThan(10_000);
    expect(r.members).toBeGreaterThan(r.employees * 0.6);
    expect(r.first >= '2025-11-02').toBe(true);
    expect(r.last <= SEED_TODAY).toBe(true);
    expect(r.channels).toBe('mail,retail,specialty');
    expect(r.statuses).toBe('paid,rejected,reversed');
  });

  it('refill mail orders every 90 days, specialty every 28, retail every 30, with valid NPIs', async () => {
    const { rows } = await sql<{ channel: string; days: number; npis: string[] }>`
      select channel, min(days_supply)::int as days, array_agg(distinct pharmacy_npi) as npis
        from pharmacy_claim
       where ndc in (select ndc from drug where not specialty) or channel = 'specialty'
       group by channel, days_supply`.execute(t.ctx.db);
    const byChannel = new Map<string, number[]>();
    for (const row of rows)
      byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row.days]);
    expect(byChannel.get('mail')).toEqual([90]);
    expect(byChannel.get('specialty')).toEqual([28]);
    expect(byChannel.get('retail')!.sort()).toEqual([10, 30]);
    for (const row of rows) for (const npi of row.npis) expect(isValidNpi(npi), npi).toBe(true);
  });

  it('bill nothing on a rejected claim and never a negative amount', async () => {
    const { rows } = await sql<{ bad: number }>`
      select count(*)::int as bad from pharmacy_claim
       where member_paid < 0 or plan_paid < 0
          or (status = 'rejected' and (member_paid <> 0 or plan_paid <> 0))`.execute(t.ctx.db);
    expect(rows[0]!.bad).toBe(0);
  });

  it('give every anchor organization every PBM link, and a few organizations none', async () => {
    const { rows } = await sql<{ organization_no: number; pbms: string[] }>`
      select o.organization_no, coalesce(array_agg(p.pbm) filter (where p.pbm is not null), '{}') as pbms
        from organization o left join organization_pbm p using (organization_no)
       group by o.organization_no order by o.organization_no`.execute(t.ctx.db);
    for (const anchor of rows.slice(0, 3)) {
      expect([...anchor.pbms].sort()).toEqual([...PBM_NAMES, 'Agadia'].sort());
    }
    expect(rows.some((r) => r.pbms.length === 0)).toBe(true);
  });

  it('are the same rows when seeded again from the same seed', async () => {
    const before = await claimsDigest();
    await sql`delete from pharmacy_claim`.execute(t.ctx.db);
    await sql`delete from organization_pbm`.execute(t.ctx.db);
    const organizations = await t.ctx.db
      .selectFrom('organization')
      .select(['organization_no', 'name', 'process_status', 'effective_date', 'expiration_date'])
      .orderBy('organization_no')
      .execute();
    await seedClaims(t.ctx.db, {
      today: SEED_TODAY,
      organizations,
      userNos: new Map(),
      scale: { organizations: organizations.length },
      randomFor: createRandomFor(2026),
      ssnKey: Buffer.alloc(32),
    });
    const after = await claimsDigest();
    expect(after).toEqual(before);
    expect(before.n).toBeGreaterThan(10_000);
  });
});
