import { sql, type Kysely, type Transaction } from 'kysely';
import {
  SHARE_CANDIDATES_MAX,
  type ClaimsShare,
  type ShareCandidate,
  type SharedOpportunity,
} from '@pillar/domain';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../database.ts';

type Db = Kysely<DB> | Transaction<DB>;

/*
 * Every statement of the claims workflow shares (migration 0037, decision 0144). A share is
 * live while it has not been removed and its end date is not before today: the one condition
 * below, which every scope check and list uses, so an ended share stops answering at once.
 * "Today" is the UTC date, as the service checks a new end date (todayIso), whatever the
 * database server's time zone: current_date would be the server's local date.
 */

const utcToday = sql<string>`(now() at time zone 'utc')::date`;
const live = sql<boolean>`s.ended_at is null and (s.ends_on is null or s.ends_on >= ${utcToday})`;
const fullName = (alias: 'u' | 'b') =>
  sql<string>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;
const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** The live share of the opportunity with the user, if any: the external routes' scope. */
export async function findLiveShare(
  db: Db,
  userNo: number,
  opp: number,
): Promise<SharedOpportunity | undefined> {
  const rows = await sharedOpportunityRows(db, userNo, opp);
  return rows[0];
}

/** The opportunities shared with the user (live shares), by opportunity name. */
export async function listSharedOpportunities(
  db: Db,
  userNo: number,
): Promise<SharedOpportunity[]> {
  return sharedOpportunityRows(db, userNo, undefined);
}

async function sharedOpportunityRows(
  db: Db,
  userNo: number,
  opp: number | undefined,
): Promise<SharedOpportunity[]> {
  let query = db
    .selectFrom('claims_share as s')
    .innerJoin(
      'prospect_opportunity as o',
      'o.prospect_opportunity_no',
      's.prospect_opportunity_no',
    )
    .leftJoin('app_user as b', 'b.user_no', 's.created_by')
    .select([
      's.prospect_opportunity_no',
      'o.employer',
      fullName('b').as('shared_by'),
      's.created_at',
      's.ends_on',
    ])
    .where('s.user_no', '=', userNo)
    .where(live);
  if (opp !== undefined) query = query.where('s.prospect_opportunity_no', '=', opp);
  const rows = await query.orderBy('o.employer').orderBy('s.prospect_opportunity_no').execute();
  return rows.map((r) => ({
    id: r.prospect_opportunity_no,
    name: r.employer,
    sharedBy: r.shared_by,
    sharedAt: iso(r.created_at),
    endsOn: r.ends_on,
  }));
}

/** The opportunity's live shares, by user name. */
export async function listShares(db: Db, opp: number): Promise<ClaimsShare[]> {
  const rows = await db
    .selectFrom('claims_share as s')
    .innerJoin('app_user as u', 'u.user_no', 's.user_no')
    .leftJoin('app_user as b', 'b.user_no', 's.created_by')
    .select([
      's.user_no',
      fullName('u').as('user_name'),
      'u.username',
      'u.user_type',
      fullName('b').as('shared_by'),
      's.created_at',
      's.ends_on',
    ])
    .where('s.prospect_opportunity_no', '=', opp)
    .where(live)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('s.user_no')
    .execute();
  return rows.map((r) => ({
    userId: r.user_no,
    userName: r.user_name,
    username: r.username,
    userType: r.user_type === 'c' ? 'c' : 'b',
    sharedBy: r.shared_by,
    sharedAt: iso(r.created_at),
    endsOn: r.ends_on,
  }));
}

/** An active external (broker or client) user, the only kind a share may name. */
export async function findExternalUser(
  db: Db,
  userNo: number,
): Promise<ShareCandidate | undefined> {
  const rows = await candidateQuery(db).where('u.user_no', '=', userNo).execute();
  return rows.map(toCandidate)[0];
}

/** Active external users whose name or username contains the text (the first 25 by name). */
export async function searchExternalUsers(db: Db, text: string): Promise<ShareCandidate[]> {
  let query = candidateQuery(db);
  if (text) {
    const pattern = likePattern(text);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.first_name || ' ' || u.last_name) like lower(${pattern})`,
        sql<boolean>`lower(u.username) like lower(${pattern})`,
      ]),
    );
  }
  const rows = await query
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.user_no')
    .limit(SHARE_CANDIDATES_MAX)
    .execute();
  return rows.map(toCandidate);
}

function candidateQuery(db: Db) {
  return db
    .selectFrom('app_user as u')
    .select(['u.user_no', fullName('u').as('user_name'), 'u.username', 'u.user_type'])
    .where('u.active', '=', true)
    .where('u.user_type', 'in', ['b', 'c']);
}

function toCandidate(r: {
  user_no: number;
  user_name: string;
  username: string;
  user_type: 'i' | 'b' | 'c';
}): ShareCandidate {
  return {
    userId: r.user_no,
    userName: r.user_name,
    username: r.username,
    userType: r.user_type === 'c' ? 'c' : 'b',
  };
}

/**
 * Ends the user's share of the opportunity when its end date has passed (so the live-share index
 * takes a new one), then adds the share; false when a live share is already there.
 */
export async function insertShare(
  trx: Transaction<DB>,
  share: { opp: number; userNo: number; endsOn: string | null; by: number },
): Promise<boolean> {
  await trx
    .updateTable('claims_share')
    .set({ ended_at: sql`now()`, ended_by: share.by })
    .where('prospect_opportunity_no', '=', share.opp)
    .where('user_no', '=', share.userNo)
    .where('ended_at', 'is', null)
    .where('ends_on', '<', utcToday)
    .execute();
  const row = await trx
    .insertInto('claims_share')
    .values({
      prospect_opportunity_no: share.opp,
      user_no: share.userNo,
      ends_on: share.endsOn,
      created_by: share.by,
    })
    .onConflict((oc) =>
      oc.columns(['prospect_opportunity_no', 'user_no']).where('ended_at', 'is', null).doNothing(),
    )
    .returning('claims_share_no')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the user's live share of the opportunity now; false when there is none. */
export async function endShare(
  trx: Transaction<DB>,
  opp: number,
  userNo: number,
  by: number,
): Promise<boolean> {
  const s = await trx
    .updateTable('claims_share as s')
    .set({ ended_at: sql`now()`, ended_by: by })
    .where('s.prospect_opportunity_no', '=', opp)
    .where('s.user_no', '=', userNo)
    .where(live)
    .returning('s.claims_share_no')
    .executeTakeFirst();
  return s !== undefined;
}
