import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import {
  CLAIMS_FILE_MESSAGES,
  CLAIM_DETAIL_MAX,
  PRICING_MESSAGES,
  cellClaims,
  explainCell,
  iterationGridVersion,
  withProtectServices,
  type BadClaimRow,
  type ExplainAnswer,
  type ExplainQuery,
  type FaIterationDetail,
  type FaJobSelections,
  type FaJobStatus,
  type GridColumn,
  type PricingGridAnswer,
  type RecalculateInput,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem, badRequest, conflict } from '../../platform/http/problem.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { DB } from '../../database.ts';
import {
  findMappedFile,
  getIteration,
  proposalData,
  proposalPdf,
  proposalXlsx,
} from '../claims-files/index.ts';
import { requireOpportunity } from '../evaluate/index.ts';
import {
  FA_QUEUE,
  FaJobFailure,
  buildColumns,
  download,
  jobRange,
  keepVersion,
  storedResult,
  ENGINE_LIMITS,
  type StoredResult,
} from './fa-jobs.ts';
import {
  cellClaimRows,
  claimDetail,
  claimDetailRows,
  openEngine,
  repriceClassified,
  repriceFile,
  useClassified,
  type DetailColumn,
  type Engine,
} from './pricing.engine.ts';
import {
  findGridVersion,
  findNewestJob,
  insertFaJob,
  saveJobResult,
  type FaJobRow,
} from './pricing.repo.ts';

/*
 * The financial analysis calls (issue 19, decision 0131). Every call answers 404 for an
 * opportunity that does not exist and for a mapped file of another opportunity.
 */

type Db = Kysely<DB>;

const noGrid = () => new HttpProblem(404, 'Not Found', PRICING_MESSAGES.noGrid);

async function requireMappedFile(db: Db, opp: number, mappedNo: number) {
  await requireOpportunity(db, opp);
  const file = await findMappedFile(db, opp, mappedNo);
  if (!file) throw new HttpProblem(404, 'Not Found', 'Mapped claims file not found');
  return file;
}

function toStatus(mappedNo: number, job: FaJobRow | undefined): FaJobStatus {
  if (!job)
    return {
      status: null,
      systemMessage: null,
      faJobId: null,
      mappedClaimFileID: mappedNo,
      createdDate: null,
      updatedDate: null,
      selections: null,
      claimsRead: null,
      exclusions: null,
      reversedPairs: null,
      badRows: [],
    };
  return {
    status: job.status,
    systemMessage: job.system_message,
    faJobId: job.fa_job_no,
    mappedClaimFileID: mappedNo,
    createdDate: job.created_at.toISOString(),
    updatedDate: job.updated_at.toISOString(),
    selections: job.selections,
    claimsRead: job.claims_read,
    exclusions: job.exclusions,
    reversedPairs: job.reversed_pairs,
    // Rows listed before bad rows named their field (decision 0145 'Bad amounts') have none.
    badRows: (job.bad_rows as Omit<BadClaimRow, 'field' | 'message'>[]).map((r) => ({
      field: null,
      message: null,
      ...r,
    })),
  };
}

/** POST /opps/fa_jobs/{id}: records the job (CREATED) and queues it. */
export async function createFaJob(
  db: Db,
  jobs: JobQueue,
  actor: Principal,
  opp: number,
  input: FaJobSelections,
): Promise<FaJobStatus> {
  const file = await requireMappedFile(db, opp, input.fileStorageID);
  const range = { start: input.analysisStartDate ?? null, end: input.analysisEndDate ?? null };
  if (
    (range.start && file.min_date && range.start < file.min_date) ||
    (range.end && file.max_date && range.end > file.max_date)
  )
    throw badRequest(PRICING_MESSAGES.createFaJobFailed, {
      [range.start && file.min_date && range.start < file.min_date
        ? 'analysisStartDate'
        : 'analysisEndDate']: CLAIMS_FILE_MESSAGES.rangeOutside,
    });
  const job = await insertFaJob(db, {
    prospect_opportunity_no: opp,
    mapped_claims_file_no: file.mapped_claims_file_no,
    selections: JSON.stringify(input),
    created_by: actor.userNo,
  });
  await jobs.send(FA_QUEUE, { jobNo: job.fa_job_no });
  return toStatus(file.mapped_claims_file_no, job);
}

