import type { FastifyInstance } from 'fastify';
import { sessionSettingsContracts as c } from '@pillar/domain';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionSettingsOf } from './session-settings.ts';

/** The session notices (spec 2 §1, authorization service): public, read before signing in. */
export async function sessionSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;

  registerRoute(app, c.get, async () => sessionSettingsOf(config));
}
