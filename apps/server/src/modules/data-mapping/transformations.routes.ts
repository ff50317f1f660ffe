import type { FastifyInstance } from 'fastify';
import { transformationContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  createTransformation,
  generateTransformation,
  getTransformation,
  listTransformations,
  testTransformation,
  updateTransformation,
} from './transformations.service.ts';

/**
 * The data mapping service's transformations (spec 3 §7; decision 0118), from
 * `transformationContracts`. Registered at the root: each contract names its service
 * (/datamapping/v1).
 */
export async function transformationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  registerRoute(app, c.listTransformations, async ({ query }) => listTransformations(db, query));
  registerRoute(app, c.getTransformation, async ({ params }) => getTransformation(db, params.id));
  registerRoute(app, c.createTransformation, async ({ request, body }) =>
    createTransformation(db, principalOf(request), body),
  );
  registerRoute(app, c.updateTransformation, async ({ request, body }) =>
    updateTransformation(db, principalOf(request), body),
  );
  registerRoute(app, c.generateTransformation, async ({ request, body }) =>
    generateTransformation(db, principalOf(request), body),
  );
  registerRoute(app, c.testTransformation, async ({ body }) => testTransformation(body));
}
