import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import {
  CLAIM_DETAIL_MAX,
  FA_BAD_ROWS_LISTED,
  RATE_CARD_PBMS,
  RATE_CARD_PBM_NAMES,
  cardInForce,
  contractColumnTerms,
  defaultSelection,
  globalCustomizations,
  gridFootnotes,
  monthsInRange,
  normaliseNdc,
  pbmColumnTerms,
  renewalColumnTerms,
  type ColumnTerms,
  type FaJobSelections,
  type FootNote,
  type GlobalCustomizations,
  type GridColumn,
  type GuaranteeResult,
  type IncumbentStats,
  type PbmSelection,
  type Population,
  type PriceFileUse,
  type PriceRow,
  type RateCard,
  type RateCardPbm,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { findMappedFile } from '../claims-files/index.ts';
import { getContract, getFees, getOpportunity, getRenewals } from '../evaluate/index.ts';
import { activePrices, rateCardsInForce } from '../rate-cards/index.ts';
import {
  claimDetail,
  claimsCsvToParquet,
  classifiedRows,
  csvHeaders,
  openEngine,
  repriceFile,
  saveClassified,
  sqlText,
  useClassified,
  type Engine,
  type RepriceResult,
} from './pricing.engine.ts';
import {
  completeFaJob,
  failFaJob,
  findJobByNo,
  insertGridVersion,
  startFaJob,
} from './pricing.repo.ts';

/*
 * The FA job (issue 19, decision 0131): a pg-boss job that converts the mapped claims CSV to
 * Parquet once, classifies every claim once, prices the incumbent, its renewal/competitor
 * entries and the three PBMs under the job's selections, and stores both Parquet files and the
 * grid, so the grid, its stats, a recalculation and an explanation never read the CSV again.
 */

export const FA_QUEUE = 'pricing.fa-job';

type Db = Kysely<DB>;

export interface FaDeps {
  db: Db;
  storage: FileStorage;
}

/** A job's DuckDB: bounded so a large file cannot take the server's memory or every core. */
export const ENGINE_LIMITS = { memoryLimit: '512MB', threads: 2 };

/** The standard claims layout's keys the engine cannot do without. */
export const REQUIRED_CLAIM_COLUMNS = [
  'claimId',
  'memberId',
  'fillDate',
  'ndc',
  'brandGenericIndicator',
  'quantity',
  'daysSupply',
  'pharmacyType',
] as const;

/** A failure the analyst can act on: its message is the job's system message. */
export class FaJobFailure extends Error {}

/** What a job (then each recalculation) stores as the file's current grid. */
export interface StoredResult {
  globals: GlobalCustomizations;
  selections: PbmSelection[];
  terms: ColumnTerms[];
  grid: GridColumn[];
  footNotes: FootNote[];
  guarantees: GuaranteeResult[];
  incumbentStats: IncumbentStats;
  population: Population;
  claimDetail?: Record<string, unknown>[];
  /** This grid's kept version (decision 0139); absent on grids stored before versions. */
  gridVersionId?: number;
  /** The price file that priced claims without their own AWP (decision 0147), if any did. */
  priceFile?: PriceFileUse;
}

/**
 * The active price file's rows for the claims without their own AWP (decision 0147): the
 * distinct NDCs of those claims, each normalised to 11 digits to find its rows, which are then
 * given under the claim's own spelling of the NDC (the engine matches the NDC as written).
 * Only those NDCs' rows are read, never the whole file. Null without an active price file.
 */
export async function pricesForClaims(
  db: Db,
  engine: Engine,
  parquet: string,
): Promise<{ file: { fileName: string; loadedAt: string }; prices: PriceRow[] } | null> {
  const read = await engine.connection.runAndReadAll(
    `SELECT DISTINCT trim(ndc) AS ndc FROM read_parquet(${sqlText(parquet)})
     WHERE ndc IS NOT NULL AND coalesce("awpTotalCost", 0) <= 0 AND coalesce("awpUnitCost", 0) <= 0`,
  );
  const spellings = new Map<string, string[]>();
  for (const row of read.getRowObjectsJS()) {
    const raw = row.ndc as string;
    const ndc = normaliseNdc(raw);
    if (ndc) spellings.set(ndc, [...(spellings.get(ndc) ?? []), raw]);
  }
  const active = await activePrices(db, [...spellings.keys()]);
  if (!active) return null;
  return {
    file: active.file,
    prices: active.prices.flatMap((p) =>
      (spellings.get(p.ndc) ?? []).map((ndc) => ({ ...p, ndc })),
    ),
  };
}

/** The repriced claims (kept, not excluded) that had no AWP of their own: the price file's. */
export async function claimsPricedFromFile(engine: Engine, parquet: string): Promise<number> {
  const read = await engine.connection.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM classified c
     JOIN read_parquet(${sqlText(parquet)}, file_row_number = true) s ON s.file_row_number = c.row_no
     WHERE c.state = 'kept' AND c.reason IS NULL
       AND coalesce(s."awpTotalCost", 0) <= 0 AND coalesce(s."awpUnitCost", 0) <= 0`,
  );
  return Number(read.getRowObjectsJS()[0]?.n ?? 0);
}

/** The grid's footnote on the price file, numbered after the others. */
export function priceFileFootnote(notes: readonly FootNote[], use: PriceFileUse): FootNote {
  return {
    id: notes.length + 1,
    category: 'Claims',
    isStatic: false,
    pages: ['Pricing Grid'],
    text: `${use.claims} claim${use.claims === 1 ? '' : 's'} without their own AWP priced from the price file ${use.fileName} (loaded ${use.loadedAt.slice(0, 10)}).`,
  };
}

/**
 * Keeps the grid as a version of its job (without the per-claim detail) and names the version
 * in the grid: a saved iteration keeps the id and is explained from it (decision 0139).
 */
export async function keepVersion(
  db: Db,
  jobNo: number,
  stored: StoredResult,
): Promise<StoredResult> {
  const { claimDetail: _detail, gridVersionId: _old, ...grid } = stored;
  const gridVersionId = await insertGridVersion(db, jobNo, grid);
  return { ...stored, gridVersionId };
}

export async function withWorkDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pillar-fa-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function withEngine<T>(fn: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await openEngine(ENGINE_LIMITS);
  try {
    return await fn(engine);
  } finally {
    engine.close();
  }
}

export async function download(storage: FileStorage, key: string, file: string): Promise<void> {
  await pipeline(await storage.get(key), createWriteStream(file));
}

const SPECIALTY_PBM: Record<
  Exclude<GlobalCustomizations['specialtyIndicator'], 'N/A'>,
  RateCardPbm
> = {
  Optum: 'OPTUMRX',
  ESI: 'EXPRESS_SCRIPTS',
  Caremark: 'CVS_CAREMARK',
};

export interface BuiltColumns {
  terms: ColumnTerms[];
  rateCards: { pbm: RateCardPbm; effectiveDate: string; selection: PbmSelection }[];
  missingCards: RateCardPbm[];
  population: Population;
  populationKnown: { employees: boolean; members: boolean };
}

/**
 * The grid's columns: the incumbent's contract (with its fees and credits), its renewal and
 * competitor entries, then one column per PBM selection from the rate card in force on `asOf`.
 * A specialty indicator other than N/A prices every PBM column's specialty claims at that PBM's
 * specialty terms (discount, fees, specialty rebates).
 */
export async function buildColumns(
  db: Db,
  opp: number,
  globals: GlobalCustomizations,
  selections: readonly PbmSelection[],
  asOf: string,
  range: { start: string | null; end: string | null },
): Promise<BuiltColumns> {
  const { contract } = await getContract(db, opp);
  if (!contract)
    throw new FaJobFailure(
      'The opportunity has no incumbent contract: save its Contract Information, then run the financial analysis again.',
    );
  const [fees, credits, renewals, opportunity, cards] = [
    await getFees(db, opp, 'fees'),
    await getFees(db, opp, 'credits'),
    await getRenewals(db, opp),
    await getOpportunity(db, opp),
    await rateCardsInForce(db, asOf),
  ];
  const incumbentName = opportunity.basicInfo.incumbentPbm
    ? `Incumbent (${opportunity.basicInfo.incumbentPbm})`
    : 'Incumbent';
  const terms: ColumnTerms[] = [
    contractColumnTerms(contract, fees.items, credits.items, incumbentName),
    ...renewals.entries.map((e) => renewalColumnTerms(e, `renewal-${e.id}`)),
  ];
  const rateCards: BuiltColumns['rateCards'] = [];
  const missingCards: RateCardPbm[] = [];
  const specialtyCard: RateCard | null =
    globals.specialtyIndicator === 'N/A'
      ? null
      : cardInForce(cards, SPECIALTY_PBM[globals.specialtyIndicator], asOf);
  const seen = new Map<RateCardPbm, number>();
  selections.forEach((selection, i) => {
    const card = cardInForce(cards, selection.pbm, asOf);
    if (!card) {
      missingCards.push(selection.pbm);
      return;
    }
    const n = (seen.get(selection.pbm) ?? 0) + 1;
    seen.set(selection.pbm, n);
    const column = pbmColumnTerms(card, globals, selection);
    column.key = `pbm-${i + 1}`;
    if (n > 1) column.name = `${RATE_CARD_PBM_NAMES[selection.pbm]} ${n}`;
    if (specialtyCard && specialtyCard.pbm !== selection.pbm) {
      const s = specialtyCard.terms;
      column.discounts = { ...column.discounts, specialty: s.discounts.specialty };
      column.dispensingFees = {
        ...column.dispensingFees,
        specialtyRetail: s.dispensingFees.specialtyRetail,
        specialtyMail: s.dispensingFees.specialtyMail,
      };
      const rebates = s.rebatesPerBrandClaim[globals.rebateTier];
      column.rebatesPerBrandClaim = {
        ...column.rebatesPerBrandClaim,
        specialtyRetail: rebates.specialtyRetail,
        specialtyMail: rebates.specialtyMail,
      };
    }
    terms.push(column);
    rateCards.push({ pbm: card.pbm, effectiveDate: card.effectiveDate, selection });
  });
  const employees = opportunity.basicInfo.employees;
  const members = opportunity.basicInfo.members;
  const months = range.start && range.end ? monthsInRange(range.start, range.end) : 0;
  return {
    terms,
    rateCards,
    missingCards,
    population: { employees: employees ?? 0, members: members ?? 0, months },
    populationKnown: { employees: employees !== null, members: members !== null },
  };
}

/** The grid's stored form from a run: footnotes from the facts, detail when small. */
export function storedResult(
  built: BuiltColumns,
  globals: GlobalCustomizations,
  selections: PbmSelection[],
  result: RepriceResult,
  range: { start: string | null; end: string | null; explicit: boolean },
  detail: Record<string, unknown>[] | null,
  priceFile?: PriceFileUse,
): StoredResult {
  const footNotes = gridFootnotes({
    globals,
    grid: result.grid,
    guarantees: result.guarantees,
    population: built.population,
    populationKnown: built.populationKnown,
    range: range.explicit ? { start: range.start, end: range.end } : { start: null, end: null },
    rateCards: built.rateCards,
    missingCards: built.missingCards,
  });
  if (priceFile && priceFile.claims > 0) footNotes.push(priceFileFootnote(footNotes, priceFile));
  return {
    globals,
    selections,
    terms: built.terms,
    grid: result.grid,
    footNotes,
    guarantees: result.guarantees,
    incumbentStats: result.incumbentStats,
    population: built.population,
    ...(detail ? { claimDetail: detail } : {}),
    ...(priceFile && priceFile.claims > 0 ? { priceFile } : {}),
  };
}

/** The job's selections as the recalculation screen's global customizations. */
export function jobGlobals(selections: FaJobSelections): GlobalCustomizations {
  return globalCustomizations.parse({
    pricing: selections.pricingOption,
    disruptionTier: selections.disruptionType,
    specialtyIndicator: selections.pbmSpecialtyOverride,
    retail90: selections.retail90,
  });
}

/** The analysis range: the job's own, else the mapped file's fill dates. */
export function jobRange(
  selections: FaJobSelections,
  file: { min_date: string | null; max_date: string | null },
): { start: string | null; end: string | null; explicit: boolean } {
  const explicit = Boolean(selections.analysisStartDate || selections.analysisEndDate);
  return {
    start: selections.analysisStartDate ?? file.min_date,
    end: selections.analysisEndDate ?? file.max_date,
    explicit,
  };
}

export const storageKeys = (jobNo: number) => ({
  claims: `fa-jobs/${jobNo}/claims`,
  classified: `fa-jobs/${jobNo}/classified`,
});

/**
 * One attempt at a job. Every failure ends the job in ERROR with its reason (an unexpected one
 * with a generic message: DuckDB's errors can quote the file's cells, which are health data).
 */
export async function runFaJob(deps: FaDeps, jobNo: number): Promise<void> {
  const { db, storage } = deps;
  if (!(await startFaJob(db, jobNo))) return;
  const job = (await findJobByNo(db, jobNo))!;
  const keys = storageKeys(jobNo);
  try {
    const mapped = await findMappedFile(db, job.prospect_opportunity_no, job.mapped_claims_file_no);
    if (!mapped) throw new FaJobFailure('The mapped claims file no longer exists.');
    const selections = job.selections as FaJobSelections;
    const globals = jobGlobals(selections);
    const pbms = RATE_CARD_PBMS.map(defaultSelection);
    const range = jobRange(selections, mapped);
    const asOf = job.created_at.toISOString().slice(0, 10);
    await withWorkDir(async (dir) => {
      const csv = path.join(dir, 'claims.csv');
      const parquet = path.join(dir, 'claims.parquet');
      const classified = path.join(dir, 'classified.parquet');
      try {
        await download(storage, mapped.storage_key, csv);
      } catch {
        throw new FaJobFailure('The mapped claims file could not be read from storage.');
      }
      await withEngine(async (engine) => {
        let headers: string[];
        try {
          headers = await csvHeaders(engine, csv);
        } catch {
          throw new FaJobFailure('The mapped claims file is not a readable CSV file.');
        }
        const missing = REQUIRED_CLAIM_COLUMNS.filter((c) => !headers.includes(c));
        if (missing.length > 0)
          throw new FaJobFailure(
            `The mapped claims file lacks the standard claims columns ${missing.join(', ')}: map it with the standard claims template.`,
          );
        const built = await buildColumns(
          db,
          job.prospect_opportunity_no,
          globals,
          pbms,
          asOf,
          range,
        );
        await claimsCsvToParquet(engine, csv, parquet);
        await rm(csv, { force: true });
        // Claims without their own AWP are priced from the active price file (decision 0147).
        const priced = await pricesForClaims(db, engine, parquet);
        if (!priced && !headers.includes('awpUnitCost') && !headers.includes('awpTotalCost'))
          throw new FaJobFailure(
            'The mapped claims file has no AWP column (awpUnitCost or awpTotalCost) and no price file is loaded: claims cannot be repriced without a price.',
          );
        const result = await repriceFile(engine, parquet, built.terms, {
          retail90: globals.retail90 === 1,
          ...(priced ? { prices: priced.prices } : {}),
          population: built.population,
          ...(selections.analysisStartDate ? { startDate: selections.analysisStartDate } : {}),
          ...(selections.analysisEndDate ? { endDate: selections.analysisEndDate } : {}),
        });
        // The classification is a view over the file: written once to Parquet (with the claim
        // ids and fill dates), then the bad-row list and the detail read that file.
        await saveClassified(engine, classified);
        await useClassified(engine, classified);
        const rows = await classifiedRows(engine, FA_BAD_ROWS_LISTED);
        const detail = await claimDetail(engine, built.terms, CLAIM_DETAIL_MAX);
        await storage.put(keys.claims, createReadStream(parquet));
        await storage.put(keys.classified, createReadStream(classified));
        const priceFile: PriceFileUse | undefined = priced
          ? { ...priced.file, claims: await claimsPricedFromFile(engine, parquet) }
          : undefined;
        const first = result.grid[0]!;
        await completeFaJob(db, jobNo, {
          claims_key: keys.claims,
          classified_key: keys.classified,
          claims_read: rows.read,
          exclusions: first.exclusions,
          reversed_pairs: first.reversedPairs,
          bad_rows: rows.bad,
          result: await keepVersion(
            db,
            jobNo,
            storedResult(built, globals, pbms, result, range, detail, priceFile),
          ),
        });
      });
    });
  } catch (error) {
    await storage.delete(keys.claims).catch(() => undefined);
    await storage.delete(keys.classified).catch(() => undefined);
    await failFaJob(
      db,
      jobNo,
      error instanceof FaJobFailure
        ? error.message
        : `The financial analysis failed unexpectedly (FA job ${jobNo}); please run it again or contact support.`,
    );
  }
}

/** The worker (main.ts starts it with the other workers). */
export async function startFaWorker(deps: FaDeps & { jobs: JobQueue }): Promise<void> {
  await deps.jobs.work<{ jobNo: number }>(FA_QUEUE, (data) => runFaJob(deps, data.jobNo));
}
