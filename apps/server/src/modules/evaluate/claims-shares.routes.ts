import type { FastifyInstance } from 'fastify';
import { claimsShareContracts as c, sharedClaimsContracts as s } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  removeShare,
  requireLiveShare,
  shareCandidates,
  shareOpportunity,
  sharedOpportunities,
  sharesOf,
} from './claims-shares.service.ts';

/**
 * Claims workflow shares (decision 0144): the internal "Shared with" calls under /evaluate/v1,
 * and the external user's list of shared opportunities under /shared-claims/v1 (the claims file
 * calls of a shared opportunity are the claims files module's, shared-claims.routes.ts).
 */
export async function claimsSharesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  registerRoute(app, c.listShares, async ({ params }) => ({ data: await sharesOf(db, params.id) }));
  registerRoute(app, c.share, async ({ request, params, body }) =>
    shareOpportunity(db, principalOf(request), params.id, body),
  );
  registerRoute(app, c.removeShare, async ({ request, params }) => {
    await removeShare(db, principalOf(request), params.id, params.userId);
    return null;
  });
  registerRoute(app, c.shareCandidates, async ({ query }) => shareCandidates(db, query.q));

  registerRoute(app, s.listOpportunities, async ({ request }) =>
    sharedOpportunities(db, principalOf(request)),
  );
  registerRoute(app, s.getOpportunity, async ({ request, params }) =>
    requireLiveShare(db, principalOf(request), params.id),
  );
}
