import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/*
 * The SQL of the server-side sessions (`auth_session`, decision 0065); the rules (when a session
 * is idle, how often its use is written) stay in sessions.ts.
 */

export interface SessionUse {
  ended: boolean;
  idle: boolean;
  other_user: boolean;
}

/**
 * One statement: records the use of a live session of `userNo` (at most every `touchSeconds`,
 * never past `idleSeconds`) and answers its state before the use, or undefined without a row.
 */
export async function touchSession(
  db: Kysely<DB>,
  session: { sessionId: string; userNo: number; touchSeconds: number; idleSeconds: number },
): Promise<SessionUse | undefined> {
  const { sessionId, userNo, touchSeconds, idleSeconds } = session;
  const { rows } = await sql<SessionUse>`
    with touched as (
      update auth_session set last_seen_at = now()
       where session_id = ${sessionId} and ended_at is null and user_no = ${userNo}
         and last_seen_at < now() - make_interval(secs => ${touchSeconds})
         and last_seen_at >= now() - make_interval(secs => ${idleSeconds})
      returning session_id)
    select s.ended_at is not null as ended,
           s.last_seen_at < now() - make_interval(secs => ${idleSeconds}) as idle,
           s.user_no is distinct from ${userNo} as other_user
      from auth_session s
     where s.session_id = ${sessionId}`.execute(db);
  return rows[0];
}

/** A session's first use; a row already there (a parallel first call) is left as it is. */
export async function insertSession(
  db: Kysely<DB>,
  sessionId: string,
  userNo: number,
): Promise<void> {
  await db
    .insertInto('auth_session')
    .values({ session_id: sessionId, user_no: userNo })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
}

/**
 * The session's end and whether it is idle past its user's limit (internal users have their
 * own), or undefined for a session never used.
 */
export async function findSessionState(
  db: Kysely<DB>,
  sessionId: string,
  idleSeconds: { internal: number; external: number },
): Promise<{ ended_at: Date | null; idle: boolean } | undefined> {
  return db
    .selectFrom('auth_session as s')
    .leftJoin('app_user as u', 'u.user_no', 's.user_no')
    .select([
      's.ended_at',
      sql<boolean>`s.last_seen_at < now() - make_interval(secs => case when u.user_type = 'i'
        then ${idleSeconds.internal}::int else ${idleSeconds.external}::int end)`.as('idle'),
    ])
    .where('s.session_id', '=', sessionId)
    .executeTakeFirst();
}

/** Ends sessions for good; a session not used yet gets its row, already ended. */
export async function endSessionRows(db: Kysely<DB>, sessionIds: readonly string[]): Promise<void> {
  await db
    .insertInto('auth_session')
    .values(sessionIds.map((id) => ({ session_id: id, user_no: null, ended_at: sql`now()` })))
    .onConflict((oc) =>
      oc
        .column('session_id')
        .doUpdateSet({ ended_at: sql`coalesce(auth_session.ended_at, now())` }),
    )
    .execute();
}

/** Sessions neither created nor used for a day. */
export async function deleteOldSessions(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom('auth_session')
    .where('last_seen_at', '<', sql<Date>`now() - interval '1 day'`)
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
