import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { CLAIMS_FILE_MAX_BYTES, claimsFileContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { moveSeedContentIntoStorage } from './claims-files.repo.ts';
import * as service from './claims-files.service.ts';

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
  // The proposal (c.proposal) is served by the pricing module: its XLSX streams the claim
  // detail from the FA job's claims (pricing.routes.ts).
}
