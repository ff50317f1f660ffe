import type { FastifyInstance } from 'fastify';
import { clinicalContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  addConditionDrug,
  addTargetDrugs,
  conditionHistory,
  createCondition,
  createIntervention,
  getCondition,
  getConditionSettings,
  getList,
  getPbms,
  interventionListHistory,
  listConditionDrugs,
  listConditions,
  listInterventions,
  listLists,
  listTargetDrugs,
  removeConditionDrug,
  removeTargetDrug,
  saveList,
  setAlternativeDrugs,
  setConditionSettings,
  setPbms,
  updateCondition,
} from './clinical.service.ts';

/**
 * The Protect service (spec 2 §7 "Protect service"; decision 0107), from `clinicalContracts`.
 * Registered at the root: each contract names its service (/protect/v1).
 */
export async function clinicalRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  // ---- Health conditions ----
  registerRoute(app, c.listConditions, async ({ query }) => listConditions(db, query));
  registerRoute(app, c.createCondition, async ({ request, body }) =>
    createCondition(db, principalOf(request), body),
  );
  registerRoute(app, c.getCondition, async ({ params }) => getCondition(db, params.id));
  registerRoute(app, c.updateCondition, async ({ request, params, body }) =>
    updateCondition(db, principalOf(request), params.id, body),
  );
  registerRoute(app, c.conditionHistory, async ({ params, query }) =>
    conditionHistory(db, params.id, query),
  );

  // ---- Condition drugs ----
  registerRoute(app, c.listConditionDrugs, async ({ query }) => listConditionDrugs(db, query));
  registerRoute(app, c.addConditionDrug, async ({ request, body }) =>
    addConditionDrug(db, principalOf(request), body),
  );
  registerRoute(app, c.removeConditionDrug, async ({ request, query }) => {
    await removeConditionDrug(db, principalOf(request), query.id);
    return null;
  });

  // ---- Intervention lists ----
  registerRoute(app, c.listLists, async ({ query }) => listLists(db, query));
  registerRoute(app, c.saveList, async ({ request, body }) =>
    saveList(db, principalOf(request), body),
  );
  registerRoute(app, c.getList, async ({ params, query }) => getList(db, params.id, query.asOf));
  registerRoute(app, c.listHistory, async ({ params, query }) =>
    interventionListHistory(db, params.id, query),
  );
  registerRoute(app, c.listTargetDrugs, async ({ params, query }) =>
    listTargetDrugs(db, params.id, query),
  );
  registerRoute(app, c.addTargetDrugs, async ({ request, params, body }) =>
    addTargetDrugs(db, principalOf(request), params.id, body),
  );
  registerRoute(app, c.removeTargetDrug, async ({ request, params }) => {
    await removeTargetDrug(db, principalOf(request), params.id, params.drugId);
    return null;
  });
  registerRoute(app, c.setAlternativeDrugs, async ({ request, params, body }) =>
    setAlternativeDrugs(db, principalOf(request), params.id, params.drugId, body),
  );
  registerRoute(app, c.getPbms, async ({ params }) => getPbms(db, params.id));
  registerRoute(app, c.setPbms, async ({ request, params, body }) =>
    setPbms(db, principalOf(request), params.id, body),
  );
  registerRoute(app, c.getConditionSettings, async ({ params }) =>
    getConditionSettings(db, params.id),
  );
  registerRoute(app, c.setConditionSettings, async ({ request, params, body }) =>
    setConditionSettings(db, principalOf(request), params.id, body),
  );

  // ---- Interventions ----
  registerRoute(app, c.listInterventions, async ({ query }) => listInterventions(db, query));
  registerRoute(app, c.createIntervention, async ({ request, body }) =>
    createIntervention(db, principalOf(request), body),
  );
}
