import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { signAccessToken } from './access-token.ts';
import { TOUCH_INTERVAL_SECONDS } from './sessions.ts';

/*
 * The request's principal and the use of its session are read in one statement (access.ts,
 * loadPrincipalUsingSession); each rule of decision 0065 still holds, case by case.
 */

let t: TestApp;
useTestApp((app) => (t = app));

async function call(userNo: number, sessionId: string) {
  const token = await signAccessToken(t.config, t.ctx.secrets, userNo, { sessionId });
  const response = await t.app.inject({
    method: 'GET',
    url: '/authorization/v1/claims',
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, detail: response.json<{ detail?: string }>().detail };
}

const sessionRow = (sessionId: string) =>
  t.ctx.db
    .selectFrom('auth_session')
    .select([
      'user_no',
      'ended_at',
      sql<number>`extract(epoch from now() - last_seen_at)`.as('seen_ago'),
    ])
    .where('session_id', '=', sessionId)
    .executeTakeFirst();

const setLastSeen = (sessionId: string, secondsAgo: number) =>
  t.ctx.db
    .updateTable('auth_session')
    .set({ last_seen_at: sql<Date>`now() - make_interval(secs => ${secondsAgo})` })
    .where('session_id', '=', sessionId)
    .execute();

describe('the session of an authenticated request', () => {
  it('inserts an unknown session on its first use', async () => {
    const sid = randomUUID();
    expect(await sessionRow(sid)).toBeUndefined();
    expect((await call(await t.userNo('broker'), sid)).status).toBe(200);
    const row = await sessionRow(sid);
    expect(row?.user_no).toBe(await t.userNo('broker'));
    expect(row?.ended_at).toBeNull();
  });

  it('writes the use at most every TOUCH_INTERVAL_SECONDS, and keeps the session live', async () => {
    const broker = await t.userNo('broker');
    const sid = randomUUID();
    expect((await call(broker, sid)).status).toBe(200);
    // Used 5 s ago: within the interval, so not written again.
    await setLastSeen(sid, 5);
    expect((await call(broker, sid)).status).toBe(200);
    expect(Number((await sessionRow(sid))!.seen_ago)).toBeGreaterThanOrEqual(4);
    // Used longer ago than the interval (well within the idle limit): written now.
    await setLastSeen(sid, TOUCH_INTERVAL_SECONDS + 60);
    expect((await call(broker, sid)).status).toBe(200);
    expect(Number((await sessionRow(sid))!.seen_ago)).toBeLessThan(4);
  });

  it('refuses an ended session, an idle one (and ends it) and another user’s', async () => {
    const broker = await t.userNo('broker');
    const ended = randomUUID();
    expect((await call(broker, ended)).status).toBe(200);
    await t.ctx.db
      .updateTable('auth_session')
      .set({ ended_at: sql<Date>`now()` })
      .where('session_id', '=', ended)
      .execute();
    expect(await call(broker, ended)).toEqual({
      status: 401,
      detail: 'Your session has ended. Sign in again.',
    });

    const idle = randomUUID();
    expect((await call(broker, idle)).status).toBe(200);
    await setLastSeen(idle, 3_000); // past an external user's limit, not an internal one's
    expect((await call(broker, idle)).status).toBe(401);
    expect((await sessionRow(idle))!.ended_at).not.toBeNull();
    const internal = randomUUID();
    expect((await call(await t.userNo('agent'), internal)).status).toBe(200);
    await setLastSeen(internal, 3_000);
    expect((await call(await t.userNo('agent'), internal)).status).toBe(200);

    const theirs = randomUUID();
    expect((await call(broker, theirs)).status).toBe(200);
    await setLastSeen(theirs, TOUCH_INTERVAL_SECONDS + 60);
    expect((await call(await t.userNo('agent'), theirs)).status).toBe(401);
    // Not touched by the other user's request.
    expect(Number((await sessionRow(theirs))!.seen_ago)).toBeGreaterThan(TOUCH_INTERVAL_SECONDS);
    expect((await sessionRow(theirs))!.user_no).toBe(broker);
  });

  it('refuses an inactive user without touching the session', async () => {
    const broker = await t.userNo('broker');
    const sid = randomUUID();
    expect((await call(broker, sid)).status).toBe(200);
    await setLastSeen(sid, TOUCH_INTERVAL_SECONDS + 60);
    const setActive = (active: boolean) =>
      t.ctx.db.updateTable('app_user').set({ active }).where('user_no', '=', broker).execute();
    await setActive(false);
    try {
      expect(await call(broker, sid)).toEqual({
        status: 401,
        detail: 'Your account is not active in Pillar.',
      });
      expect(Number((await sessionRow(sid))!.seen_ago)).toBeGreaterThan(TOUCH_INTERVAL_SECONDS);
    } finally {
      await setActive(true);
    }
    expect((await call(broker, sid)).status).toBe(200);
  });
});
