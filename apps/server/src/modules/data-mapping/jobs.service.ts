import crypto from 'node:crypto';
import { PassThrough, Transform } from 'node:stream';
import type { Kysely } from 'kysely';
import type {
  CompletedJob,
  JobInput,
  MappingJob,
  TemplateJob,
  TemplateJobs,
  TemplateMapping,
} from '@pillar/domain';
import type { PagingInput } from '../../platform/http/paging.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { DB } from '../../database.ts';
import { compileTemplate, readRowBatches, runMapping } from './mapping-engine.ts';
import {
  completeAttempt,
  failAttempt,
  findJob,
  findOutputMappings as repoOutputMappings,
  findOwnSourceFile,
  insertJob,
  isCompletedJobOutput,
  listTemplateJobs,
  recordProgress,
  startAttempt,
  type JobRow,
  type TemplateJobRow,
} from './jobs.repo.ts';
import { findSchema, findTemplate } from './templates.repo.ts';
import { definitionsOf, layoutOf } from './templates.service.ts';

/*
 * Mapping jobs (spec 3 §7, issue 16; decision 0120). POST /jobs records the job and queues it
 * (pg-boss); the worker runs it. Each attempt writes a new storage object and the job names it
 * only in the update that marks it complete, so a killed attempt leaves no partial output and a
 * second attempt starts from the first row again (the source is read whole each time).
 */

export const MAPPING_QUEUE = 'data-mapping.job';

type Db = Kysely<DB>;

/** The storage key of an attempt's output: the job's number first, so a key names its job. */
const outputKeyOf = (jobNo: number, attempt: number) =>
  `mapping-outputs/${jobNo}-${attempt}-${crypto.randomUUID()}`;
const OUTPUT_KEY =
  /^mapping-outputs\/(\d{1,10})-\d{1,10}-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/;

/** The job number an output key begins with, or null for any other string (or one past int4). */
function jobOfOutputKey(outputKey: string): number | null {
  const match = OUTPUT_KEY.exec(outputKey);
  const jobNo = match ? Number(match[1]) : 0;
  return jobNo >= 1 && jobNo <= 2_147_483_647 ? jobNo : null;
}

/**
 * Whether `outputKey` is the published output of a completed job that read `sourceKey` (a
 * claims file's mapped file must be its own, decision 0144 'Mapped file scope'). Any other
 * string, a job number past the column's range included, is not.
 */
export async function isMappingOutputOf(
  db: Db,
  outputKey: string,
  sourceKey: string,
): Promise<boolean> {
  const jobNo = jobOfOutputKey(outputKey);
  return jobNo !== null && isCompletedJobOutput(db, jobNo, outputKey, sourceKey);
}

/**
 * The mappings of the template whose completed job wrote `outputKey`: the claims Summary counts
 * the columns the mapping read and fed (decision 0145 "Summary columns"). Another key names no
 * job and answers undefined.
 */
export async function findOutputMappings(
  db: Db,
  outputKey: string,
): Promise<TemplateMapping[] | undefined> {
  const jobNo = jobOfOutputKey(outputKey);
  return jobNo === null ? undefined : repoOutputMappings(db, jobNo, outputKey);
}

function percentOf(row: TemplateJobRow): number {
  const total = Number(row.source_bytes);
  const read = Number(row.bytes_read);
  if (row.status === 'completed') return 100;
  return total > 0 ? Math.min(99, Math.floor((read / total) * 100)) : 0;
}

function toJob(row: JobRow): MappingJob {
  return {
    id: row.job_no,
    templateId: row.template_no,
    templatename: row.template_name,
    status: row.status,
    rowsRead: row.rows_read,
    rowsWritten: row.rows_written,
    rowsDropped: row.rows_dropped,
    percent: percentOf(row),
    errorCount: row.error_count,
    errors: row.errors,
    failure: row.failure,
  };
}

