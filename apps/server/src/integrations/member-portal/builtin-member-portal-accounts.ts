import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { MemberPortalAccounts } from './member-portal-accounts.ts';
import {
  findMemberPortalAccount,
  unblockMemberPortalAccount,
} from './member-portal-account.repo.ts';

/**
 * Member-portal accounts kept in `member_portal_account`. Unblocking clears the block and the
 * failure count together, so the member gets the full number of tries again.
 */
export function createBuiltInMemberPortalAccounts(db: Kysely<DB>): MemberPortalAccounts {
  return {
    kind: 'builtin',
    async unblock(email) {
      const before = await findMemberPortalAccount(db, email);
      if (!before) return { outcome: 'notFound' };
      await unblockMemberPortalAccount(db, before.account_id);
      return { outcome: 'unblocked', wasBlocked: before.blocked };
    },
  };
}
