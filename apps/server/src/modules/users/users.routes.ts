import type { FastifyInstance } from 'fastify';
import { usersContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { dataNetRoutes } from './datanet.routes.ts';
import {
  createUser,
  getUser,
  getUserAccess,
  searchUsers,
  updateUser,
  userBenefitGroups,
  userHistory,
  userOrganizations,
  type UsersDeps,
} from './users.service.ts';

/**
 * Users (spec 2 §7, authorization service): the list, one user, their access and history. The
 * contracts name their service, so the plugin is registered at the root.
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, mail } = app.ctx;
  const deps: UsersDeps = { db, config, mail };

  registerRoute(app, c.search, async ({ request, query }) =>
    searchUsers(db, principalOf(request), query),
  );

  registerRoute(app, c.create, async ({ request, body }) => ({
    user: await createUser(deps, principalOf(request), body),
  }));

  // Here, between the two: the OpenAPI document lists paths in the order they were registered.
  await dataNetRoutes(app);

  registerRoute(app, c.get, async ({ request, params }) =>
    getUser(db, principalOf(request), params.id),
  );

  registerRoute(app, c.update, async ({ request, params, body }) => ({
    user: await updateUser(deps, principalOf(request), params.id, body),
  }));

  registerRoute(app, c.access, async ({ request, params }) =>
    getUserAccess(db, principalOf(request), params.id),
  );

  registerRoute(app, c.organizations, async ({ request, params, query }) =>
    userOrganizations(db, principalOf(request), params.id, query),
  );

  registerRoute(app, c.benefitGroups, async ({ request, params }) =>
    userBenefitGroups(db, principalOf(request), params.id, params.orgId),
  );

  registerRoute(app, c.history, async ({ request, params, query }) =>
    userHistory(db, principalOf(request), params.id, query),
  );
}
