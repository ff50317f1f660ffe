import { USER_MESSAGES } from '@pillar/domain';
import type { MemberPortalAccounts } from '../../integrations/member-portal/member-portal-accounts.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem } from '../../platform/http/problem.ts';
import type { UsersDeps } from './users.service.ts';

/**
 * DELETE /auth0-management/user-blocks?email: lifts the sign-in block of a member-portal
 * account (spec 2 §7). Silent on success; an unknown address is a 404 whose detail is the
 * spec's message. Every unlock, and every attempt on an unknown address, is audited.
 */
export async function unlockMemberPortalAccount(
  deps: UsersDeps,
  accounts: MemberPortalAccounts,
  caller: Principal,
  email: string,
): Promise<void> {
  const address = email.trim();
  let outcome;
  try {
    outcome = await accounts.unblock(address);
  } catch (error) {
    await writeAudit(deps.db, {
      actorUserNo: caller.userNo,
      action: 'member_portal.unlock_failed',
      entity: 'member_portal_account',
      entityId: address.toLowerCase(),
      detail: { provider: accounts.kind },
    });
    throw new HttpProblem(
      502,
      'Bad Gateway',
      `The member portal could not be reached: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  }
  await writeAudit(deps.db, {
    actorUserNo: caller.userNo,
    action:
      outcome.outcome === 'notFound' ? 'member_portal.unlock_unknown' : 'member_portal.unlock',
    entity: 'member_portal_account',
    entityId: address.toLowerCase(),
    detail: {
      provider: accounts.kind,
      ...(outcome.outcome === 'unblocked' ? { wasBlocked: outcome.wasBlocked } : {}),
    },
  });
  if (outcome.outcome === 'notFound') {
    throw new HttpProblem(404, 'Not Found', USER_MESSAGES.notAMemberPortalAccount(address));
  }
}
