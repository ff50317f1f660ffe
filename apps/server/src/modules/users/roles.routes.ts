import type { FastifyInstance } from 'fastify';
import { rolesContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { getBaseRole, listBaseRoles, listRoleOptions } from './roles.service.ts';

/** Roles (spec 2 §5, §7, authorization service): the user forms' choices and the Roles page. */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  registerRoute(app, c.options, async ({ request, query }) => ({
    data: listRoleOptions(principalOf(request), query.type),
  }));

  registerRoute(app, c.baseRoles, async () => ({ data: await listBaseRoles(db) }));

  registerRoute(app, c.baseRole, async ({ params }) => getBaseRole(db, params.id));
}
