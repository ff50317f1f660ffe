import type { FastifyInstance } from 'fastify';
import { membersContracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  countVisibleEmployees,
  findDependents,
  findEmployees,
  findOrganizationDependents,
  findOrganizationEmployees,
  type MembersDeps,
} from './members.service.ts';

/** Members and dependents searches; paths, schemas and rules are the contracts'. */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  const deps: MembersDeps = { db: app.ctx.db, ssn: createSsnProtector(app.ctx.secrets.ssnKey) };

  registerRoute(app, membersContracts.searchEmployees, async ({ request, query }) =>
    findEmployees(deps, principalOf(request), query),
  );

  registerRoute(app, membersContracts.countEmployees, async ({ request }) =>
    countVisibleEmployees(deps, principalOf(request)),
  );

  registerRoute(app, membersContracts.searchDependents, async ({ request, query }) =>
    findDependents(deps, principalOf(request), query),
  );

  registerRoute(
    app,
    membersContracts.searchOrganizationEmployees,
    async ({ request, params, query }) =>
      findOrganizationEmployees(deps, principalOf(request), params.orgId, query),
  );

  registerRoute(
    app,
    membersContracts.searchOrganizationDependents,
    async ({ request, params, query }) =>
      findOrganizationDependents(deps, principalOf(request), params.orgId, query),
  );
}