/** GET /opps/fa_jobs/{id}/{fileId}: the newest job of the file; status null when none ran. */
export async function faJobStatus(db: Db, opp: number, mappedNo: number): Promise<FaJobStatus> {
  await requireMappedFile(db, opp, mappedNo);
  return toStatus(mappedNo, await findNewestJob(db, opp, mappedNo));
}

/** The file's newest job when complete: 409 while it runs, 404 when none completed. */
async function requireCompleteJob(
  db: Db,
  opp: number,
  mappedNo: number,
): Promise<{ job: FaJobRow; stored: StoredResult }> {
  await requireMappedFile(db, opp, mappedNo);
  const job = await findNewestJob(db, opp, mappedNo);
  if (!job || job.status === 'ERROR' || !job.result) throw noGrid();
  if (job.status !== 'COMPLETE') throw conflict(PRICING_MESSAGES.gridLoading);
  return { job, stored: job.result as StoredResult };
}

function toGrid(job: FaJobRow, stored: StoredResult, updated: Date): PricingGridAnswer {
  return {
    faJobId: job.fa_job_no,
    mappedClaimFileID: job.mapped_claims_file_no,
    globalCustomizations: stored.globals,
    pbmSelections: stored.selections,
    columns: stored.grid.map(withProtectServices),
    footNotes: stored.footNotes,
    guarantees: stored.guarantees,
    incumbentStats: stored.incumbentStats,
    ...(stored.claimDetail ? { claimDetail: stored.claimDetail } : {}),
    ...(stored.gridVersionId ? { gridVersionId: stored.gridVersionId } : {}),
    updatedDate: updated.toISOString(),
  };
}

export async function incumbentStats(db: Db, opp: number, mappedNo: number) {
  const { stored } = await requireCompleteJob(db, opp, mappedNo);
  return stored.incumbentStats;
}

export async function pricingGrid(db: Db, opp: number, mappedNo: number) {
  const { job, stored } = await requireCompleteJob(db, opp, mappedNo);
  return toGrid(job, stored, job.updated_at);
}

/** A job's claims in a fresh engine (`openJobClaims`): closed by `close`, once. */
interface JobClaims {
  engine: Engine;
  /** Classifies the claims Parquet again under the Retail 90 setting asked for and prices. */
  reclassify: (
    columns: StoredResult['terms'],
    population: StoredResult['population'],
  ) => ReturnType<typeof repriceFile>;
  /** True when the stored classification was made with another Retail 90 setting. */
  otherRetail90: boolean;
  close(): Promise<void>;
}

/**
 * Loads the job's claims into a fresh engine, classified under `retail90` when the stored
 * classification was made with the same Retail 90 setting; otherwise `reclassify` classifies the
 * claims' Parquet again (the only thing a recalculation can change about a claim is its channel).
 */
