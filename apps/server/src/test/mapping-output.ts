import { Readable } from 'node:stream';
import type { TemplateMapping } from '@pillar/domain';
import { createFileStorage } from '../platform/storage/create-file-storage.ts';
import type { TestApp } from './test-app.ts';

/*
 * The output of a completed data-mapper job, for the tests that register a mapped claims file
 * with content of their own rather than mapping it (decision 0144 'Mapped file scope': the
 * register call takes only a job's output of the opportunity's accepted file).
 */

/**
 * Stores `content` as the output of a completed mapping job that read `sourceKey` (an accepted
 * claims file's fileStorageId, or any other key a test wants a job to have read) and answers
 * the output's key, in the shape runMappingJob gives it. The job ran a template of its own with
 * `mappings` (none by default), on the schemas of the seed's first template.
 */
export async function stageMappingOutput(
  t: TestApp,
  sourceKey: string,
  content: string | Buffer,
  mappings: readonly TemplateMapping[] = [],
): Promise<string> {
  const db = t.ctx.db;
  const seeded = await db
    .selectFrom('dm_template')
    .select(['read_schema_no', 'write_schema_no'])
    .orderBy('template_no')
    .executeTakeFirstOrThrow();
  const template = await db
    .insertInto('dm_template')
    .values({ name: 'Test_Mapping_Output', ...seeded, mappings: JSON.stringify(mappings) })
    .returning('template_no')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('dm_job')
    .values({ template_no: template.template_no, source_storage_key: sourceKey })
    .returning('job_no')
    .executeTakeFirstOrThrow();
  const key = `mapping-outputs/${job.job_no}-1-${crypto.randomUUID()}`;
  const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
  await storage.put(key, Readable.from([Buffer.from(content)]));
  await db
    .updateTable('dm_job')
    .set({ status: 'completed', attempt: 1, output_key: key, completed_at: new Date() })
    .where('job_no', '=', job.job_no)
    .execute();
  return key;
}
