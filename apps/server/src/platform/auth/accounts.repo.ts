import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../db/schema.ts';

/*
 * The SQL the sign-in side sends about a user account (`app_user`): the sign-in page, the OIDC
 * provider's account look-up, the lockout and password-link e-mails. The users module keeps the
 * administration of the same table; this is the platform's part, which needs no module.
 */

/** The account of an e-mail as typed (case-insensitive), for a sign-in. */
export async function findSignInUser(
  db: Kysely<DB>,
  email: string,
): Promise<{ user_no: number; active: boolean; password_hash: string | null } | undefined> {
  return db
    .selectFrom('app_user')
    .select(['user_no', 'active', 'password_hash'])
    .where(sql<string>`lower(username)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
}

/** Whom an e-mail about the account goes to, and the name it greets. */
export async function findMailRecipient(
  db: Kysely<DB>,
  userNo: number,
): Promise<{ username: string; first_name: string } | undefined> {
  return db
    .selectFrom('app_user')
    .select(['username', 'first_name'])
    .where('user_no', '=', userNo)
    .executeTakeFirst();
}

/** An active user as the OIDC provider's account; an inactive one has none. */
export async function findActiveAccount(
  db: Kysely<DB>,
  userNo: number,
): Promise<{ username: string; first_name: string; last_name: string } | undefined> {
  return db
    .selectFrom('app_user')
    .select(['username', 'first_name', 'last_name'])
    .where('user_no', '=', userNo)
    .where('active', '=', true)
    .executeTakeFirst();
}

/**
 * The account's own count of failures in a row and its lock, as administrators see them and as
 * the lockout e-mail reports them, in a single statement so parallel guesses count once each. A
 * lock that has run out starts the count afresh. The lock itself is enforced per address by the
 * throttle (sign-in-throttle.ts), not here: a lock for everyone would let anyone lock a user out.
 */
export async function recordAccountFailure(db: Kysely<DB>, userNo: number, login: Config['login']) {
  const failures = sql<number>`case when locked_until <= now() then 1 else failed_login_count + 1 end`;
  return db
    .updateTable('app_user')
    .set({
      failed_login_count: failures,
      locked_until: sql<Date | null>`case
        when ${failures} >= ${login.maxFailures} then now() + make_interval(mins => ${login.lockoutMinutes})
        when locked_until <= now() then null
        else locked_until end`,
    })
    .where('user_no', '=', userNo)
    .where((eb) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]),
    )
    .returning(['failed_login_count', sql<boolean>`locked_until > now()`.as('locked')])
    .executeTakeFirst();
}

/** A successful sign-in clears the count and the lock, and records when. */
export async function recordAccountSuccess(db: Kysely<DB>, userNo: number): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ failed_login_count: 0, locked_until: null, last_login_at: sql<Date>`now()` })
    .where('user_no', '=', userNo)
    .execute();
}
