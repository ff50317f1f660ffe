import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { CLAIMS_FILE_MAX_BYTES, claimsFileContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { moveSeedContentIntoStorage } from './claims-files.repo.ts';
import * as service from './claims-files.service.ts';
import { proposalData } from './proposal-layout.ts';
import { proposalPdf } from './proposal-pdf.ts';
import { proposalXlsx } from './proposal-xlsx.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The claims file and FA iteration calls of the evaluate service (decision 0126). */
export async function claimsFilesRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);
  // The demo seed's claims file (decision 0140) reaches storage when the server starts.
  await moveSeedContentIntoStorage(db, storage);
  // Multipart parsing exists in this scope only.
  await app.register(multipart, {
    limits: { fileSize: CLAIMS_FILE_MAX_BYTES + 1, files: 2, fields: 5, fieldSize: 256, parts: 8 },
  });

  registerRoute(app, c.uploadFile, async ({ request, params }) => {
    const parts = request.isMultipart()
      ? request.parts()
      : (async function* () {
          yield* [];
          throw Object.assign(new Error('not multipart'), {
            code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
          });
        })();
    return service.uploadClaimsFile(db, storage, principalOf(request), params.id, parts, () => {
      request.raw.unpipe();
      request.raw.resume();
    });
  });
  registerRoute(app, c.acceptFile, async ({ request, params, body }) =>
    service.acceptFile(db, storage, principalOf(request), params.id, body),
  );
  registerRoute(app, c.listFiles, async ({ params }) => service.listFiles(db, params.id));
  registerRoute(app, c.registerMapped, async ({ request, params, body }) =>
    service.registerMapped(db, storage, principalOf(request), params.id, body),
  );
  registerRoute(app, c.mappingSource, async ({ request, params }) =>
    service.mappingSource(db, storage, principalOf(request), params.id, params.x),
  );
  registerRoute(app, c.claimRange, async ({ params, query }) =>
    service.claimRange(db, params.id, params.x, query),
  );
  registerRoute(app, c.listIterations, async ({ params }) => service.listIterations(db, params.id));
  registerRoute(app, c.saveIteration, async ({ request, params, body }) =>
    service.saveIteration(db, principalOf(request), params.id, body),
  );
  registerRoute(app, c.getIteration, async ({ params }) =>
    service.getIteration(db, params.id, params.iterationId),
  );
  registerRoute(app, c.proposal, async ({ params, reply }) => {
    const it = await service.getIteration(db, params.id, params.iterationId);
    const data = proposalData({
      opportunityName: `Opportunity ${params.id}, iteration ${it.id}`,
      notes: it.notes,
      template: it.outputTemplate,
      grid: it.pricingGridData,
      csc: it.cscData,
      footNotes: it.footNotes,
    });
    const pdf = params.format === 'pdf';
    const body = pdf ? await proposalPdf(data) : proposalXlsx(data);
    return reply
      .header(
        'content-disposition',
        attachmentDisposition(`proposal-${params.id}-${it.id}.${params.format}`),
      )
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .type(pdf ? 'application/pdf' : XLSX_TYPE)
      .send(body);
  });
}
