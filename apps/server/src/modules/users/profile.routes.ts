import type { FastifyInstance } from 'fastify';
import { profileContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  createLegalUser,
  getProfile,
  requestPasswordReset,
  updateProfile,
} from './profile.service.ts';
import type { UsersDeps } from './users.service.ts';

/** The profile (spec 2 §8, authorization service), and a user's sign-in account. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, mail } = app.ctx;
  const deps: UsersDeps = { db, config, mail };

  registerRoute(app, c.get, async ({ request }) => getProfile(deps, principalOf(request)));

  registerRoute(app, c.update, async ({ request, body }) =>
    updateProfile(deps, principalOf(request), body),
  );

  registerRoute(app, c.passwordReset, async ({ request }) =>
    requestPasswordReset(deps, principalOf(request)),
  );

  registerRoute(app, c.legalUser, async ({ request, params }) =>
    createLegalUser(deps, principalOf(request), params.id),
  );
}
