import type { FastifyInstance } from 'fastify';
import { agentSearchContracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  findMemberRecords,
  getAgentOrganization,
  listAgentOrganizations,
  type AgentSearchDeps,
} from './agent-search.service.ts';

/** Search service (spec 2 §7); paths, schemas and rules are the contracts'. */
export async function agentSearchRoutes(app: FastifyInstance): Promise<void> {
  const deps: AgentSearchDeps = { db: app.ctx.db };

  registerRoute(app, agentSearchContracts.records, async ({ request, query }) =>
    findMemberRecords(deps, principalOf(request), query),
  );

  registerRoute(app, agentSearchContracts.organizations, async ({ request, query }) =>
    listAgentOrganizations(deps, principalOf(request), query),
  );

  registerRoute(app, agentSearchContracts.organization, async ({ request, params }) =>
    getAgentOrganization(deps, principalOf(request), params.orgId),
  );
}
