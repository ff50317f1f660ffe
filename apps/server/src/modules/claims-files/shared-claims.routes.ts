import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  CLAIMS_FILE_MAX_BYTES,
  sharedClaimsContracts as c,
  sharedMappingContracts as m,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { requireLiveShare } from '../evaluate/index.ts';
import * as service from './claims-files.service.ts';
import * as mapping from './shared-mapping.service.ts';

/**
 * The claims file calls of an opportunity shared with an external user (/shared-claims/v1,
 * decision 0144): the File, Mapping and Summary stages' calls only. Each first asks for the
 * caller's live share of the opportunity (404 without one), then does what the evaluate call
 * does. The Mapping stage's data-mapping calls are here too, scoped to the opportunity's
 * accepted file (shared-mapping.service.ts). Pricing, FA iterations, proposals and incumbent terms have no external call.
 */
export async function sharedClaimsRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets, jobs } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);
  await app.register(multipart, {
    limits: { fileSize: CLAIMS_FILE_MAX_BYTES + 1, files: 2, fields: 5, fieldSize: 256, parts: 8 },
  });

  registerRoute(app, c.uploadFile, async ({ request, params }) => {
    const principal = principalOf(request);
    await requireLiveShare(db, principal, params.id);
    const parts = request.isMultipart()
      ? request.parts()
      : (async function* () {
          yield* [];
          throw Object.assign(new Error('not multipart'), {
            code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
          });
        })();
    return service.uploadClaimsFile(db, storage, principal, params.id, parts, () => {
      request.raw.unpipe();
      request.raw.resume();
    });
  });
  registerRoute(app, c.acceptFile, async ({ request, params, body }) => {
    const principal = principalOf(request);
    await requireLiveShare(db, principal, params.id);
    return service.acceptFile(db, storage, principal, params.id, body);
  });
  registerRoute(app, c.listFiles, async ({ request, params }) => {
    await requireLiveShare(db, principalOf(request), params.id);
    return service.listFiles(db, params.id);
  });
  registerRoute(app, c.registerMapped, async ({ request, params, body }) => {
    const principal = principalOf(request);
    await requireLiveShare(db, principal, params.id);
    return service.registerMapped(db, storage, principal, params.id, body);
  });
  registerRoute(app, c.mappingSource, async ({ request, params }) => {
    const principal = principalOf(request);
    await requireLiveShare(db, principal, params.id);
    return service.mappingSource(db, storage, principal, params.id, params.x);
  });
  registerRoute(app, c.claimRange, async ({ request, params, query }) => {
    await requireLiveShare(db, principalOf(request), params.id);
    return service.claimRange(db, params.id, params.x, query);
  });

  // The Mapping stage (decision 0144 'Mapping for shared users').
  registerRoute(app, m.readSchema, async ({ request, params }) =>
    mapping.sharedReadSchema(db, storage, principalOf(request), params.id, params.x),
  );
  registerRoute(app, m.generateTemplate, async ({ request, params }) =>
    mapping.sharedGenerateTemplate(db, storage, principalOf(request), params.id, params.x),
  );
  registerRoute(app, m.createTemplate, async ({ request, params, body }) =>
    mapping.sharedCreateTemplate(db, storage, principalOf(request), params.id, params.x, body),
  );
  registerRoute(app, m.updateTemplate, async ({ request, params, body }) =>
    mapping.sharedUpdateTemplate(db, storage, principalOf(request), params.id, params.x, body),
  );
  registerRoute(app, m.listTransformations, async ({ request, params, query }) =>
    mapping.sharedTransformations(db, principalOf(request), params.id, query),
  );
  registerRoute(app, m.createJob, async ({ request, params, body }) =>
    mapping.sharedCreateJob(db, storage, jobs, principalOf(request), params.id, params.x, body),
  );
  registerRoute(app, m.getJob, async ({ request, params }) =>
    mapping.sharedJob(db, principalOf(request), params.id, params.x, params.jobId),
  );
  registerRoute(app, m.getCompletedJob, async ({ request, params }) =>
    mapping.sharedCompletedJob(db, principalOf(request), params.id, params.x, params.jobId),
  );
}
