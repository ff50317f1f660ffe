import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  FILE_EXTENSIONS,
  MAX_FILES_PER_UPLOAD,
  fileMediaType,
  filesContracts,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import {
  deleteFile,
  getFile,
  listDownloads,
  listFileOrganizations,
  listFiles,
  listRecipientOptions,
  openDownload,
  updateFileDetails,
  uploadFiles,
  type FilesContext,
} from './files.service.ts';
import { moveSeedContentIntoStorage } from './seed-content.repo.ts';
import { multipartLimits } from './files.upload.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';

/**
 * Secure file exchange (spec 3 §7 "Files"), from `filesContracts`. Registered at the root: each
 * contract names its service.
 */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);
  const ctx: FilesContext = {
    db,
    storage,
    maxFileBytes: config.storage.fileMaxBytes,
    log: app.log,
  };
  // Multipart parsing exists in this scope only; no other route accepts it.
  await app.register(multipart, { limits: multipartLimits(ctx.maxFileBytes) });

  // Demo files written by the seed reach storage before the first request is served.
  await moveSeedContentIntoStorage(db, storage);
  await storage.sweepPartials?.();

  registerRoute(app, filesContracts.list, async ({ request, query }) =>
    listFiles(db, principalOf(request), query),
  );

  registerRoute(app, filesContracts.settings, async () => ({
    maxFileBytes: ctx.maxFileBytes,
    maxFiles: MAX_FILES_PER_UPLOAD,
    extensions: [...FILE_EXTENSIONS],
  }));

  registerRoute(app, filesContracts.organizations, async ({ request, query }) =>
    listFileOrganizations(db, principalOf(request), query),
  );

  registerRoute(app, filesContracts.recipients, async ({ request, query }) =>
    listRecipientOptions(db, principalOf(request), query),
  );

  registerRoute(app, filesContracts.upload, async ({ request }) => {
    const principal = principalOf(request);
    const parts = request.isMultipart()
      ? request.parts()
      : // Let the service answer 415 the way it answers every other refusal.
        (async function* () {
          yield* [];
          throw Object.assign(new Error('not multipart'), {
            code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
          });
        })();
    const data = await uploadFiles(ctx, principal, parts, () => {
      // A refused upload's remaining bytes are read and dropped, so the client gets the answer.
      request.raw.unpipe();
      request.raw.resume();
    });
    return { data };
  });

  registerRoute(app, filesContracts.get, async ({ request, params }) =>
    getFile(db, principalOf(request), params.id),
  );

  registerRoute(app, filesContracts.update, async ({ request, params, body }) =>
    updateFileDetails(db, principalOf(request), params.id, body),
  );

  registerRoute(app, filesContracts.delete, async ({ request, params }) => {
    await deleteFile(ctx, principalOf(request), params.id);
    return null;
  });

  registerRoute(app, filesContracts.download, async ({ request, reply, params }) => {
    const { file, stream } = await openDownload(ctx, principalOf(request), params.id);
    return reply
      .header('content-disposition', attachmentDisposition(file.name))
      .header('access-control-expose-headers', 'content-disposition')
      .header('content-length', file.size)
      .header('cache-control', 'no-store')
      .type(fileMediaType(file.name))
      .send(stream);
  });

  registerRoute(app, filesContracts.downloads, async ({ request, params, query }) =>
    listDownloads(db, principalOf(request), params.id, query),
  );
}
