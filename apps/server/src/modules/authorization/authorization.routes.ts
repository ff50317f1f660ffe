import type { FastifyInstance } from 'fastify';
import { authorizationContracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { claimsOf } from './authorization.service.ts';

/** Authorization service (/authorization/v1): who the caller is and what they may do. */
export async function authorizationRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, authorizationContracts.claims, async ({ request }) =>
    claimsOf(principalOf(request), app.ctx.config),
  );

  // The access check already recorded the session's use; nothing else to do.
  registerRoute(app, authorizationContracts.sessionActivity, async () => null);
}
