import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../database.ts';
import { createAuth0MemberPortalAccounts } from './auth0-member-portal-accounts.ts';
import { createBuiltInMemberPortalAccounts } from './builtin-member-portal-accounts.ts';

export type UnblockOutcome =
  /** The account's sign-in blocks were lifted (there may have been none). */
  | { outcome: 'unblocked'; wasBlocked: boolean }
  /** No member-portal account has this e-mail address. */
  | { outcome: 'notFound' };

/**
 * The member portal's accounts, as the agent desktop needs them: an agent lifts the block that
 * repeated failed sign-ins put on a member's account (spec 2 §1, §7). Two implementations: the
 * built-in account store in our database (default) and Auth0's Management API.
 */
export interface MemberPortalAccounts {
  readonly kind: 'builtin' | 'auth0';
  unblock(email: string): Promise<UnblockOutcome>;
}

export class MemberPortalError extends Error {}

export function createMemberPortalAccounts(
  config: Config,
  db: Kysely<DB>,
  fetchImpl: typeof fetch = fetch,
): MemberPortalAccounts {
  const auth0 = config.memberPortal.auth0;
  if (config.memberPortal.provider === 'auth0' && auth0) {
    return createAuth0MemberPortalAccounts(auth0, fetchImpl);
  }
  return createBuiltInMemberPortalAccounts(db);
}
