import type { FastifyInstance } from 'fastify';
import { drugReferenceContracts as contracts } from '@pillar/domain';
import { registerRoute } from '../../platform/http/register-route.ts';
import { drugDetails } from './drug-reference.service.ts';

/**
 * The drug search (issue 14; spec 2 §7 "Drug search"): GET /keystonefile/v1/drug-details.
 * Paths, schemas and access are the contract's; registered at the root. Decision 0106.
 */
export async function drugReferenceRoutes(app: FastifyInstance): Promise<void> {
  const databases = { db: app.ctx.db, stablePlans: app.ctx.database.stablePlans };
  registerRoute(app, contracts.search, async ({ query }) => drugDetails(databases, query));
}
