import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/*
 * The SQL of password links (`password_reset_token`, keyed by the token's SHA-256) and of the
 * password they set; password-reset.ts holds the rules and the transactions.
 */

export type PasswordLinkPurpose = 'reset' | 'invitation';

export interface OpenLink {
  user_no: number;
  username: string;
  purpose: PasswordLinkPurpose;
}

/** Closes the user's open links (of one purpose, or every one without it). */
export async function closeOpenLinks(
  db: Kysely<DB>,
  userNo: number,
  options: { purpose?: PasswordLinkPurpose; actorUserNo?: number | null } = {},
): Promise<void> {
  let query = db
    .updateTable('password_reset_token')
    .set({
      used_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
      ...(options.actorUserNo === undefined ? {} : { updated_by: options.actorUserNo }),
    })
    .where('user_no', '=', userNo);
  if (options.purpose !== undefined) query = query.where('purpose', '=', options.purpose);
  await query.where('used_at', 'is', null).execute();
}

export async function insertLink(
  db: Kysely<DB>,
  link: {
    tokenHash: string;
    userNo: number;
    purpose: PasswordLinkPurpose;
    minutes: number;
    actorUserNo: number | null;
  },
): Promise<void> {
  await db
    .insertInto('password_reset_token')
    .values({
      token_hash: link.tokenHash,
      user_no: link.userNo,
      purpose: link.purpose,
      expires_at: sql<Date>`now() + make_interval(mins => ${link.minutes})`,
      created_by: link.actorUserNo,
      updated_by: link.actorUserNo,
    })
    .execute();
}

/** The open (unused, unexpired) link of a token hash, with its user. */
export async function findOpenLink(
  db: Kysely<DB>,
  tokenHash: string,
): Promise<OpenLink | undefined> {
  return db
    .selectFrom('password_reset_token as t')
    .innerJoin('app_user as u', 'u.user_no', 't.user_no')
    .select(['t.user_no', 'u.username', 't.purpose'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Marks an open link used, if it still is, and answers whose it was. */
export async function claimOpenLink(
  db: Kysely<DB>,
  tokenHash: string,
): Promise<{ user_no: number; purpose: PasswordLinkPurpose } | undefined> {
  return db
    .updateTable('password_reset_token')
    .set({ used_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_no', 'purpose'])
    .executeTakeFirst();
}

/** The user's new password, which also clears the account's failure count and lock. */
export async function setPassword(
  db: Kysely<DB>,
  userNo: number,
  passwordHash: string,
): Promise<{ user_no: number; username: string } | undefined> {
  return db
    .updateTable('app_user')
    .set({
      password_hash: passwordHash,
      failed_login_count: 0,
      locked_until: null,
      updated_at: sql<Date>`now()`,
      updated_by: userNo,
    })
    .where('user_no', '=', userNo)
    .returning(['user_no', 'username'])
    .executeTakeFirst();
}

/** The user's change history records that the password was set, never the password. */
export async function insertPasswordHistory(
  db: Kysely<DB>,
  userNo: number,
  how: string,
): Promise<void> {
  await db
    .insertInto('user_history')
    .values({
      user_no: userNo,
      field: 'password',
      old_value: null,
      new_value: how,
      created_by: userNo,
      updated_by: userNo,
    })
    .execute();
}
