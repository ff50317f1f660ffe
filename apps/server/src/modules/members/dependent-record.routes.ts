import type { FastifyInstance } from 'fastify';
import { dependentRecordContracts as contracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  changeAlternateGroup,
  createDependent,
  getAlternateGroupOptions,
  getDependent,
  getDependentSsn,
  reinstateDependent,
  removeDependentTermination,
  terminateDependent,
  updateDependentRecord,
  updateDependentSsn,
  type DependentRecordDeps,
} from './dependent-record.service.ts';

/**
 * A dependent's record and lifecycle (spec 1 §4, §7); paths, schemas and rules are the
 * contracts'. Registration order is the OpenAPI document's order.
 */
export async function dependentRecordRoutes(app: FastifyInstance): Promise<void> {
  const deps: DependentRecordDeps = {
    db: app.ctx.db,
    ssn: createSsnProtector(app.ctx.secrets.ssnKey),
  };

  registerRoute(app, contracts.create, async ({ request, params, body }) =>
    createDependent(deps, principalOf(request), params, body),
  );

  registerRoute(app, contracts.get, async ({ request, params }) =>
    getDependent(deps, principalOf(request), params),
  );

  registerRoute(app, contracts.update, async ({ request, params, body }) =>
    updateDependentRecord(deps, principalOf(request), params, body),
  );

  registerRoute(app, contracts.revealSsn, async ({ request, params }) =>
    getDependentSsn(deps, principalOf(request), params),
  );

  registerRoute(app, contracts.updateSsn, async ({ request, params, body }) =>
    updateDependentSsn(deps, principalOf(request), params, body),
  );

  registerRoute(app, contracts.terminate, async ({ request, params, body }) =>
    terminateDependent(deps, principalOf(request), params, body),
  );

  registerRoute(app, contracts.removeTermination, async ({ request, params }) =>
    removeDependentTermination(deps, principalOf(request), params),
  );

  registerRoute(app, contracts.reinstate, async ({ request, params, body }) =>
    reinstateDependent(deps, principalOf(request), params, body),
  );

  registerRoute(app, contracts.alternateGroupOptions, async ({ request, params }) =>
    getAlternateGroupOptions(deps, principalOf(request), params),
  );

  registerRoute(app, contracts.changeAlternateGroup, async ({ request, params, body }) =>
    changeAlternateGroup(deps, principalOf(request), params, body),
  );
}
