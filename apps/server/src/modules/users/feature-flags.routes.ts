import type { FastifyInstance } from 'fastify';
import { featureFlagsContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { listFeatureFlags, setFeatureFlag } from './feature-flags.service.ts';

/** Feature flags (spec 2 §6, authorization service): the signed-in user's own. */
export async function featureFlagsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  registerRoute(app, c.list, async ({ request }) => ({
    data: await listFeatureFlags(db, principalOf(request)),
  }));

  registerRoute(app, c.set, async ({ request, body }) => ({
    data: await setFeatureFlag(db, principalOf(request), body.title, body.value),
  }));
}
