import type { FastifyInstance } from 'fastify';
import { rateCardContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { priceFilesRoutes } from './price-files.routes.ts';
import { createRateCardVersion, getRateCardVersion, listRateCards } from './rate-cards.service.ts';

/** The PBM rate cards (/evaluate/v1/rate-cards), from their contracts (decision 0130). */
export async function rateCardsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  registerRoute(app, c.listRateCards, async ({ query }) => listRateCards(db, query.asOf));
  registerRoute(app, c.getRateCardVersion, async ({ params }) =>
    getRateCardVersion(db, params.versionNo),
  );
  registerRoute(app, c.createRateCardVersion, async ({ request, body }) =>
    createRateCardVersion(db, principalOf(request), body),
  );
  // The price files (decision 0147), in their own scope for the multipart parser.
  await app.register(priceFilesRoutes);
}
