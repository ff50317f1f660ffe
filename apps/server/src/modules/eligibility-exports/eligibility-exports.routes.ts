import type { FastifyInstance } from 'fastify';
import { eligibilityExportContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { export834 } from './eligibility-exports.service.ts';

/** The 834 export of an organization's eligibility (issue 17, decision 0128). */
export async function eligibilityExportRoutes(app: FastifyInstance): Promise<void> {
  const { db, secrets } = app.ctx;
  const ssn = createSsnProtector(secrets.ssnKey);
  registerRoute(app, c.export834, async ({ request, reply, params, query }) => {
    const file = await export834({ db, ssn }, principalOf(request), params.orgId, query.kind);
    return reply
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .type('application/edi-x12')
      .send(file.text);
  });
}
