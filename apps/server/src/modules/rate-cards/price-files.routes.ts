import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { PRICE_FILE_MAX_BYTES, priceFileContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import * as service from './price-files.service.ts';

/** The administrator's price files (/evaluate/v1/price-files, decision 0147). */
export async function priceFilesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  // Multipart parsing exists in this scope only.
  await app.register(multipart, {
    limits: { fileSize: PRICE_FILE_MAX_BYTES, files: 2, fields: 5, fieldSize: 256, parts: 8 },
  });
  registerRoute(app, c.listPriceFiles, async () => service.listPriceFiles(db));
  registerRoute(app, c.loadPriceFile, async ({ request }) => {
    const parts = request.isMultipart()
      ? request.parts()
      : (async function* () {
          yield* [];
          throw Object.assign(new Error('not multipart'), {
            code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
          });
        })();
    return service.loadPriceFile(db, principalOf(request), parts, () => {
      request.raw.unpipe();
      request.raw.resume();
    });
  });
  registerRoute(app, c.activatePriceFile, async ({ request, params }) =>
    service.activatePriceFile(db, principalOf(request), params.priceFileNo),
  );
  registerRoute(app, c.deletePriceFile, async ({ request, params }) =>
    service.deletePriceFile(db, principalOf(request), params.priceFileNo),
  );
}
