import type { FastifyInstance, FastifyReply } from 'fastify';
import { coveragesContracts as contracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import {
  emailTempCard,
  getTempCard,
  listEmployeeCoverages,
  requestNewCard,
  tempCardLinkState as linkState,
  verifyTempCardLink,
  type CoveragesDeps,
  type PdfFile,
} from './coverages.service.ts';

function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store')
    .type('application/pdf')
    .send(file.body);
}

/**
 * Coverages, temp ID cards and new-card requests of a member (spec 1 §2 "Coverage", §4, §7),
 * and the public page behind an e-mailed temp card link. Paths, schemas and rules are the
 * contracts'; registered at the root. See docs/decisions/0046-temp-id-cards.md.
 */
export async function coveragesRoutes(app: FastifyInstance): Promise<void> {
  const deps: CoveragesDeps = { db: app.ctx.db, config: app.ctx.config, mail: app.ctx.mail };

  registerRoute(app, contracts.list, async ({ request, params }) =>
    listEmployeeCoverages(deps, principalOf(request), params.orgId, params.employeeId),
  );

  registerRoute(app, contracts.tempCard, async ({ request, params, query }) =>
    getTempCard(deps, principalOf(request), params.orgId, params.employeeId, query.coverageNo),
  );

  registerRoute(app, contracts.requestNewCard, async ({ request, params }) =>
    requestNewCard(deps, principalOf(request), params.orgId, params.employeeId, params.coverageId),
  );

  registerRoute(app, contracts.emailTempCard, async ({ request, reply, params, body }) => {
    const result = await emailTempCard(
      deps,
      principalOf(request),
      params.orgId,
      params.employeeId,
      body,
    );
    if (result.kind === 'pdf') return sendPdf(reply, result.file);
    return result.answer;
  });

  registerRoute(app, contracts.tempCardLinkState, async ({ params }) =>
    linkState(deps, params.token),
  );

  registerRoute(app, contracts.verifyTempCardLink, async ({ request, reply, params, body }) =>
    sendPdf(reply, await verifyTempCardLink(deps, params.token, body, request.ip)),
  );
}
