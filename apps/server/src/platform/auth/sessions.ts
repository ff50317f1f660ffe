import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../db/schema.ts';
import {
  deleteOldSessions,
  endSessionRows,
  findSessionState,
  insertSession,
  touchSession,
  type SessionUse,
} from './sessions.repo.ts';

/**
 * Server-side sessions (decision 0065). Every access token names its session in the `sid` claim;
 * `auth_session` says whether that session ended (logout, refresh-token replay, idle) and when it
 * was last used. All state is in the database, so every API process gives the same answer, and
 * the verified-token cache in memory never decides alone: this is read on every request.
 */

/**
 * Last use is written at most this often per session: one small update every 15 s of activity
 * instead of one per request. The idle limit allows for it (see idleLimitSeconds).
 */
export const TOUCH_INTERVAL_SECONDS = 15;
/**
 * The web app tells the API about mouse and keyboard activity at most this often
 * (`POST /authorization/v1/session/activity`), so an edit that takes minutes without a call keeps
 * the session as the browser's own inactivity timer does.
 */
export const HEARTBEAT_INTERVAL_SECONDS = 30;

export type SessionState = 'live' | 'ended' | 'idle';

export type SessionTimeouts = Config['session'];

/**
 * How long a session may go unused before the API refuses it: the user's inactivity timeout
 * (the browser's, spec 1 §9: 300 s external, 3,600 s internal) plus the slack of the two
 * throttled writes above, so the server never ends a session the browser still keeps.
 */
export function idleLimitSeconds(timeouts: SessionTimeouts, userType: 'i' | 'b' | 'c'): number {
  const timeoutMs = userType === 'i' ? timeouts.internalTimeoutMs : timeouts.timeoutMs;
  return Math.ceil(timeoutMs / 1000) + TOUCH_INTERVAL_SECONDS + HEARTBEAT_INTERVAL_SECONDS;
}

/**
 * The session's state for a request of `userNo`, recording the use. A session seen for the
 * first time is created (a fresh sign-in: its first call). An idle one is ended there and then,
 * so it stays refused whatever the clock does next.
 */
export async function useSession(
  db: Kysely<DB>,
  sessionId: string,
  userNo: number,
  idleSeconds: number,
): Promise<SessionState> {
  const row = await touchSession(db, {
    sessionId,
    userNo,
    touchSeconds: TOUCH_INTERVAL_SECONDS,
    idleSeconds,
  });
  return settleSessionUse(db, sessionId, userNo, row);
}

/**
 * The session's state from its state before this use (touchSession's answer, or the one
 * loadPrincipalUsingSession reads with the principal): a session without a row is created, an
 * idle one is ended there and then.
 */
export async function settleSessionUse(
  db: Kysely<DB>,
  sessionId: string,
  userNo: number,
  row: SessionUse | undefined,
): Promise<SessionState> {
  if (!row) {
    await insertSession(db, sessionId, userNo);
    sweepOldSessions(db);
    return 'live';
  }
  if (row.ended || row.other_user) return 'ended';
  if (row.idle) {
    await endSessions(db, [sessionId]);
    return 'idle';
  }
  return 'live';
}

/**
 * Whether a session may still be continued (a refresh token, a new authorization on the
 * provider's sign-in cookie), without counting as use. A session never used yet is live.
 */
export async function sessionIsLive(
  db: Kysely<DB>,
  sessionId: string,
  timeouts: SessionTimeouts,
): Promise<boolean> {
  const row = await findSessionState(db, sessionId, {
    internal: idleLimitSeconds(timeouts, 'i'),
    external: idleLimitSeconds(timeouts, 'b'),
  });
  return !row || (row.ended_at === null && !row.idle);
}

/** Ends sessions for good; a session not used yet gets its row, already ended. */
export async function endSessions(db: Kysely<DB>, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await endSessionRows(db, sessionIds);
}

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
let lastSweep = 0;

/**
 * No token or grant outlives a day (tokens an hour, grants eight), so older rows decide nothing;
 * a lazy sweep on new sessions keeps the table small without a timer.
 */
function sweepOldSessions(db: Kysely<DB>): void {
  const now = Date.now();
  if (now - lastSweep < SWEEP_INTERVAL_MS) return;
  lastSweep = now;
  deleteOldSessions(db).catch(() => undefined);
}
