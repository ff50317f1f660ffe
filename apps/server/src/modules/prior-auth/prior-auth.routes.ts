import type { FastifyInstance } from 'fastify';
import { priorAuthContracts as c } from '@pillar/domain';
import { createPriorAuthSystem } from '../../integrations/prior-auth/prior-auth-system.ts';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  getInterventionSummary,
  getPriorAuthCase,
  getPriorAuthPlanHistory,
  listInterventionLogs,
  listPriorAuthCases,
  type PriorAuthDeps,
} from './prior-auth.service.ts';

/**
 * Prior authorizations from the PA system (spec 2 §7: portal service and communication
 * manager); paths, schemas and rules are the contracts'. The PA system is chosen by
 * configuration (decision 0096).
 */
export async function priorAuthRoutes(app: FastifyInstance): Promise<void> {
  const deps: PriorAuthDeps = {
    db: app.ctx.db,
    system: createPriorAuthSystem(app.ctx.config, app.ctx.db),
  };

  registerRoute(app, c.list, async ({ request, query }) =>
    listPriorAuthCases(deps, principalOf(request), query),
  );
  registerRoute(app, c.planHistory, async ({ request, query }) =>
    getPriorAuthPlanHistory(deps, principalOf(request), query),
  );
  registerRoute(app, c.detail, async ({ request, params, query }) =>
    getPriorAuthCase(deps, principalOf(request), params.paCaseId, query),
  );
  registerRoute(app, c.interventionLogs, async ({ request, query }) =>
    listInterventionLogs(deps, principalOf(request), query),
  );
  registerRoute(app, c.interventionSummary, async ({ request, query }) =>
    getInterventionSummary(deps, principalOf(request), query),
  );
}
