import type { FastifyInstance } from 'fastify';
import { claimsFileContracts, pricingContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import * as service from './pricing.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The financial analysis calls of the evaluate service (decision 0131). */
export async function pricingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets, jobs } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);

  registerRoute(app, c.createFaJob, async ({ request, params, body }) =>
    service.createFaJob(db, jobs, principalOf(request), params.id, body),
  );
  registerRoute(app, c.faJobStatus, async ({ params }) =>
    service.faJobStatus(db, params.id, params.fileId),
  );
  registerRoute(app, c.incumbentStats, async ({ params }) =>
    service.incumbentStats(db, params.id, params.x),
  );
  registerRoute(app, c.pricingGrid, async ({ params }) =>
    service.pricingGrid(db, params.id, params.x),
  );
  registerRoute(app, c.recalculate, async ({ params, body }) =>
    service.recalculate(db, storage, params.id, params.x, body),
  );
  registerRoute(app, c.explainCell, async ({ params, query }) =>
    service.explain(db, params.id, params.x, query),
  );
  registerRoute(app, c.explainClaims, async ({ params, query, reply }) => {
    const csv = await service.explainClaimsCsv(db, storage, params.id, params.x, query);
    const name = `claims-${params.x}-${query.column}-${query.row}.csv`.replace(
      /[^A-Za-z0-9._-]/g,
      '_',
    );
    return reply
      .header('content-disposition', attachmentDisposition(name))
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
  // An iteration's proposal (a claims-files contract, decision 0126) is served here: its XLSX
  // streams every claim's repricing from the FA job's claims (decision 0145).
  registerRoute(app, claimsFileContracts.proposal, async ({ params, reply }) => {
    const { body, fileName } = await service.proposal(
      db,
      storage,
      params.id,
      params.iterationId,
      params.format,
    );
    return reply
      .header('content-disposition', attachmentDisposition(fileName))
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .type(params.format === 'pdf' ? 'application/pdf' : XLSX_TYPE)
      .send(body);
  });
}
