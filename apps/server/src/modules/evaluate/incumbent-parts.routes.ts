import type { FastifyInstance } from 'fastify';
import { evaluateIncumbentContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  createInsight,
  deleteInsight,
  deleteRenewal,
  getAggregates,
  getContacts,
  getFees,
  getPricing,
  getPricingInsights,
  getRenewals,
  listInsights,
  saveAggregates,
  saveContacts,
  saveFees,
  savePricing,
  savePricingInsights,
  saveRenewals,
  updateInsight,
} from './incumbent-parts.service.ts';

/**
 * The incumbent parts of the evaluate service (spec 3 §7; decision 0115), from
 * `evaluateIncumbentContracts`. Registered at the root: each contract names its service.
 */
export async function incumbentPartsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  registerRoute(app, c.getFees, async ({ params }) => getFees(db, params.id, 'fees'));
  registerRoute(app, c.saveFees, async ({ request, params, body }) =>
    saveFees(db, principalOf(request), params.id, 'fees', body),
  );
  registerRoute(app, c.getCredits, async ({ params }) => getFees(db, params.id, 'credits'));
  registerRoute(app, c.saveCredits, async ({ request, params, body }) =>
    saveFees(db, principalOf(request), params.id, 'credits', body),
  );

  registerRoute(app, c.listInsights, async ({ params }) => listInsights(db, params.id));
  registerRoute(app, c.createInsight, async ({ request, params, body }) =>
    createInsight(db, principalOf(request), params.id, body),
  );
  registerRoute(app, c.updateInsight, async ({ request, params, body }) =>
    updateInsight(db, principalOf(request), params.id, params.insightId, body),
  );
  registerRoute(app, c.deleteInsight, async ({ request, params }) => {
    await deleteInsight(db, principalOf(request), params.id, params.insightId);
    return null;
  });

  registerRoute(app, c.getAggregates, async ({ params }) => getAggregates(db, params.id));
  registerRoute(app, c.saveAggregates, async ({ request, params, body }) =>
    saveAggregates(db, principalOf(request), params.id, body),
  );

  registerRoute(app, c.getContacts, async ({ params }) => getContacts(db, params.id));
  registerRoute(app, c.saveContacts, async ({ request, params, body }) =>
    saveContacts(db, principalOf(request), params.id, body),
  );

  registerRoute(app, c.getRenewals, async ({ params }) => getRenewals(db, params.id));
  registerRoute(app, c.saveRenewals, async ({ request, params, body }) =>
    saveRenewals(db, principalOf(request), params.id, body),
  );
  registerRoute(app, c.deleteRenewal, async ({ request, params, query }) =>
    deleteRenewal(db, principalOf(request), params.id, query.entryId),
  );

  registerRoute(app, c.getPricingFees, async ({ params }) => getPricing(db, params.id, 'fees'));
  registerRoute(app, c.savePricingFees, async ({ request, params, body }) =>
    savePricing(db, principalOf(request), params.id, 'fees', body),
  );
  registerRoute(app, c.getPricingCredits, async ({ params }) =>
    getPricing(db, params.id, 'credits'),
  );
  registerRoute(app, c.savePricingCredits, async ({ request, params, body }) =>
    savePricing(db, principalOf(request), params.id, 'credits', body),
  );
  registerRoute(app, c.getPricingInsights, async ({ params }) => getPricingInsights(db, params.id));
  registerRoute(app, c.savePricingInsights, async ({ request, params, body }) =>
    savePricingInsights(db, principalOf(request), params.id, body),
  );
}
