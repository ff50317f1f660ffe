import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../database.ts';
import type { FaJobTable } from './pricing.tables.ts';

/** The FA jobs' SQL (decision 0131): every read names its opportunity and mapped file. */

export type FaJobRow = Selectable<FaJobTable>;

export async function insertFaJob(
  db: Kysely<DB>,
  values: Insertable<FaJobTable>,
): Promise<FaJobRow> {
  return db.insertInto('fa_job').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The newest job of a mapped file of the opportunity. */
export async function findNewestJob(
  db: Kysely<DB>,
  opp: number,
  mappedNo: number,
): Promise<FaJobRow | undefined> {
  return db
    .selectFrom('fa_job')
    .selectAll()
    .where('prospect_opportunity_no', '=', opp)
    .where('mapped_claims_file_no', '=', mappedNo)
    .orderBy('fa_job_no', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findJobByNo(db: Kysely<DB>, jobNo: number): Promise<FaJobRow | undefined> {
  return db.selectFrom('fa_job').selectAll().where('fa_job_no', '=', jobNo).executeTakeFirst();
}

/**
 * CREATED → IN_PROGRESS; an IN_PROGRESS job starts again (its attempt died with the process: the
 * queue gives one job to one worker at a time). False when the job already ended.
 */
export async function startFaJob(db: Kysely<DB>, jobNo: number): Promise<boolean> {
  const row = await db
    .updateTable('fa_job')
    .set({ status: 'IN_PROGRESS', started_at: new Date(), updated_at: new Date() })
    .where('fa_job_no', '=', jobNo)
    .where('status', 'in', ['CREATED', 'IN_PROGRESS'])
    .returning('fa_job_no')
    .executeTakeFirst();
  return row !== undefined;
}

export async function completeFaJob(
  db: Kysely<DB>,
  jobNo: number,
  values: {
    claims_key: string;
    classified_key: string;
    claims_read: number;
    exclusions: Record<string, number>;
    reversed_pairs: number;
    bad_rows: object[];
    result: object;
  },
): Promise<void> {
  await db
    .updateTable('fa_job')
    .set({
      status: 'COMPLETE',
      system_message: null,
      claims_key: values.claims_key,
      classified_key: values.classified_key,
      claims_read: values.claims_read,
      exclusions: JSON.stringify(values.exclusions),
      reversed_pairs: values.reversed_pairs,
      bad_rows: JSON.stringify(values.bad_rows),
      result: JSON.stringify(values.result),
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('fa_job_no', '=', jobNo)
    .execute();
}

export async function failFaJob(db: Kysely<DB>, jobNo: number, message: string): Promise<void> {
  await db
    .updateTable('fa_job')
    .set({
      status: 'ERROR',
      system_message: message.slice(0, 2000),
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('fa_job_no', '=', jobNo)
    .execute();
}

/** A recalculation's grid replaces the job's current one. */
export async function saveJobResult(db: Kysely<DB>, jobNo: number, result: object): Promise<Date> {
  const row = await db
    .updateTable('fa_job')
    .set({ result: JSON.stringify(result), updated_at: new Date() })
    .where('fa_job_no', '=', jobNo)
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return row.updated_at;
}

/** Keeps a grid the job showed (decision 0139): its id goes with the grid to a saved iteration. */
export async function insertGridVersion(
  db: Kysely<DB>,
  jobNo: number,
  result: object,
): Promise<number> {
  const row = await db
    .insertInto('fa_grid_version')
    .values({ fa_job_no: jobNo, result: JSON.stringify(result) })
    .returning('fa_grid_version_no')
    .executeTakeFirstOrThrow();
  return row.fa_grid_version_no;
}

/** A grid version with its job, only through the job's opportunity and mapped file. */
export async function findGridVersion(
  db: Kysely<DB>,
  opp: number,
  mappedNo: number,
  versionNo: number,
): Promise<{ job: FaJobRow; result: object } | undefined> {
  const row = await db
    .selectFrom('fa_grid_version as v')
    .innerJoin('fa_job as j', 'j.fa_job_no', 'v.fa_job_no')
    .selectAll('j')
    .select('v.result as version_result')
    .where('v.fa_grid_version_no', '=', versionNo)
    .where('j.prospect_opportunity_no', '=', opp)
    .where('j.mapped_claims_file_no', '=', mappedNo)
    .where('j.status', '=', 'COMPLETE')
    .executeTakeFirst();
  if (!row) return undefined;
  const { version_result, ...job } = row;
  return { job, result: version_result };
}
