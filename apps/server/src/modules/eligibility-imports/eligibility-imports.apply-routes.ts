import type { FastifyInstance } from 'fastify';
import { eligibilityImportContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { saveRunSelection, startApply } from './eligibility-imports.apply.ts';

/**
 * Selection and Apply of an eligibility import run (issue 17, decision 0128). Apply queues the
 * job (eligibility-imports.apply.ts) and answers the run, now applying; its progress is the run's.
 */
export async function eligibilityImportApplyRoutes(app: FastifyInstance): Promise<void> {
  const { db, jobs } = app.ctx;
  registerRoute(app, c.saveSelection, async ({ request, params, body }) =>
    saveRunSelection(db, principalOf(request), params.runId, body),
  );
  registerRoute(app, c.apply, async ({ request, params }) =>
    startApply({ db, jobs }, principalOf(request), params.runId),
  );
}
