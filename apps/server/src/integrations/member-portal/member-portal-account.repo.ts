import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database.ts';

/* The SQL of the built-in member-portal accounts (`member_portal_account`). */

/** An account by e-mail (trimmed, any case). */
export async function findMemberPortalAccount(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('member_portal_account')
    .select(['account_id', 'blocked'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Clears the block and the failure count together: the member gets every try again. */
export async function unblockMemberPortalAccount(db: Kysely<DB>, accountId: number) {
  await db
    .updateTable('member_portal_account')
    .set({
      blocked: false,
      blocked_at: null,
      failed_login_count: 0,
      updated_at: sql<Date>`now()`,
    })
    .where('account_id', '=', accountId)
    .execute();
}
