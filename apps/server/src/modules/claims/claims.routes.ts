import type { FastifyInstance } from 'fastify';
import { claimsContracts as contracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { memberClaimsHistory, memberPbmLinks } from './claims.service.ts';

/**
 * A member's pharmacy claims history and PBM claim links (issue 12; spec 2 §2 "Member detail",
 * §9). Paths, schemas and rules are the contracts'; registered at the root. See
 * docs/decisions/0098-claims-history-and-demo-drugs.md.
 */
export async function claimsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;

  registerRoute(app, contracts.history, async ({ request, params, query }) =>
    memberClaimsHistory(db, principalOf(request), params.orgId, params.employeeId, query),
  );

  registerRoute(app, contracts.pbmLinks, async ({ request, params }) =>
    memberPbmLinks(db, principalOf(request), params.orgId, params.employeeId),
  );
}