async function openJobClaims(
  storage: FileStorage,
  job: FaJobRow,
  retail90: 0 | 1,
  range: { start: string | null; end: string | null; explicit: boolean },
): Promise<JobClaims> {
  const selections = job.selections as FaJobSelections;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pillar-fa-'));
  let engine: Engine | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    engine?.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    engine = await openEngine(ENGINE_LIMITS);
    const file = path.join(dir, 'claims.parquet');
    const same = selections.retail90 === retail90;
    await download(storage, same ? job.classified_key! : job.claims_key!, file);
    if (same) await useClassified(engine, file);
    const opened = engine;
    return {
      engine: opened,
      otherRetail90: !same,
      reclassify: (columns, population) =>
        same
          ? repriceClassified(opened, columns, { population })
          : repriceFile(opened, file, columns, {
              retail90: retail90 === 1,
              population,
              ...(range.explicit && selections.analysisStartDate
                ? { startDate: selections.analysisStartDate }
                : {}),
              ...(range.explicit && selections.analysisEndDate
                ? { endDate: selections.analysisEndDate }
                : {}),
            }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function withJobClaims<T>(
  storage: FileStorage,
  job: FaJobRow,
  retail90: 0 | 1,
  range: { start: string | null; end: string | null; explicit: boolean },
  fn: (engine: Engine, reclassify: JobClaims['reclassify']) => Promise<T>,
): Promise<T> {
  const claims = await openJobClaims(storage, job, retail90, range);
  try {
    return await fn(claims.engine, claims.reclassify);
  } finally {
    await claims.close();
  }
}

/** POST /opps/{id}/fa/{x}: the grid under new global customizations and PBM selections. */
export async function recalculate(
  db: Db,
  storage: FileStorage,
  opp: number,
  mappedNo: number,
  input: RecalculateInput & { globalCustomizations: StoredResult['globals'] },
): Promise<PricingGridAnswer> {
  const { job, stored: previous } = await requireCompleteJob(db, opp, mappedNo);
  const file = (await findMappedFile(db, opp, mappedNo))!;
  const selections = job.selections as FaJobSelections;
  const range = jobRange(selections, file);
  const globals = input.globalCustomizations;
  const pbms = input.pbmSelections as StoredResult['selections'];
  let built;
  try {
    built = await buildColumns(
      db,
      opp,
      globals,
      pbms,
      job.created_at.toISOString().slice(0, 10),
      range,
    );
  } catch (error) {
    if (error instanceof FaJobFailure) throw conflict(error.message);
    throw error;
  }
  const computed = await withJobClaims(
    storage,
    job,
    globals.retail90,
    range,
    async (engine, run) => {
      const result = await run(built.terms, built.population);
      const detail = await claimDetail(engine, built.terms, CLAIM_DETAIL_MAX);
      // The classification keeps each claim's AWP, the price file's too (decision 0147).
      return storedResult(built, globals, pbms, result, range, detail, previous.priceFile);
    },
  );
  const stored = await keepVersion(db, job.fa_job_no, computed);
  const updated = await saveJobResult(db, job.fa_job_no, stored);
  return toGrid(job, stored, updated);
}

function findColumn(stored: StoredResult, key: string) {
  const index = stored.grid.findIndex((c) => c.key === key);
  if (index < 0)
    throw badRequest('Not a column of this grid', { column: 'Not a column of this grid' });
  return { column: stored.grid[index] as GridColumn, terms: stored.terms[index]! };
}

/**
 * The grid a cell is explained from: the saved iteration's own version when the query names one
 * (404 for an iteration of another opportunity or file; 409 for one saved before versions), else
 * the file's current grid.
 */
async function gridToExplain(
  db: Db,
  opp: number,
  mappedNo: number,
  query: ExplainQuery,
): Promise<{ job: FaJobRow; stored: StoredResult }> {
  if (query.iteration === undefined) return requireCompleteJob(db, opp, mappedNo);
  await requireMappedFile(db, opp, mappedNo);
  const iteration = await getIteration(db, opp, query.iteration);
  if (iteration.mappedClaimFileID !== mappedNo)
    throw new HttpProblem(404, 'Not Found', 'FA iteration not found');
  const named = iterationGridVersion.safeParse(iteration.cscData);
  if (!named.success) throw conflict(PRICING_MESSAGES.iterationNotExplainable);
  const version = await findGridVersion(db, opp, mappedNo, named.data.gridVersionId);
  if (!version) throw noGrid();
  return { job: version.job, stored: version.result as StoredResult };
}

/** GET /opps/{id}/fa/{x}/explain: how one cell of the grid (or an iteration's) was computed. */
export async function explain(
  db: Db,
  opp: number,
  mappedNo: number,
  query: ExplainQuery,
): Promise<ExplainAnswer> {
  const { stored } = await gridToExplain(db, opp, mappedNo, query);
  const { column, terms } = findColumn(stored, query.column);
  return explainCell(query.row, column, terms, stored.grid[0]!, stored.population);
}

/** GET /opps/{id}/fa/{x}/explain/claims: the claims behind a cell, as CSV text. */
export async function explainClaimsCsv(
  db: Db,
  storage: FileStorage,
  opp: number,
  mappedNo: number,
  query: ExplainQuery,
): Promise<string> {
  const { job, stored } = await gridToExplain(db, opp, mappedNo, query);
  const { terms } = findColumn(stored, query.column);
  const file = (await findMappedFile(db, opp, mappedNo))!;
  const range = jobRange(job.selections as FaJobSelections, file);
  const rows = await withJobClaims(
    storage,
    job,
    stored.globals.retail90,
    range,
    async (engine, run) => {
      // A grid recalculated with the other Retail 90 setting: classify under it first.
      if ((job.selections as FaJobSelections).retail90 !== stored.globals.retail90)
        await run([terms], stored.population);
      return cellClaimRows(engine, terms, cellClaims(query.row));
    },
  );
  // A disruption cell's claims are all the repriced ones (its denominator): each says whether
  // its NDC is one the column's formulary disrupts (its numerator), as the grid counts them.
  const disruption = query.row === 'pctMembers' || query.row === 'pctRx';
  const disrupted = new Set(terms.excludedNdcs ?? []);
  const out = disruption
    ? rows.map((r) => ({ ...r, disrupted: disrupted.has(String(r.ndc)) ? 'Yes' : 'No' }))
    : rows;
  return Papa.unparse(out, { header: true, newline: '\r\n', escapeFormulae: true });
}

/**
 * The full per-claim detail of a saved iteration's proposal (issue 19): every claim of the grid
 * version the iteration was saved from, under the proposal's columns, streamed from the job's
 * classified Parquet through DuckDB. Undefined for an iteration saved before grid versions (its
 * proposal keeps the detail its grid carried). The engine is opened here, so a missing file
 * answers before the download starts; `close` frees it when the rows were never read (the rows
 * free it themselves once read, broken off or failed).
 */
async function openProposalDetail(
  db: Db,
  storage: FileStorage,
  opp: number,
  iteration: FaIterationDetail,
  columnKeys: readonly string[],
): Promise<{ rows: AsyncIterable<Record<string, unknown>>; close(): Promise<void> } | undefined> {
  const named = iterationGridVersion.safeParse(iteration.cscData);
  if (!named.success) return undefined;
  const version = await findGridVersion(
    db,
    opp,
    iteration.mappedClaimFileID,
    named.data.gridVersionId,
  );
  if (!version) return undefined;
  const { job } = version;
  const stored = version.result as StoredResult;
  const file = (await findMappedFile(db, opp, iteration.mappedClaimFileID))!;
  const labels = new Set<string>();
  const columns: DetailColumn[] = columnKeys.flatMap((key) => {
    const index = stored.grid.findIndex((c) => c.key === key);
    if (index < 0) return [];
    const name = stored.grid[index]!.name;
    const label = labels.has(name) ? `${name} (${key})` : name;
    labels.add(label);
    return [{ terms: stored.terms[index]!, label }];
  });
  const claims = await openJobClaims(
    storage,
    job,
    stored.globals.retail90,
    jobRange(job.selections as FaJobSelections, file),
  );
  let started = false;
  async function* rows() {
    started = true;
    try {
      if (claims.otherRetail90)
        await claims.reclassify(
          columns.map((c) => c.terms),
          stored.population,
        );
      // A classification made here (another Retail 90 setting) is in no set order: sorted.
      yield* claimDetailRows(claims.engine, columns, { ordered: claims.otherRetail90 });
    } finally {
      await claims.close();
    }
  }
  return {
    rows: rows(),
    close: async () => {
      if (!started) await claims.close();
    },
  };
}

/**
 * GET /opps/{id}/fa_iterations/{iterationId}/proposal/{format}: the iteration in its output
 * template's layout; the XLSX streamed with every claim's repricing (decision 0145).
 */
export async function proposal(
  db: Db,
  storage: FileStorage,
  opp: number,
  iterationNo: number,
  format: 'pdf' | 'xlsx',
): Promise<{ body: Buffer | Readable; fileName: string }> {
  const it = await getIteration(db, opp, iterationNo);
  const data = proposalData({
    opportunityName: `Opportunity ${opp}, iteration ${it.id}`,
    notes: it.notes,
    template: it.outputTemplate,
    grid: it.pricingGridData,
    csc: it.cscData,
    footNotes: it.footNotes,
  });
  const fileName = `proposal-${opp}-${it.id}.${format}`;
  if (format === 'pdf') return { body: await proposalPdf(data), fileName };
  const detail = await openProposalDetail(
    db,
    storage,
    opp,
    it,
    data.columns.map((c) => c.key),
  );
  const body = proposalXlsx(data, detail?.rows ?? data.claimDetail);
  if (detail) body.once('close', () => void detail.close());
  return { body, fileName };
}
