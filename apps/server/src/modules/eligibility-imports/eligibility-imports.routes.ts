import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { eligibilityImportContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import * as service from './eligibility-imports.service.ts';

/**
 * Eligibility import runs up to the preview (issue 17, decision 0127): upload and start, the
 * runs of a configuration, one run with its progress, its changes and rejected rows, and the
 * downloads. Selection and Apply are registered by the apply part of the module.
 */
export async function eligibilityImportRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets, jobs } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);
  const ssn = createSsnProtector(secrets.ssnKey);
  // Multipart parsing exists in this scope only.
  await app.register(multipart, {
    limits: {
      fileSize: service.ELIGIBILITY_FILE_MAX_BYTES + 1,
      files: 2,
      fields: 5,
      fieldSize: 256,
      parts: 8,
    },
  });

  registerRoute(app, c.startRun, async ({ request, reply, params }) => {
    const parts = request.isMultipart()
      ? request.parts()
      : (async function* () {
          yield* [];
          throw Object.assign(new Error('not multipart'), {
            code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
          });
        })();
    const discardRest = () => {
      request.raw.unpipe();
      request.raw.resume();
    };
    try {
      return await service.startRun(
        { db, storage, jobs },
        principalOf(request),
        params.eicNo,
        parts,
        discardRest,
      );
    } catch (error) {
      if (!(error instanceof service.RunInProgress)) throw error;
      // problem+json, so the screen shows the message; runId names the run to wait for.
      return reply.code(409).type('application/problem+json').send({
        status: 409,
        title: error.title,
        detail: error.detail!,
        message: error.detail!,
        runId: error.runId,
      });
    }
  });
  registerRoute(app, c.listRunConfigurations, async ({ request, params, query }) =>
    service.listRunConfigurations(db, principalOf(request), params.orgId, query),
  );
  registerRoute(app, c.listRuns, async ({ request, params, query }) =>
    service.listRuns(db, principalOf(request), params.eicNo, query),
  );
  registerRoute(app, c.getRun, async ({ request, params }) =>
    service.getRun(db, principalOf(request), params.runId),
  );
  registerRoute(app, c.listChanges, async ({ request, params, query }) =>
    service.listChanges({ db, ssn }, principalOf(request), params.runId, query),
  );
  registerRoute(app, c.listRejected, async ({ request, params, query }) =>
    service.listRejected(db, principalOf(request), params.runId, query),
  );
  registerRoute(app, c.download, async ({ request, reply, params, query }) => {
    const file = await service.download(
      { db, storage, ssn },
      principalOf(request),
      params.runId,
      params.file,
      query,
    );
    return reply
      .header('content-disposition', attachmentDisposition(file.name))
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .type(file.type)
      .send(file.body);
  });
}