function toTemplateJob(row: TemplateJobRow): TemplateJob {
  return {
    id: row.job_no,
    status: row.status,
    rowsRead: row.rows_read,
    rowsWritten: row.rows_written,
    rowsDropped: row.rows_dropped,
    percent: percentOf(row),
    errorCount: row.error_count,
    failure: row.failure,
    started_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

/** A template's jobs, newest first (the mapping step's list); an unknown template is a 404. */
export async function templateJobs(
  db: Db,
  templateId: number,
  paging: PagingInput<'started'>,
): Promise<TemplateJobs> {
  if (!(await findTemplate(db, templateId))) throw notFound('Template');
  const page = await listTemplateJobs(db, templateId, paging);
  return { totalCount: page.totalCount, data: page.data.map(toTemplateJob) };
}

export async function createJob(
  db: Db,
  jobs: JobQueue,
  actor: Principal,
  input: JobInput,
): Promise<MappingJob> {
  if (!(await findTemplate(db, input.templateId)))
    throw badRequest(`No template ${input.templateId}`, { templateId: 'No such template' });
  const file = await findOwnSourceFile(db, input.fileStorageId, actor.userNo);
  if (!file) throw badRequest('No such source file', { fileStorageId: 'No such source file' });
  const jobNo = await insertJob(db, {
    template_no: input.templateId,
    source_storage_key: file.storage_key,
    source_bytes: file.size_bytes,
    created_by: actor.userNo,
  });
  await jobs.send(MAPPING_QUEUE, { jobNo });
  return getJob(db, jobNo);
}

export async function getJob(db: Db, id: number): Promise<MappingJob> {
  const row = await findJob(db, id);
  if (!row) throw notFound('Job');
  return toJob(row);
}

export async function getCompletedJob(db: Db, id: number): Promise<CompletedJob> {
  const row = await findJob(db, id);
  if (!row || row.status !== 'completed' || !row.output_key) throw notFound('Completed job');
  return {
    id: row.job_no,
    templatename: row.template_name,
    filestorageid: row.output_key,
    fieldsCreated: row.columns,
    rowsWritten: row.rows_written,
    rowsDropped: row.rows_dropped,
    completed_at: (row.completed_at ?? new Date()).toISOString(),
  };
}

/** Counts the bytes going by (the progress percent). */
class ByteMeter extends Transform {
  bytes = 0;
  override _transform(
    chunk: Buffer,
    _e: BufferEncoding,
    done: (e?: Error | null, c?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

export interface JobDeps {
  db: Db;
  storage: FileStorage;
}

/**
 * One attempt at a job. Resolves when it completed (or was complete already); a failure of the
 * template (an unknown transformation, an unreadable file) marks the job failed with its reason.
 * An aborted attempt (signal) rejects and leaves the job running for the next attempt.
 */
export async function runMappingJob(
  deps: JobDeps,
  jobNo: number,
  options: {
    signal?: AbortSignal;
    progressEvery?: number;
    /** Called after each progress record (a test kills the attempt there). */
    afterProgress?: (rowsRead: number) => void;
  } = {},
): Promise<void> {
  const { db, storage } = deps;
  const attempt = await startAttempt(db, jobNo);
  if (attempt === null) return;
  const job = (await findJob(db, jobNo))!;
  const outputKey = outputKeyOf(jobNo, attempt);
  let stored: Promise<void> | null = null;
  try {
    const template = (await findTemplate(db, job.template_no))!;
    const read = (await findSchema(db, template.read_schema_no))!;
    const write = (await findSchema(db, template.write_schema_no))!;
    const mapper = compileTemplate(
      write.fields,
      template.mappings,
      await definitionsOf(db, template.mappings),
    );
    const meter = new ByteMeter();
    const source = (await storage.get(job.source_storage_key)).pipe(meter);
    const output = new PassThrough();
    // A failed run destroys `output` with its error (runMapping), which the catch below records;
    // the store may not be listening yet (it makes its directory first), and an 'error' nobody
    // listens to would be an uncaught exception that stops the process.
    output.on('error', () => undefined);
    stored = storage.put(outputKey, output);
    // A failed store stops the run rather than leaving it writing into nothing.
    stored.catch((e: unknown) => output.destroy(e as Error));
    const summary = await runMapping(readRowBatches(source, layoutOf(read)), mapper, output, {
      signal: options.signal,
      progressEvery: options.progressEvery,
      onProgress: async (rowsRead, rowsWritten) => {
        await recordProgress(db, jobNo, attempt, {
          rows_read: rowsRead,
          rows_written: rowsWritten,
          bytes_read: meter.bytes,
        });
        options.afterProgress?.(rowsRead);
      },
    });
    await stored;
    const published = await completeAttempt(db, jobNo, attempt, {
      rows_read: summary.rowsRead,
      rows_written: summary.rowsWritten,
      rows_dropped: summary.rowsDropped,
      bytes_read: meter.bytes,
      error_count: summary.errorCount,
      errors: summary.errors,
      columns: summary.columns,
      output_key: outputKey,
    });
    if (!published) await storage.delete(outputKey);
  } catch (error) {
    await stored?.catch(() => undefined);
    await storage.delete(outputKey).catch(() => undefined);
    if (options.signal?.aborted) throw error;
    await failAttempt(db, jobNo, attempt, error instanceof Error ? error.message : String(error));
  }
}

/** The worker (main.ts starts it with the other workers). */
export async function startMappingWorker(deps: JobDeps & { jobs: JobQueue }): Promise<void> {
  await deps.jobs.work<{ jobNo: number }>(MAPPING_QUEUE, (data) => runMappingJob(deps, data.jobNo));
}
