import type { FastifyInstance } from 'fastify';
import { crmContracts as crm, evaluateContracts as c } from '@pillar/domain';
import { createCrmAdapter } from '../../integrations/crm/create-crm-adapter.ts';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  createOpportunity,
  getContract,
  getCrmOpportunity,
  getOpportunity,
  getVersion,
  listOpportunities,
  listVersions,
  refreshFromCrm,
  saveContract,
  searchCrm,
} from './evaluate.service.ts';

/**
 * The evaluate service's opportunity, contract and history calls (/evaluate/v1) and the CRM
 * service (/salesforce/v1), from their contracts (decision 0114). Both read the one CRM adapter
 * the configuration names.
 */
export async function evaluateRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const crmAdapter = createCrmAdapter(config, db);

  // ---- CRM service ----
  registerRoute(app, crm.searchOpportunities, async ({ query }) =>
    searchCrm(crmAdapter, query.employerName),
  );
  registerRoute(app, crm.getOpportunity, async ({ params }) =>
    getCrmOpportunity(crmAdapter, params.id),
  );

  // ---- Opportunities ----
  registerRoute(app, c.listOpportunities, async ({ request, query }) =>
    listOpportunities(db, principalOf(request), query),
  );
  registerRoute(app, c.createOpportunity, async ({ request, body }) =>
    createOpportunity(db, crmAdapter, principalOf(request), body.sfOppId),
  );
  registerRoute(app, c.sfUpdate, async ({ request, body }) =>
    refreshFromCrm(db, crmAdapter, principalOf(request), body.prospectOppId),
  );
  registerRoute(app, c.getOpportunity, async ({ params }) => getOpportunity(db, params.id));

  // ---- Incumbent contract ----
  registerRoute(app, c.getContract, async ({ params }) => getContract(db, params.id));
  registerRoute(app, c.saveContract, async ({ request, params, body }) =>
    saveContract(db, principalOf(request), params.id, body),
  );

  // ---- History ----
  registerRoute(app, c.listVersions, async ({ params, query }) =>
    listVersions(db, params.id, query),
  );
  registerRoute(app, c.getVersion, async ({ params }) =>
    getVersion(db, params.id, params.part, params.versionNo),
  );
}
