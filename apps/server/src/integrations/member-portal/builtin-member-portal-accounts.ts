import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { MemberPortalAccounts } from './member-portal-accounts.ts';

/**
 * Member-portal accounts kept in `member_portal_account`. Unblocking clears the block and the
 * failure count together, so the member gets the full number of tries again.
 */
export function createBuiltInMemberPortalAccounts(db: Kysely<DB>): MemberPortalAccounts {
  return {
    kind: 'builtin',
    async unblock(email) {
      const before = await db
        .selectFrom('member_portal_account')
        .select(['account_id', 'blocked'])
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
      if (!before) return { outcome: 'notFound' };
      await db
        .updateTable('member_portal_account')
        .set({
          blocked: false,
          blocked_at: null,
          failed_login_count: 0,
          updated_at: sql<Date>`now()`,
        })
        .where('account_id', '=', before.account_id)
        .execute();
      return { outcome: 'unblocked', wasBlocked: before.blocked };
    },
  };
}
