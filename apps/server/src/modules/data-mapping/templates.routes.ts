import type { FastifyInstance } from 'fastify';
import { dataMappingContracts as c } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { getImportSchema } from '../import-schemas/index.ts';
import { createJob, getCompletedJob, getJob, templateJobs } from './jobs.service.ts';
import { moveSeedMappingContentIntoStorage } from './seed-jobs.repo.ts';
import {
  cloneTemplate,
  createSchema,
  createTemplate,
  generateTemplate,
  getSchema,
  getTemplate,
  schemaFromDefinition,
  standardWriteSchemas,
  templatesUsingTransformation,
  templateTransformationUsage,
  updateTemplate,
} from './templates.service.ts';
import { answerTransformationUsage } from './transformations.usage.ts';

/**
 * The data mapping service's schemas, templates and jobs (spec 3 §7; decision 0120), from
 * `dataMappingContracts`. Registering them also says which transformations templates use, so
 * the library locks them (decision 0118).
 */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets, jobs } = app.ctx;
  const storage = await createFileStorage(config.storage, secrets);
  answerTransformationUsage(templateTransformationUsage);
  // The demo jobs' sources and outputs, staged by the seed, reach storage before a request.
  await moveSeedMappingContentIntoStorage(db, storage);

  registerRoute(app, c.createSchema, async ({ request, body }) =>
    createSchema(db, principalOf(request), body),
  );
  registerRoute(app, c.standardWriteSchemas, async () => standardWriteSchemas(db));
  registerRoute(app, c.schemaFromDefinition, async ({ request, params, body }) => {
    const principal = principalOf(request);
    const source = await getImportSchema(db, principal, params.id);
    return schemaFromDefinition(db, principal.userNo, source, body.name);
  });
  registerRoute(app, c.getSchema, async ({ params }) => getSchema(db, params.id));
  registerRoute(app, c.generateTemplate, async ({ request, params, body }) =>
    generateTemplate(
      db,
      storage,
      principalOf(request),
      params.readId,
      params.writeId,
      body.fileStorageId,
    ),
  );
  registerRoute(app, c.createTemplate, async ({ request, body }) =>
    createTemplate(db, storage, principalOf(request), body),
  );
  registerRoute(app, c.updateTemplate, async ({ request, body }) =>
    updateTemplate(db, storage, principalOf(request), body),
  );
  registerRoute(app, c.getTemplate, async ({ request, params }) =>
    getTemplate(db, storage, principalOf(request), params.id),
  );
  registerRoute(app, c.cloneTemplate, async ({ request, params }) =>
    cloneTemplate(db, storage, principalOf(request), params.id),
  );
  registerRoute(app, c.templatesUsingTransformation, async ({ params }) =>
    templatesUsingTransformation(db, params.id),
  );
  registerRoute(app, c.createJob, async ({ request, body }) =>
    createJob(db, jobs, principalOf(request), body),
  );
  registerRoute(app, c.templateJobs, async ({ params, query }) =>
    templateJobs(db, params.id, query),
  );
  registerRoute(app, c.getJob, async ({ params }) => getJob(db, params.id));
  registerRoute(app, c.getCompletedJob, async ({ params }) => getCompletedJob(db, params.id));
  // Download Output (decision 0134): the completed job's CSV from storage, never kept in memory.
  registerRoute(app, c.downloadJobOutput, async ({ params, reply }) => {
    const done = await getCompletedJob(db, params.id);
    const name = `${done.templatename.replace(/[^A-Za-z0-9_-]/g, '_')}-job-${done.id}.csv`;
    return reply
      .header('content-disposition', attachmentDisposition(name))
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .send(await storage.get(done.filestorageid));
  });
}
