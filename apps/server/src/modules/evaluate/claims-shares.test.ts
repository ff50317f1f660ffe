import { describe, expect, it } from 'vitest';
import {
  CLAIMS_SHARE_MESSAGES,
  type ClaimRangeAnswer,
  type ClaimsFile,
  type ClaimsFileLists,
  type ClaimsShare,
  type MappedClaimsFile,
  type ShareCandidate,
  type SharedOpportunity,
  type UploadAnswer,
} from '@pillar/domain';
import { sql } from 'kysely';
import { todayIso } from '@pillar/domain';
import { findLiveShare } from './claims-shares.repo.ts';
import { stageMappingOutput } from '../../test/mapping-output.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const shares = (opp: number) => `/evaluate/v1/opps/${opp}/shares`;
const shared = (opp: number) => `/shared-claims/v1/opps/${opp}`;

async function call(
  caller: Caller,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.injectAs(caller, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function share(opp: number, who: Caller, endsOn?: string | null) {
  const response = await call('financialAnalyst', 'POST', shares(opp), {
    userId: await t.userNo(who),
    ...(endsOn === undefined ? {} : { endsOn }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ClaimsShare>();
}

async function upload(opp: number, caller: Caller, content: string) {
  const body = multipartBody([], [{ name: 'claims.csv', content }]);
  return t.injectAs(caller, {
    method: 'POST',
    url: `${shared(opp)}/upload-file`,
    payload: body.payload,
    headers: body.headers,
  });
}

async function auditRows(action: string, opp: number) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['actor_user_no', 'detail'])
    .where('action', '=', action)
    .where('entity', '=', 'prospect_opportunity')
    .where('entity_id', '=', String(opp))
    .execute();
}

const CLAIMS_CSV = [
  'Claim No,Member,Date Filled,NDC,Qty,Days,Paid',
  'C1,M1,2026-01-05,00002-1433-80,30,30,12.50',
  'C2,M2,2026-02-03,00093-7146-56,60,30,8.00',
].join('\n');
const MAPPED_CSV = [
  'claimId,memberId,fillDate,ndc,quantity,daysSupply,planPaid',
  'C1,M1,2026-01-05,00002143380,30,30,12.50',
  'C2,M2,2026-02-03,00093714656,60,30,8.00',
].join('\n');

describe('sharing an opportunity’s claims workflow', () => {
  it('shares with an external user, lists the share, audits it, and refuses a second live share', async () => {
    const made = await share(1, 'broker', '2099-12-31');
    expect(made).toMatchObject({
      userId: await t.userNo('broker'),
      username: 'broker@pillar.example',
      userType: 'b',
      endsOn: '2099-12-31',
    });
    expect(made.sharedBy).toBeTruthy();

    const list = await call('financialAnalyst', 'GET', shares(1));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: ClaimsShare[] }>().data.map((s) => s.userId)).toEqual([
      await t.userNo('broker'),
    ]);

    const again = await call('financialAnalyst', 'POST', shares(1), {
      userId: await t.userNo('broker'),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe(CLAIMS_SHARE_MESSAGES.alreadyShared);

    const audit = await auditRows('claims_share.create', 1);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_no).toBe(await t.userNo('financialAnalyst'));
    expect(audit[0]!.detail).toMatchObject({
      userNo: await t.userNo('broker'),
      endsOn: '2099-12-31',
    });
  });

  it('refuses an internal user, an unknown user, a past end date and bad input, naming the field', async () => {
    const internal = await call('financialAnalyst', 'POST', shares(2), {
      userId: await t.userNo('agent'),
    });
    expect(internal.statusCode, internal.body).toBe(400);
    expect(internal.json<{ params: Record<string, string> }>().params.userId).toBe(
      CLAIMS_SHARE_MESSAGES.notExternal,
    );
    const unknown = await call('financialAnalyst', 'POST', shares(2), { userId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);
    const past = await call('financialAnalyst', 'POST', shares(2), {
      userId: await t.userNo('client'),
      endsOn: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ params: Record<string, string> }>().params.endsOn).toBe(
      CLAIMS_SHARE_MESSAGES.endsInPast,
    );
    const bad = await call('financialAnalyst', 'POST', shares(2), { userId: 'x', endsOn: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('userId');
    const huge = await call('financialAnalyst', 'POST', shares(2), { userId: 2 ** 31 });
    expect(huge.statusCode).toBe(400);
    expect((await call('financialAnalyst', 'GET', shares(99_999))).statusCode).toBe(404);
    expect(await auditRows('claims_share.create', 2)).toHaveLength(0);
  });

  it('lists active external users as candidates, searchable, never internal ones', async () => {
    const all = await call('financialAnalyst', 'GET', '/evaluate/v1/share-candidates');
    expect(all.statusCode, all.body).toBe(200);
    const users = all.json<{ data: ShareCandidate[] }>().data;
    expect(users.length).toBeGreaterThan(0);
    expect(users.length).toBeLessThanOrEqual(25);
    expect(users.every((u) => u.userType === 'b' || u.userType === 'c')).toBe(true);
    const found = await call('financialAnalyst', 'GET', '/evaluate/v1/share-candidates?q=BROKER@');
    expect(found.json<{ data: ShareCandidate[] }>().data.map((u) => u.username)).toEqual([
      'broker@pillar.example',
    ]);
    const long = await call(
      'financialAnalyst',
      'GET',
      `/evaluate/v1/share-candidates?q=${'x'.repeat(101)}`,
    );
    expect(long.statusCode).toBe(400);
  });

  it('keeps the share calls to internal evaluate users', async () => {
    for (const who of ['broker', 'client', 'agent'] as const) {
      expect((await call(who, 'GET', shares(1))).statusCode).toBe(403);
      expect((await call(who, 'GET', '/evaluate/v1/share-candidates')).statusCode).toBe(403);
    }
  });
});

describe('what a shared external user reaches', () => {
  it("the demo seed shares the demo claims file's opportunity with the broker", async () => {
    const demo = await t.ctx.db
      .selectFrom('mapped_claims_file')
      .select('prospect_opportunity_no')
      .executeTakeFirstOrThrow();
    const list = await call('broker', 'GET', '/shared-claims/v1/opps');
    const row = list
      .json<{ data: SharedOpportunity[] }>()
      .data.find((r) => r.id === demo.prospect_opportunity_no);
    expect(row).toMatchObject({ endsOn: null });
    expect(row!.sharedBy).toBeTruthy();
    const files = await call('broker', 'GET', `${shared(demo.prospect_opportunity_no)}/claims`);
    expect(files.json<ClaimsFileLists>().mappedFiles).toHaveLength(1);
    expect(await auditRows('claims_share.create', demo.prospect_opportunity_no)).toHaveLength(1);
  });

  it('lists the opportunities shared with them, and another external user sees none of them', async () => {
    await share(3, 'broker');
    const list = await call('broker', 'GET', '/shared-claims/v1/opps');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ data: SharedOpportunity[] }>().data;
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([1, 3]));
    const row = rows.find((r) => r.id === 3)!;
    expect(row.name).toBeTruthy();
    expect(row.endsOn).toBeNull();
    expect((await call('broker', 'GET', shared(3))).json<SharedOpportunity>().id).toBe(3);

    const other = await call('client', 'GET', '/shared-claims/v1/opps');
    expect(other.json<{ data: SharedOpportunity[] }>().data.map((r) => r.id)).not.toContain(3);
    expect((await call('client', 'GET', shared(3))).statusCode).toBe(404);
    expect((await call('client', 'GET', `${shared(3)}/claims`)).statusCode).toBe(404);
    // Internal users use /evaluate; the external service is not theirs.
    expect((await call('financialAnalyst', 'GET', '/shared-claims/v1/opps')).statusCode).toBe(403);
  });

  it('uploads, accepts, registers and reads the summary range of a shared opportunity only', async () => {
    await share(4, 'client');
    const up = await upload(4, 'client', CLAIMS_CSV);
    expect(up.statusCode, up.body).toBe(200);
    const accept = await call('client', 'POST', `${shared(4)}/accept-file`, {
      fileHash: up.json<UploadAnswer>().fileHash,
      phi: false,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const accepted = accept.json<ClaimsFile>();
    const key = await stageMappingOutput(t, accepted.fileStorageId, MAPPED_CSV);
    const reg = await call('client', 'POST', `${shared(4)}/claims`, {
      mappedFileStorageId: key,
      unmappedFileStorageId: accepted.fileStorageId,
      mappedFileName: 'claims_mapped.csv',
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const mapped = reg.json<MappedClaimsFile>();
    expect(mapped.claimCount).toBe(2);

    const lists = await call('client', 'GET', `${shared(4)}/claims`);
    expect(lists.json<ClaimsFileLists>().mappedFiles.map((f) => f.id)).toEqual([mapped.id]);
    const range = await call(
      'client',
      'GET',
      `${shared(4)}/claims/${mapped.id}?minDate=2026-01-05&maxDate=2026-01-31`,
    );
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json<ClaimRangeAnswer>().totalCount).toBe(1);

    // The same calls for an opportunity not shared with the caller: 404, nothing written.
    expect((await upload(5, 'client', CLAIMS_CSV)).statusCode).toBe(404);
    expect((await call('client', 'GET', `${shared(5)}/claims`)).statusCode).toBe(404);
    expect((await call('client', 'GET', `${shared(5)}/claims/${mapped.id}`)).statusCode).toBe(404);
    expect(
      (await call('client', 'POST', `${shared(5)}/claims-files/${accepted.id}/mapping-source`))
        .statusCode,
    ).toBe(404);
    const unshared = await t.ctx.db
      .selectFrom('claims_file')
      .select('claims_file_no')
      .where('prospect_opportunity_no', '=', 5)
      .where('created_by', '=', await t.userNo('client'))
      .execute();
    expect(unshared).toEqual([]);
  });

  it('keeps pricing, FA iterations, incumbent terms and the evaluate claims calls internal', async () => {
    await share(6, 'broker');
    for (const url of [
      '/evaluate/v1/opps/6/claims',
      '/evaluate/v1/opps/6/fa_iterations',
      '/evaluate/v1/opps/6',
      '/evaluate/v1/opps/6/fees',
      '/evaluate/v1/opps/fa_jobs/6/1',
      '/evaluate/v1/opps/6/fa/1/incumbentStats',
    ]) {
      expect((await call('broker', 'GET', url)).statusCode, url).toBe(403);
    }
    const pricingRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/shared-claims/') && /fa_|pricing|incumbent|proposal/.test(r.url),
    );
    expect(pricingRoutes).toEqual([]);
  });

  it('answers 404 at once when the share is removed (audited) or its end date has passed', async () => {
    await share(7, 'broker');
    expect((await call('broker', 'GET', `${shared(7)}/claims`)).statusCode).toBe(200);
    const removed = await call(
      'financialAnalyst',
      'DELETE',
      `${shares(7)}/${await t.userNo('broker')}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('broker', 'GET', `${shared(7)}/claims`)).statusCode).toBe(404);
    expect((await call('broker', 'GET', shared(7))).statusCode).toBe(404);
    const listed = await call('broker', 'GET', '/shared-claims/v1/opps');
    expect(listed.json<{ data: SharedOpportunity[] }>().data.map((r) => r.id)).not.toContain(7);
    const audit = await auditRows('claims_share.remove', 7);
    expect(audit).toEqual([
      {
        actor_user_no: await t.userNo('financialAnalyst'),
        detail: { userNo: await t.userNo('broker') },
      },
    ]);
    // A second removal has nothing to end.
    expect(
      (await call('financialAnalyst', 'DELETE', `${shares(7)}/${await t.userNo('broker')}`))
        .statusCode,
    ).toBe(404);

    // An end date in the past (set directly: the API refuses one) ends the share too.
    await share(7, 'broker');
    await t.ctx.db
      .updateTable('claims_share')
      .set({ ends_on: '2020-01-01' })
      .where('prospect_opportunity_no', '=', 7)
      .where('ended_at', 'is', null)
      .execute();
    expect((await call('broker', 'GET', `${shared(7)}/claims`)).statusCode).toBe(404);
    expect((await call('financialAnalyst', 'GET', shares(7))).json<{ data: [] }>().data).toEqual(
      [],
    );
    // Sharing again replaces the lapsed share.
    await share(7, 'broker');
    expect((await call('broker', 'GET', `${shared(7)}/claims`)).statusCode).toBe(200);
  });

  it("counts a share's end date against the UTC date, whatever the database session's time zone", async () => {
    await share(5, 'client');
    const client = await t.userNo('client');
    const endOn = (day: string) =>
      t.ctx.db
        .updateTable('claims_share')
        .set({ ends_on: day })
        .where('prospect_opportunity_no', '=', 5)
        .where('ended_at', 'is', null)
        .execute();
    const today = todayIso();
    const yesterday = todayIso(new Date(Date.now() - 86_400_000));
    // At any hour one of the two zones is on another date than UTC: UTC+14 is a day ahead from
    // 10:00 UTC, UTC-12 a day behind until 12:00 UTC. current_date would follow the zone.
    await endOn(today);
    await t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local timezone to 'Pacific/Kiritimati'`.execute(trx);
      expect(await findLiveShare(trx, client, 5)).toBeDefined();
      await sql`set local timezone to 'Etc/GMT+12'`.execute(trx);
      expect(await findLiveShare(trx, client, 5)).toBeDefined();
    });
    await endOn(yesterday);
    await t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local timezone to 'Etc/GMT+12'`.execute(trx);
      expect(await findLiveShare(trx, client, 5)).toBeUndefined();
      await sql`set local timezone to 'Pacific/Kiritimati'`.execute(trx);
      expect(await findLiveShare(trx, client, 5)).toBeUndefined();
    });
  });
});
