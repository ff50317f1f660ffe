import type { FastifyInstance } from 'fastify';
import { memberPortalContracts as c } from '@pillar/domain';
import { createMemberPortalAccounts } from '../../integrations/member-portal/member-portal-accounts.ts';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { unlockMemberPortalAccount } from './member-portal.service.ts';
import type { UsersDeps } from './users.service.ts';

/** Member-portal accounts (spec 2 §7, authorization service): the agent's unlock. */
export async function memberPortalRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, mail } = app.ctx;
  const deps: UsersDeps = { db, config, mail };
  const memberPortal = createMemberPortalAccounts(config, db);

  registerRoute(app, c.unlock, async ({ request, query }) => {
    await unlockMemberPortalAccount(deps, memberPortal, principalOf(request), query.email);
    return null;
  });
}
