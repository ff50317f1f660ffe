import type { FastifyInstance } from 'fastify';
import { organizationsContracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { getOrganization, listOrganizations } from './organizations.service.ts';

/** Portal service organizations (spec 1 §7); paths, schemas and rules are the contracts'. */
export async function organizationsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  registerRoute(app, organizationsContracts.search, async ({ request, query }) =>
    listOrganizations(db, principalOf(request), query),
  );

  registerRoute(app, organizationsContracts.get, async ({ request, params }) =>
    getOrganization(db, principalOf(request), params.orgId),
  );
}
