import type { FastifyError, FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  EDI_834_FIELDS,
  EDI_834_LAYOUTS,
  IMPORT_SCHEMA_MESSAGES,
  SCHEMA_FILE_MAX_BYTES,
  fileMediaType,
  importSchemaContracts as c,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { HttpProblem } from '../../platform/http/problem.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { moveStagedContentIntoStorage } from '../../platform/storage/staged-content.ts';
import { claimSeedFile, pendingSeedFiles } from './import-schemas.repo.ts';
import * as service from './import-schemas.service.ts';

/** The routes whose refused body is a schema that failed to save (spec 3 §8). */
const SAVE_URLS = new Set([
  `${c.create.method} /eligibilityImportSchema`,
  `${c.update.method} /eligibilityImportSchema/:no`,
]);

/**
 * The eligibility import service (spec 3 §7, decision 0111), from `importSchemaContracts`.
 * Registered at the root: each contract names its service (/eligibilityImportSchema).
 */
export async function importSchemasRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);
  const ctx: service.ImportSchemasContext = { db, storage, log: app.log };
  // Multipart parsing exists in this scope only; one supporting file per request.
  await app.register(multipart, {
    limits: {
      fileSize: SCHEMA_FILE_MAX_BYTES + 1,
      files: 2,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
    },
  });
  // Seeded supporting files reach storage before the first request is served.
  await moveStagedContentIntoStorage(db, storage, await pendingSeedFiles(db), claimSeedFile);

  // Spec 3 §8: a refused save is 'Failed to save Schema', with each field's message in params.
  // Rethrown, so the application's handler answers it like every other problem.
  app.setErrorHandler((error: FastifyError, request) => {
    if (
      hasZodFastifySchemaValidationErrors(error) &&
      SAVE_URLS.has(`${request.method} ${request.routeOptions.url ?? ''}`)
    ) {
      const params: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        params[name] ??= issue.message ?? 'is not valid';
      }
      throw new HttpProblem(400, 'Bad Request', IMPORT_SCHEMA_MESSAGES.saveFailed, params);
    }
    throw error;
  });

  registerRoute(app, c.list, async ({ request, query }) =>
    service.listSchemas(db, principalOf(request), query),
  );
  registerRoute(app, c.get, async ({ request, params }) =>
    service.getSchema(db, principalOf(request), params.id),
  );
  registerRoute(app, c.create, async ({ request, body }) =>
    service.createSchema(db, principalOf(request), body),
  );
  registerRoute(app, c.update, async ({ request, params, body }) =>
    service.updateSchema(db, principalOf(request), params.no, body),
  );
  registerRoute(app, c.clone, async ({ request, params, body }) =>
    service.cloneSchema(db, principalOf(request), params.no, body.name),
  );
  registerRoute(app, c.history, async ({ params, query }) =>
    service.schemaHistory(db, params.no, query),
  );
  registerRoute(app, c.configs, async ({ request, params, query }) =>
    service.schemaConfigurations(db, principalOf(request), params.no, query),
  );

  registerRoute(app, c.comments, async ({ params, query }) =>
    service.listComments(db, params.no, query),
  );
  registerRoute(app, c.addComment, async ({ request, params, body }) =>
    service.addComment(db, principalOf(request), params.no, body.comment),
  );

  registerRoute(app, c.files, async ({ params, query }) => service.listFiles(db, params.no, query));
  registerRoute(app, c.uploadFile, async ({ request, params }) => {
    const parts = request.isMultipart()
      ? request.parts()
      : (async function* () {
          yield* [];
          throw Object.assign(new Error('not multipart'), {
            code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
          });
        })();
    return service.uploadFile(ctx, principalOf(request), params.no, parts, () => {
      // A refused upload's remaining bytes are read and dropped, so the client gets the answer.
      request.raw.unpipe();
      request.raw.resume();
    });
  });
  registerRoute(app, c.downloadFile, async ({ reply, params }) => {
    const { file, stream } = await service.openFile(ctx, params.id);
    return reply
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('access-control-expose-headers', 'content-disposition')
      .header('content-length', Number(file.size_bytes))
      .header('cache-control', 'no-store')
      .type(fileMediaType(file.filename))
      .send(stream);
  });
  registerRoute(app, c.deleteFile, async ({ request, params }) => {
    await service.deleteFile(ctx, principalOf(request), params.id);
    return null;
  });

  registerRoute(app, c.edi834Filenames, async () => ({
    data: EDI_834_LAYOUTS.map((l) => ({ filename: l.filename, label: l.label })),
  }));
  registerRoute(app, c.edi834Fields, async () => ({
    data: EDI_834_FIELDS.map((f) => ({ ...f })),
  }));

  registerRoute(app, c.listConfigurations, async ({ request, query }) =>
    service.listConfigurations(db, principalOf(request), query),
  );
  registerRoute(app, c.createConfiguration, async ({ request, body }) =>
    service.createConfiguration(db, principalOf(request), body),
  );
  registerRoute(app, c.updateConfiguration, async ({ request, params, body }) =>
    service.updateConfiguration(db, principalOf(request), params.eicNo, body),
  );
}
