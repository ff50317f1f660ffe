import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/*
 * The SQL of sign-in throttling (`sign_in_failure`, decision 0066); the limits and what they mean
 * are in sign-in-throttle.ts.
 */

export interface ThrottleLimits {
  address: string;
  key: string;
  windowSeconds: number;
  /** Failures an address gets per window before each next try waits 1 s, 2 s, 4 s … */
  addressFreeFailures: number;
  /** Failures from one address on one account that lock the address out of it. */
  pairFailures: number;
  /** Failures on an account from all addresses before each next try waits. */
  accountFailures: number;
  accountMaxDelaySeconds: number;
}

/** One statement: which of the three limits holds an attempt back now (the database clock). */
export async function findThrottleState(
  db: Kysely<DB>,
  limits: ThrottleLimits,
): Promise<{ address: boolean; pair: boolean; account: boolean } | undefined> {
  const { address, key, windowSeconds: window } = limits;
  const since = sql`now() - make_interval(secs => ${window})`;
  const { rows } = await sql<{ address: boolean; pair: boolean; account: boolean }>`
    select
      coalesce((select max(created_at) + make_interval(secs => least(
                  power(2, count(*) - ${limits.addressFreeFailures}), ${window})) > now()
                  and count(*) >= ${limits.addressFreeFailures}
                  from sign_in_failure
                 where address = ${address} and created_at > ${since}), false) as address,
      coalesce((select max(created_at) + make_interval(secs => ${window}) > now()
                  and count(*) >= ${limits.pairFailures}
                  from sign_in_failure
                 where address = ${address} and account_key = ${key}
                   and created_at > ${since}), false) as pair,
      coalesce((select max(created_at) + make_interval(secs => least(
                  power(2, count(*) - ${limits.accountFailures}), ${limits.accountMaxDelaySeconds})) > now()
                  and count(*) >= ${limits.accountFailures}
                  from sign_in_failure
                 where account_key = ${key} and created_at > ${since}), false) as account`.execute(
    db,
  );
  return rows[0];
}

export async function insertFailure(
  db: Kysely<DB>,
  attempt: { address: string; key: string },
): Promise<void> {
  await db
    .insertInto('sign_in_failure')
    .values({ address: attempt.address, account_key: attempt.key })
    .execute();
}

/** The failures of an account, from one address or (without one) from all. */
export async function deleteFailures(
  db: Kysely<DB>,
  attempt: { address?: string; key: string },
): Promise<void> {
  let query = db.deleteFrom('sign_in_failure');
  if (attempt.address !== undefined) query = query.where('address', '=', attempt.address);
  await query.where('account_key', '=', attempt.key).execute();
}

/** Failures older than a day. */
export async function deleteOldFailures(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom('sign_in_failure')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
