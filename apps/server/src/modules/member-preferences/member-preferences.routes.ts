import type { FastifyInstance } from 'fastify';
import { membersHubContracts as c } from '@pillar/domain';
import { createMembersHub } from '../../integrations/members-hub/members-hub.ts';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  getCommunicationPref,
  getConfidentiality,
  setConfidentiality,
  updateCommsPref,
  type MemberPreferencesDeps,
} from './member-preferences.service.ts';

/**
 * Members hub (spec 2 §7, /members-hub/v1/member): communication and confidentiality
 * preferences through the hub adapter (built-in store by default). Paths, schemas and rules are
 * the contracts'; decision 0099.
 */
export async function memberPreferencesRoutes(app: FastifyInstance): Promise<void> {
  const deps: MemberPreferencesDeps = { db: app.ctx.db, hub: createMembersHub(app.ctx.db) };

  registerRoute(app, c.getConfidentiality, async ({ request, query }) =>
    getConfidentiality(deps, principalOf(request), query),
  );
  registerRoute(app, c.setConfidentiality, async ({ request, body }) =>
    setConfidentiality(deps, principalOf(request), body),
  );
  registerRoute(app, c.getCommunicationPref, async ({ request, body }) =>
    getCommunicationPref(deps, principalOf(request), body),
  );
  registerRoute(app, c.updateCommsPref, async ({ request, body }) =>
    updateCommsPref(deps, principalOf(request), body),
  );
}
