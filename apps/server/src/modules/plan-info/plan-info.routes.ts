import type { FastifyInstance } from 'fastify';
import { aorContracts, plansContracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { aorSignatures, groupInformation, pbcDocument } from './plan-info.service.ts';

/** Plans service group information and PBC, and the comm-manager AOR (spec 2 §7). */
export async function planInfoRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  registerRoute(app, plansContracts.groupInfo, async ({ request, params }) =>
    groupInformation(db, principalOf(request), params.orgId),
  );

  registerRoute(app, plansContracts.pbc, async ({ request, reply, query }) => {
    const file = await pbcDocument(db, principalOf(request), query);
    return reply
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .type('application/pdf')
      .send(file.body);
  });

  registerRoute(app, aorContracts.aorSignature, async ({ request, query }) =>
    aorSignatures(db, principalOf(request), query),
  );
}
