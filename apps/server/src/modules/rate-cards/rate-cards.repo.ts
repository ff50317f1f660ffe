import { sql, type Kysely, type Transaction } from 'kysely';
import { RATE_CARD_PBMS, type RateCardPbm, type RateCardTerms } from '@pillar/domain';
import type { DB } from '../../database.ts';

/**
 * All SQL of the rate cards (decision 0130). Versions are only inserted; the card in force on a
 * date is the PBM's latest effective on or before it, the newest version winning a tie.
 */

export interface RateCardVersionRow {
  versionNo: number;
  pbm: RateCardPbm;
  effectiveDate: string;
  terms: RateCardTerms;
  note: string | null;
  createdAt: Date;
  createdBy: number | null;
  createdByName: string | null;
}

const userName = sql<
  string | null
>`(select u.first_name || ' ' || u.last_name from app_user u where u.user_no = v.created_by)`;

function versions(db: Kysely<DB>) {
  return db
    .selectFrom('rate_card_version as v')
    .select([
      'v.rate_card_version_no as versionNo',
      'v.pbm',
      sql<string>`to_char(v.effective_date, 'YYYY-MM-DD')`.as('effectiveDate'),
      'v.terms',
      'v.note',
      'v.created_at as createdAt',
      'v.created_by as createdBy',
      userName.as('createdByName'),
    ]);
}

/** Each PBM's version in force on `asOf` (PBMs without one are absent). */
export async function findVersionsInForce(
  db: Kysely<DB>,
  asOf: string,
): Promise<RateCardVersionRow[]> {
  return versions(db)
    .distinctOn('v.pbm')
    .where('v.effective_date', '<=', sql<string>`${asOf}::date`)
    .orderBy('v.pbm')
    .orderBy('v.effective_date', 'desc')
    .orderBy('v.rate_card_version_no', 'desc')
    .execute();
}

/** Every version of every PBM, newest effective date first (then newest version). */
export async function listAllVersions(db: Kysely<DB>): Promise<RateCardVersionRow[]> {
  return versions(db)
    .orderBy('v.pbm')
    .orderBy('v.effective_date', 'desc')
    .orderBy('v.rate_card_version_no', 'desc')
    .execute();
}

export async function findVersion(
  db: Kysely<DB>,
  versionNo: number,
): Promise<RateCardVersionRow | undefined> {
  return versions(db).where('v.rate_card_version_no', '=', versionNo).executeTakeFirst();
}

/** The PBM's latest version by effective date (the one a new version may not precede). */
export async function findLatestVersion(
  db: Kysely<DB>,
  pbm: RateCardPbm,
): Promise<RateCardVersionRow | undefined> {
  return versions(db)
    .where('v.pbm', '=', pbm)
    .orderBy('v.effective_date', 'desc')
    .orderBy('v.rate_card_version_no', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The first key of the advisory lock that orders one PBM's new versions ("RC"). */
const RATE_CARD_LOCK_CLASS = 0x5243;

/**
 * Serializes new versions of one PBM until the transaction ends, in any API process, so the
 * effective-date check and the insert see the same latest version.
 */
export async function lockPbm(tx: Transaction<DB>, pbm: RateCardPbm): Promise<void> {
  const key = RATE_CARD_PBMS.indexOf(pbm);
  await sql`select pg_advisory_xact_lock(${RATE_CARD_LOCK_CLASS}::int4, ${key}::int4)`.execute(tx);
}

export async function insertVersion(
  db: Kysely<DB>,
  v: {
    pbm: RateCardPbm;
    effectiveDate: string;
    terms: RateCardTerms;
    note: string | null;
    createdBy: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('rate_card_version')
    .values({
      pbm: v.pbm,
      effective_date: v.effectiveDate,
      terms: JSON.stringify(v.terms),
      note: v.note,
      created_by: v.createdBy,
    })
    .returning('rate_card_version_no')
    .executeTakeFirstOrThrow();
  return row.rate_card_version_no;
}
