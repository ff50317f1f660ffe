import { sql, type Kysely, type Selectable } from 'kysely';
import type { Page, TemplateMapping } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { fetchPage, type PagingInput } from '../../platform/http/paging.ts';
import type { RowError } from './mapping-engine.ts';
import type { DmJobTable } from './templates.tables.ts';

/** All SQL of the data mapper's jobs (decision 0120). */

export type JobRow = Selectable<DmJobTable> & { template_name: string };

export async function insertJob(
  db: Kysely<DB>,
  values: {
    template_no: number;
    source_storage_key: string;
    source_bytes: number;
    created_by: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('dm_job')
    .values(values)
    .returning('job_no')
    .executeTakeFirstOrThrow();
  return row.job_no;
}

export async function findJob(db: Kysely<DB>, jobNo: number): Promise<JobRow | undefined> {
  return db
    .selectFrom('dm_job')
    .innerJoin('dm_template', 'dm_template.template_no', 'dm_job.template_no')
    .selectAll('dm_job')
    .select('dm_template.name as template_name')
    .where('dm_job.job_no', '=', jobNo)
    .executeTakeFirst();
}

export type TemplateJobRow = Pick<
  JobRow,
  | 'job_no'
  | 'status'
  | 'source_bytes'
  | 'bytes_read'
  | 'rows_read'
  | 'rows_written'
  | 'rows_dropped'
  | 'error_count'
  | 'failure'
  | 'created_at'
  | 'completed_at'
>;

/** A template's jobs, newest first by default (the mapping step's list; index dm_job_template). */
export async function listTemplateJobs(
  db: Kysely<DB>,
  templateNo: number,
  paging: PagingInput<'started'>,
): Promise<Page<TemplateJobRow>> {
  const query = db
    .selectFrom('dm_job')
    .select([
      'job_no',
      'status',
      'source_bytes',
      'bytes_read',
      'rows_read',
      'rows_written',
      'rows_dropped',
      'error_count',
      'failure',
      'created_at',
      'completed_at',
    ])
    .where('template_no', '=', templateNo);
  return fetchPage(query, paging, {
    sortColumns: { started: sql.ref('created_at') },
    defaultSort: { field: 'started', direction: 'desc' },
    tieBreaker: sql.ref('job_no'),
    map: (row) => row,
  });
}

/**
 * Starts an attempt: the job must not be completed; its counts start again. Answers the attempt
 * number, or null when the job is already complete (a repeated delivery does nothing).
 */
export async function startAttempt(db: Kysely<DB>, jobNo: number): Promise<number | null> {
  const row = await db
    .updateTable('dm_job')
    .set((eb) => ({
      status: 'running',
      attempt: eb('attempt', '+', 1),
      rows_read: 0,
      rows_written: 0,
      rows_dropped: 0,
      bytes_read: 0,
      error_count: 0,
      errors: '[]',
      failure: null,
    }))
    .where('job_no', '=', jobNo)
    .where('status', '!=', 'completed')
    .returning('attempt')
    .executeTakeFirst();
  return row?.attempt ?? null;
}

export async function recordProgress(
  db: Kysely<DB>,
  jobNo: number,
  attempt: number,
  progress: { rows_read: number; rows_written: number; bytes_read: number },
): Promise<void> {
  await db
    .updateTable('dm_job')
    .set(progress)
    .where('job_no', '=', jobNo)
    .where('attempt', '=', attempt)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Publishes an attempt's output: one update sets the counts, the output key and the status,
 * only for the attempt that wrote it and only once. False: another attempt got there first.
 */
export async function completeAttempt(
  db: Kysely<DB>,
  jobNo: number,
  attempt: number,
  result: {
    rows_read: number;
    rows_written: number;
    rows_dropped: number;
    bytes_read: number;
    error_count: number;
    errors: RowError[];
    columns: readonly string[];
    output_key: string;
  },
): Promise<boolean> {
  const updated = await db
    .updateTable('dm_job')
    .set({
      ...result,
      errors: JSON.stringify(result.errors),
      columns: JSON.stringify(result.columns),
      status: 'completed',
      completed_at: new Date(),
    })
    .where('job_no', '=', jobNo)
    .where('attempt', '=', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function failAttempt(
  db: Kysely<DB>,
  jobNo: number,
  attempt: number,
  failure: string,
): Promise<void> {
  await db
    .updateTable('dm_job')
    .set({ status: 'failed', failure })
    .where('job_no', '=', jobNo)
    .where('attempt', '=', attempt)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Whether job `jobNo` completed, read `sourceKey` and published `outputKey` (claims-files'
 * register, decision 0144 'Mapped file scope'). By the job's number: dm_job has no index on its
 * storage keys.
 */
export async function isCompletedJobOutput(
  db: Kysely<DB>,
  jobNo: number,
  outputKey: string,
  sourceKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('dm_job')
    .select('job_no')
    .where('job_no', '=', jobNo)
    .where('status', '=', 'completed')
    .where('output_key', '=', outputKey)
    .where('source_storage_key', '=', sourceKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** A source file is a stored sample file of the caller's (another user's id names nothing). */
export async function findOwnSourceFile(
  db: Kysely<DB>,
  fileStorageId: string,
  userNo: number,
): Promise<{ storage_key: string; size_bytes: number } | undefined> {
  const row = await db
    .selectFrom('dm_sample_file')
    .select(['storage_key', 'size_bytes'])
    .where('file_storage_id', '=', fileStorageId)
    .where('created_by', '=', userNo)
    .executeTakeFirst();
  return row && { storage_key: row.storage_key, size_bytes: Number(row.size_bytes) };
}

/**
 * The mappings of the template whose completed job `jobNo` wrote `outputKey` (looked up by the
 * job's number: dm_job has no index on its keys).
 */
export async function findOutputMappings(
  db: Kysely<DB>,
  jobNo: number,
  outputKey: string,
): Promise<TemplateMapping[] | undefined> {
  const row = await db
    .selectFrom('dm_job')
    .innerJoin('dm_template', 'dm_template.template_no', 'dm_job.template_no')
    .select('dm_template.mappings')
    .where('dm_job.job_no', '=', jobNo)
    .where('dm_job.output_key', '=', outputKey)
    .where('dm_job.status', '=', 'completed')
    .executeTakeFirst();
  return row?.mappings;
}
