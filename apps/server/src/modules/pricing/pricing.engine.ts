/**
 * The repricing engine (issue 19): the rules of packages/domain/src/repricing.ts run as set-based
 * DuckDB SQL over every claim of a mapped claims file. The file is converted once to Parquet
 * (typed, in file order); a run defines the claims' classification (netting, exclusions,
 * channel, class, AWP) as a view and prices every grid column in one statement that classifies
 * the claims once (decision 0139), the columns' terms being one small row per channel and class
 * joined in. The grid is assembled from the sums by the same domain code the reference rules use,
 * so the two can only differ in the per-claim SQL, which engine.test.ts holds equal to the cent.
 *
 * This is DuckDB SQL over files in storage, not the PostgreSQL database: it lives here rather than
 * in a *.repo.ts (decision 0125).
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  BRAND_GENERIC_CODES,
  CLAIM_NUMBER_PATTERN,
  CLAIM_VALUE_FIELDS,
  COMPOUND_INDICATOR,
  DRUG_CLASSES,
  EXCLUSION_REASONS,
  EXCLUSION_REASON_LABELS,
  PHARMACY_TYPE_CODES,
  PRICING_CHANNELS,
  REVERSAL_STATUSES,
  USUAL_AND_CUSTOMARY_STATUSES,
  assembleGrid,
  assembleGuarantees,
  badValueMessage,
  claimDiscount,
  claimDispensingFee,
  repriceCents,
  repricePercent,
  type BadValueProblem,
  type ClaimCounts,
  type ClaimValueField,
  type ColumnAggregates,
  type ColumnTerms,
  type DrugClass,
  type ExclusionReason,
  type GridColumn,
  type GuaranteeResult,
  type GuaranteeSums,
  type IncumbentStats,
  type Population,
  type PriceRow,
  type PricingChannel,
} from '@pillar/domain';

/** The standard claims layout's fields (data-mapping.ts) as the engine types them. */
const TEXT_FIELDS = [
  'claimId',
  'memberId',
  'ndc',
  'brandGenericIndicator',
  'pharmacyType',
  'claimStatus',
] as const;
/** The standard layout's number fields: its typed fields after the fill date. */
const NUMBER_FIELDS = CLAIM_VALUE_FIELDS.filter((f) => f !== 'fillDate');

/** A SQL string literal (the engine's SQL is built from constants and the file's own headers). */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function sqlList(values: readonly string[]): string {
  return values.map(sqlText).join(', ');
}

function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error('A term is not a finite number');
  return String(value);
}

function caseMap(expr: string, map: Readonly<Record<string, string>>): string {
  const arms = Object.entries(map)
    .map(([code, value]) => `WHEN ${sqlText(code)} THEN ${sqlText(value)}`)
    .join(' ');
  return `CASE ${expr} ${arms} ELSE NULL END`;
}

export interface Engine {
  connection: DuckDBConnection;
  close(): void;
}

/** An in-memory DuckDB for one job; the claims stay in the Parquet file, not in memory. */
export interface EngineLimits {
  /** DuckDB's memory limit (it spills to its temp directory beyond it), e.g. '512MB'. */
  memoryLimit?: string;
  threads?: number;
}

/**
 * A job's DuckDB is bounded so a large file cannot take the API server's memory or every core;
 * DuckDB spills sorts and joins to disk past the limit.
 */
export async function openEngine(limits: EngineLimits = {}): Promise<Engine> {
  const options: Record<string, string> = {};
  if (limits.memoryLimit) options.memory_limit = limits.memoryLimit;
  if (limits.threads) options.threads = String(limits.threads);
  const instance = await DuckDBInstance.create(':memory:', options);
  const connection = await instance.connect();
  return {
    connection,
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/**
 * Converts a mapped claims CSV (headers are the standard layout's keys; optional fields may be
 * missing) to typed Parquet. A blank cell is NULL. A present cell that does not parse (a number
 * as CLAIM_NUMBER_PATTERN, a date as YYYY-MM-DD or MM/DD/YYYY) is NULL too, and `unparsed` names
 * the first such field in layout order, so the rules exclude the row as badRow instead of reading
 * a blank (a member paid of $0); nothing is guessed. Row order is the file's, which reversal
 * netting relies on.
 */
export async function claimsCsvToParquet(
  engine: Engine,
  csvPath: string,
  parquetPath: string,
): Promise<{ rows: number }> {
  const source = `read_csv(${sqlText(csvPath)}, header = true, all_varchar = true, delim = ',', quote = '"')`;
  const described = await engine.connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`);
  const headers = new Set(described.getColumnsJS()[0]?.map((v) => v as string) ?? []);
  const col = (name: string) => (headers.has(name) ? `"${name}"` : 'NULL');
  const text = (f: string) => `nullif(trim(${col(f)}), '')`;
  const number = (f: string) =>
    `CASE WHEN regexp_full_match(${text(f)}, ${sqlText(CLAIM_NUMBER_PATTERN)})
      AND isfinite(TRY_CAST(${text(f)} AS DOUBLE)) THEN TRY_CAST(${text(f)} AS DOUBLE) END`;
  const date = `CAST(coalesce(try_strptime(${text('fillDate')}, '%Y-%m-%d'), try_strptime(${text('fillDate')}, '%m/%d/%Y')) AS DATE)`;
  const parsed = (f: ClaimValueField) => (f === 'fillDate' ? date : number(f));
  const unparsed = CLAIM_VALUE_FIELDS.map(
    (f) => `WHEN ${text(f)} IS NOT NULL AND ${parsed(f)} IS NULL THEN ${sqlText(f)}`,
  ).join(' ');
  const select = [
    ...TEXT_FIELDS.map((f) => `trim(${col(f)}) AS "${f}"`),
    ...NUMBER_FIELDS.map((f) => `${number(f)} AS "${f}"`),
    `${date} AS "fillDate"`,
    `CASE ${unparsed} END AS "unparsed"`,
  ].join(', ');
  await engine.connection.run(
    `COPY (SELECT ${select} FROM ${source}) TO ${sqlText(parquetPath)} (FORMAT parquet)`,
  );
  const count = await engine.connection.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM read_parquet(${sqlText(parquetPath)})`,
  );
  return { rows: Number(count.getRowObjectsJS()[0]?.n ?? 0) };
}

export interface EngineOptions {
  retail90: boolean;
  population: Population;
  /** Price-file rows (AWP or NADAC) for claims without their own AWP. */
  prices?: readonly PriceRow[];
  /** The analysis range (ISO dates, inclusive); the whole file when absent. */
  startDate?: string;
  endDate?: string;
}

/**
 * One run over one file: the classification of every row as a view (`classified`; the grid's
 * statement materialises it once, a job saves it as Parquet for the rest). Reversal netting is a
 * window over the claim id: the n-th paid row of an id is reversed while n ≤ the id's reversals,
 * kept when n is one more, a duplicate beyond; the n-th reversal is unmatched when n exceeds the
 * id's paid rows. Only kept rows get an exclusion reason.
 */
async function classify(engine: Engine, parquetPath: string, options: EngineOptions) {
  const c = engine.connection;
  await c.run(
    'CREATE OR REPLACE TEMP TABLE prices_in (ndc VARCHAR, effectiveDate VARCHAR, unitPrice DOUBLE)',
  );
  if (options.prices?.length) {
    const appender = await c.createAppender('prices_in');
    for (const p of options.prices) {
      appender.appendVarchar(p.ndc);
      appender.appendVarchar(p.effectiveDate);
      appender.appendDouble(p.unitPrice);
      appender.endRow();
    }
    appender.closeSync();
  }
  await c.run(`CREATE OR REPLACE TEMP TABLE prices AS
    SELECT ndc, CAST(effectiveDate AS DATE) AS effectiveDate, unitPrice FROM prices_in`);
  // A range keeps the rows without a parsable fill date: they are counted (badRow), not dropped.
  const range: string[] = [];
  if (options.startDate) range.push(`"fillDate" >= DATE ${sqlText(options.startDate)}`);
  if (options.endDate) range.push(`"fillDate" <= DATE ${sqlText(options.endDate)}`);
  const r90 = options.retail90 ? 'TRUE' : 'FALSE';
  // Without a price file the join is left out (it would find nothing).
  const hasPrices = (options.prices?.length ?? 0) > 0;
  const unitPrice = hasPrices ? 'pr.unitPrice' : 'CAST(NULL AS DOUBLE)';
  const priceJoin = hasPrices
    ? 'FROM k ASOF LEFT JOIN prices pr ON k.ndc = pr.ndc AND k.fill_date >= pr.effectiveDate'
    : 'FROM k';
  // A job's claims converted before `unparsed` existed (decision 0145 'Bad amounts') have none.
  const described = await c.runAndReadAll(
    `DESCRIBE SELECT * FROM read_parquet(${sqlText(parquetPath)})`,
  );
  const hasUnparsed = (described.getColumnsJS()[0] ?? []).includes('unparsed');
  // A bad row's first bad field and its problem, in layout order, as badRowProblem gives them.
  const badField = `CASE WHEN unparsed = 'fillDate' OR fill_date IS NULL THEN 'fillDate'
    WHEN unparsed = 'quantity' OR quantity IS NULL OR quantity <= 0 THEN 'quantity'
    WHEN unparsed = 'daysSupply' OR days_supply IS NULL OR days_supply < 0 THEN 'daysSupply'
    ELSE unparsed END`;
  const badProblem = `CASE WHEN bad_field IS NULL THEN NULL
    WHEN bad_field = unparsed THEN 'unparseable'
    WHEN bad_field = 'fillDate' OR (bad_field = 'quantity' AND quantity IS NULL)
      OR (bad_field = 'daysSupply' AND days_supply IS NULL) THEN 'required'
    WHEN bad_field = 'quantity' THEN 'notPositive'
    ELSE 'negative' END`;
  await c.run(`CREATE OR REPLACE TEMP VIEW classified AS
    WITH src AS (
      SELECT file_row_number AS row_no, "claimId" AS claim_id, "memberId" AS member_id,
        "fillDate" AS fill_date, coalesce("ndc", '') AS ndc, quantity, "daysSupply" AS days_supply,
        "awpUnitCost" AS awp_unit, "awpTotalCost" AS awp_total, "ingredientCost" AS paid_ingredient, "dispensingFee" AS paid_fee,
        "memberPaid" AS member_paid, "planPaid" AS plan_paid,
        ${hasUnparsed ? 'unparsed' : 'CAST(NULL AS VARCHAR) AS unparsed'},
        upper(coalesce("claimStatus", '')) AS st,
        upper(coalesce("pharmacyType", '')) AS pt,
        upper(coalesce("brandGenericIndicator", '')) AS bgn,
        upper(coalesce("claimStatus", '')) IN (${sqlList(REVERSAL_STATUSES)}) AS is_rev
      FROM read_parquet(${sqlText(parquetPath)}, file_row_number = true)
      ${range.length ? `WHERE "fillDate" IS NULL OR (${range.join(' AND ')})` : ''}
    ),
    -- Most claim ids occur once: only the repeated ones need the window (a sort), the rest
    -- are kept (paid) or unmatched (a reversal) as they stand.
    repeated AS (SELECT claim_id FROM src GROUP BY claim_id HAVING count(*) > 1),
    netted AS (
      SELECT s.*,
        count(*) FILTER (WHERE is_rev) OVER (PARTITION BY s.claim_id) AS r,
        count(*) FILTER (WHERE NOT is_rev) OVER (PARTITION BY s.claim_id) AS p,
        row_number() OVER (PARTITION BY s.claim_id, is_rev ORDER BY row_no) AS n
      FROM src s SEMI JOIN repeated USING (claim_id)
      UNION ALL
      SELECT s.*, CASE WHEN is_rev THEN 1 ELSE 0 END AS r, CASE WHEN is_rev THEN 0 ELSE 1 END AS p, 1 AS n
      FROM src s ANTI JOIN repeated USING (claim_id)
    ),
    k AS (
      SELECT *,
        CASE WHEN is_rev THEN (CASE WHEN n > p THEN 'unmatchedReversal' ELSE 'reversal' END)
             WHEN n <= r THEN 'reversed' WHEN n = r + 1 THEN 'kept' ELSE 'duplicate' END AS state,
        ${caseMap('pt', PHARMACY_TYPE_CODES)} AS ch0, ${caseMap('bgn', BRAND_GENERIC_CODES)} AS cls
      FROM netted
    ),
    ch AS (
      SELECT k.*,
        CASE WHEN ch0 = 'retail' AND ${r90} AND coalesce(days_supply, 0) > 83 THEN 'retail90'
             WHEN ch0 = 'retail90' AND NOT ${r90} THEN 'retail' ELSE ch0 END AS channel,
        CASE WHEN awp_total IS NOT NULL AND awp_total > 0 THEN awp_total
             WHEN awp_unit IS NOT NULL AND awp_unit > 0 THEN awp_unit * coalesce(quantity, 0)
             WHEN ${unitPrice} > 0 THEN ${unitPrice} * coalesce(quantity, 0) END AS awp
      ${priceJoin}
    ),
    b AS (SELECT ch.*, CASE WHEN state = 'kept' THEN ${badField} END AS bad_field FROM ch)
    SELECT row_no, state, member_id, ndc, channel, cls, awp, member_paid,
      paid_ingredient, paid_fee, bad_field, ${badProblem} AS bad_problem,
      CASE WHEN state <> 'kept' THEN NULL
           WHEN bad_field IS NOT NULL THEN 'badRow'
           WHEN bgn = ${sqlText(COMPOUND_INDICATOR)} OR ltrim(trim(ndc), '0') = '' THEN 'compound'
           WHEN st IN (${sqlList(USUAL_AND_CUSTOMARY_STATUSES)}) THEN 'usualAndCustomary'
           WHEN plan_paid IS NOT NULL AND plan_paid + coalesce(member_paid, 0) = 0 THEN 'zeroBalance'
           WHEN channel IS NULL THEN 'unknownChannel'
           WHEN cls IS NULL THEN 'unknownBrandGeneric'
           WHEN awp IS NULL THEN 'noPrice' END AS reason
    FROM b`);
  // The claim id and fill date (the bad-row list, Explain, the claim detail) are read back from
  // the file by row number only when asked for: the grid never touches them.
  await c.run(`CREATE OR REPLACE TEMP VIEW classified_detail AS
    SELECT c.*, s."claimId" AS claim_id, s."fillDate" AS fill_date
    FROM classified c JOIN read_parquet(${sqlText(parquetPath)}, file_row_number = true) s
      ON s.file_row_number = c.row_no`);
}

/**
 * The terms as one row per (channel, class) with every column's discount, dispensing fee and
 * rebate side by side (d0, f0, r0, d1, …): a claim joins one row and is priced under all the
 * columns in the same pass, instead of one joined row per claim and column. Each column's
 * excluded NDCs go to `formulary_out`.
 */
async function loadTerms(engine: Engine, columns: readonly ColumnTerms[]) {
  const c = engine.connection;
  const rows: string[] = [];
  for (const channel of PRICING_CHANNELS)
    for (const cls of DRUG_CLASSES) {
      const values = columns.flatMap((terms) => [
        claimDiscount(terms, channel, cls),
        claimDispensingFee(terms, channel, cls),
        cls === 'brand' ? terms.rebatesPerBrandClaim[channel] : 0,
      ]);
      rows.push(`(${sqlText(channel)}, ${sqlText(cls)}, ${values.map(sqlNumber).join(', ')})`);
    }
  const names = columns.flatMap((_, i) => [`d${i}`, `f${i}`, `r${i}`]).join(', ');
  await c.run(`CREATE OR REPLACE TEMP TABLE terms AS SELECT * FROM (VALUES ${rows.join(', ')})
    AS t(channel, cls, ${names})`);
  const excluded: string[] = [];
  columns.forEach((terms, col) => {
    for (const ndc of terms.excludedNdcs ?? []) excluded.push(`(${col}, ${sqlText(ndc)})`);
  });
  await c.run('CREATE OR REPLACE TEMP TABLE formulary_out (col INTEGER, ndc VARCHAR)');
  if (excluded.length) await c.run(`INSERT INTO formulary_out VALUES ${excluded.join(', ')}`);
}

/** Column i's ingredient cost of a claim, rounded as the domain's repriceCents does. */
const ingredientOf = (i: number) => `round(c.awp * (100 - t.d${i}) / 100, 2)`;

const PRICED = `c.state = 'kept' AND c.reason IS NULL`;
const SPECIALTY_SQL = `c.channel IN ('specialtyRetail', 'specialtyMail')`;

interface FileSums {
  counts: ClaimCounts;
  members: number;
  specialtyMembers: number;
  stats: IncumbentStats;
  aggregates: ColumnAggregates[];
  guarantees: GuaranteeResult[];
}

/**
 * The whole grid's sums in one scan of the classified claims: grouped by state, reason, channel
 * and class, each group carries its count and, for the priced claims, every column's ingredient
 * and gross (rounded per claim exactly as the domain's repriceCents does, half up on DOUBLE, then
 * summed in whole cents) and the incumbent's guarantee sums. The members (distinct) and the
 * disruption (only when a column excludes NDCs) are two small queries beside it.
 */
async function fileSums(engine: Engine, columns: readonly ColumnTerms[]): Promise<FileSums> {
  const c = engine.connection;
  // DuckDB's round(x, 2) on DOUBLE is round(x * 100) / 100 with the power of ten taken per row;
  // k = round(x * 100) is the same integer number of cents, and sums of whole cents as DOUBLE
  // are exact, so the sums below equal the per-claim rounding of the rules bit for bit.
  const perColumn = columns
    .map((_, i) => `sum(k${i}) AS ing${i}, sum(round((k${i} / 100 + f${i}) * 100)) AS gross${i}`)
    .join(', ');
  const ingredients = columns
    .map((_, i) => `round(c.awp * (100 - t.d${i}) / 100 * 100) AS k${i}`)
    .join(', ');
  const fees = columns.map((_, i) => `t.f${i}`).join(', ');
  const withPaid = 'paid_ingredient IS NOT NULL';
  const anyExcluded = columns.some((t) => (t.excludedNdcs ?? []).length > 0);
  // The classification is a view: materialised once here, read by the three parts.
  const groups = await c.runAndReadAll(`
    WITH cl AS MATERIALIZED (SELECT * FROM classified),
    p AS (
      SELECT c.state, c.reason, c.channel, c.cls, c.awp, c.member_paid, c.paid_ingredient,
        c.paid_fee, ${ingredients}, ${fees}
      FROM cl c LEFT JOIN terms t ON t.channel = c.channel AND t.cls = c.cls
    ),
    g AS (
      SELECT state, reason, channel, cls, count(*)::INTEGER AS rx, sum(awp) AS awp,
        coalesce(sum(member_paid), 0) AS member_paid, ${perColumn},
        coalesce(sum(paid_ingredient), 0) AS paid_ingredient,
        count(*) FILTER (WHERE ${withPaid})::INTEGER AS g_n,
        coalesce(sum(awp) FILTER (WHERE ${withPaid}), 0) AS g_awp,
        coalesce(sum(k0) FILTER (WHERE ${withPaid}), 0) AS g_guaranteed,
        coalesce(sum(coalesce(paid_fee, 0)) FILTER (WHERE ${withPaid}), 0) AS g_fee
      FROM p GROUP BY state, reason, channel, cls
    ),
    people AS (
      SELECT count(DISTINCT member_id)::INTEGER AS members,
        count(DISTINCT member_id) FILTER (WHERE ${SPECIALTY_SQL})::INTEGER AS spec_members
      FROM cl c WHERE ${PRICED}
    ),
    d AS (
      ${
        anyExcluded
          ? `SELECT f.col, count(*)::INTEGER AS rx, count(DISTINCT c.member_id)::INTEGER AS members
      FROM cl c JOIN formulary_out f ON f.ndc = c.ndc WHERE ${PRICED} GROUP BY f.col`
          : 'SELECT 0 AS col, 0 AS rx, 0 AS members WHERE FALSE'
      }
    )
    SELECT g.*, people.members, people.spec_members,
      (SELECT coalesce(list({'col': col, 'rx': rx, 'members': members}), []) FROM d) AS disrupted
    FROM g CROSS JOIN people`);
  const first = groups.getRowObjectsJS()[0] ?? {};
  const members = Number(first.members ?? 0);
  const specialtyMembers = Number(first.spec_members ?? 0);
  const disrupted = new Map<number, { rx: number; members: number }>();
  for (const r of (first.disrupted ?? []) as { col: number; rx: number; members: number }[])
    disrupted.set(Number(r.col), { rx: Number(r.rx), members: Number(r.members) });

  const exclusions = Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])) as Record<
    ExclusionReason,
    number
  >;
  let reversedPairs = 0;
  const aggregates: ColumnAggregates[] = columns.map((_, col) => ({
    claims: 0,
    gross: 0,
    memberCostShare: 0,
    rebates: 0,
    generics: 0,
    mail: 0,
    specialtyGross: 0,
    members,
    specialtyMembers,
    disruptedRx: disrupted.get(col)?.rx ?? 0,
    disruptedMembers: disrupted.get(col)?.members ?? 0,
    buckets: [],
  }));
  const zero = () => ({ actual: 0, guaranteed: 0, awp: 0, n: 0 });
  const guarantees: GuaranteeSums = { brand: zero(), generic: zero(), dispensingFee: zero() };
  let n = 0;
  let generic = 0;
  let mail = 0;
  let r90 = 0;
  let spec = 0;
  let specAwp = 0;
  let specPaid = 0;
  for (const row of groups.getRowObjectsJS()) {
    const rx = Number(row.rx);
    const state = row.state as string;
    if (state === 'reversed') reversedPairs += rx;
    if (state === 'duplicate' || state === 'unmatchedReversal') exclusions[state] += rx;
    if (state !== 'kept') continue;
    if (row.reason !== null) {
      exclusions[row.reason as ExclusionReason] += rx;
      continue;
    }
    const channel = row.channel as PricingChannel;
    const cls = row.cls as DrugClass;
    const awp = Number(row.awp);
    const isSpecialty = channel === 'specialtyRetail' || channel === 'specialtyMail';
    n += rx;
    if (cls !== 'brand') generic += rx;
    if (channel === 'mail') mail += rx;
    if (channel === 'retail90') r90 += rx;
    if (isSpecialty) {
      spec += rx;
      specAwp += awp;
      specPaid += Number(row.paid_ingredient);
    }
    columns.forEach((terms, col) => {
      const a = aggregates[col] as ColumnAggregates;
      const gross = Number(row[`gross${col}`]) / 100;
      a.claims += rx;
      a.gross += gross;
      a.memberCostShare += Number(row.member_paid);
      a.rebates += cls === 'brand' ? rx * terms.rebatesPerBrandClaim[channel] : 0;
      if (cls !== 'brand') a.generics += rx;
      if (channel === 'mail') a.mail += rx;
      if (isSpecialty) a.specialtyGross += gross;
      a.buckets.push({ channel, cls, awp, ingredient: Number(row[`ing${col}`]) / 100, gross, rx });
    });
    // The incumbent's (first column's) guarantee reconciliation: decision 0125 "Guarantees".
    const gn = Number(row.g_n);
    if (!isSpecialty && gn > 0 && columns[0]) {
      const b = guarantees[cls === 'brand' ? 'brand' : 'generic'];
      b.actual += Number(row.paid_ingredient);
      b.guaranteed += Number(row.g_guaranteed) / 100;
      b.awp += Number(row.g_awp);
      b.n += gn;
      guarantees.dispensingFee.actual += Number(row.g_fee);
      guarantees.dispensingFee.guaranteed += gn * claimDispensingFee(columns[0], channel, cls);
      guarantees.dispensingFee.n += gn;
    }
  }
  return {
    counts: { exclusions, reversedPairs },
    members,
    specialtyMembers,
    stats: {
      generic,
      genericRate: repricePercent(generic, n),
      mail,
      mailPercent: repricePercent(mail, n),
      retail90: r90,
      retail90Percent: repricePercent(r90, n),
      specialty: spec,
      specialtyEffRate: specAwp === 0 ? 0 : repriceCents((1 - specPaid / specAwp) * 100),
      specialtyPercent: repricePercent(spec, n),
    },
    aggregates,
    guarantees: assembleGuarantees(guarantees),
  };
}

export interface RepriceResult {
  grid: GridColumn[];
  incumbentStats: IncumbentStats;
  /** The first column's guarantees against the claims' own paid amounts. */
  guarantees: GuaranteeResult[];
}

/** Reprices a claims Parquet file under every column; the first column is the incumbent. */
export async function repriceFile(
  engine: Engine,
  parquetPath: string,
  columns: readonly ColumnTerms[],
  options: EngineOptions,
): Promise<RepriceResult> {
  await classify(engine, parquetPath, options);
  return repriceClassified(engine, columns, options);
}

/**
 * Prices new columns over the engine's classified claims: after `useClassified`, a
 * recalculation with other PBM selections or terms (the same file, Retail 90 setting, range and
 * price file) reads the saved classification and does not classify the file again.
 */
export async function repriceClassified(
  engine: Engine,
  columns: readonly ColumnTerms[],
  options: Pick<EngineOptions, 'population'>,
): Promise<RepriceResult> {
  await loadTerms(engine, columns);
  const sums = await fileSums(engine, columns);
  return {
    grid: assembleGrid(columns, sums.aggregates, sums.counts, options),
    incumbentStats: sums.stats,
    guarantees: sums.guarantees,
  };
}

// ---- FA jobs (decision 0131): the classified claims kept as Parquet, rows behind a cell ----

/** The header names of a mapped claims CSV (the job refuses a file without the layout's keys). */
export async function csvHeaders(engine: Engine, csvPath: string): Promise<string[]> {
  const described = await engine.connection.runAndReadAll(
    `DESCRIBE SELECT * FROM read_csv(${sqlText(csvPath)}, header = true, all_varchar = true, delim = ',', quote = '"')`,
  );
  return (described.getColumnsJS()[0] ?? []).map((v) => v as string);
}

/**
 * Writes the last run's classified claims to Parquet with their claim id and fill date (a
 * recalculation and Explain read them back).
 */
export async function saveClassified(engine: Engine, parquetPath: string): Promise<void> {
  await engine.connection.run(
    `COPY (SELECT * FROM classified_detail ORDER BY row_no) TO ${sqlText(parquetPath)} (FORMAT parquet)`,
  );
}

/** Makes a saved classification the engine's claims: `repriceClassified` then prices them. */
export async function useClassified(engine: Engine, parquetPath: string): Promise<void> {
  await engine.connection.run(
    `CREATE OR REPLACE TEMP VIEW classified AS SELECT * FROM read_parquet(${sqlText(parquetPath)})`,
  );
  await engine.connection.run(
    'CREATE OR REPLACE TEMP VIEW classified_detail AS SELECT * FROM classified',
  );
}

const EXCLUDED_ROW = `(state = 'kept' AND reason IS NOT NULL) OR state IN ('duplicate', 'unmatchedReversal')`;

/** Rows read (within the range) and the first `limit` excluded rows: data row, claim id, reason. */
export async function classifiedRows(
  engine: Engine,
  limit: number,
): Promise<{
  read: number;
  bad: {
    row: number;
    claimId: string | null;
    reason: ExclusionReason;
    field: ClaimValueField | null;
    message: string | null;
  }[];
}> {
  const c = engine.connection;
  const read = await c.runAndReadAll('SELECT count(*)::INTEGER AS n FROM classified');
  const bad = await c.runAndReadAll(`
    SELECT (row_no + 1)::INTEGER AS row, claim_id, coalesce(reason, state) AS reason,
      CASE WHEN reason = 'badRow' THEN bad_field END AS bad_field,
      CASE WHEN reason = 'badRow' THEN bad_problem END AS bad_problem
    FROM classified_detail WHERE ${EXCLUDED_ROW} ORDER BY row_no LIMIT ${sqlNumber(limit)}`);
  return {
    read: Number(read.getRowObjectsJS()[0]?.n ?? 0),
    bad: bad.getRowObjectsJS().map((r) => {
      const field = (r.bad_field as ClaimValueField | null) ?? null;
      const problem = (r.bad_problem as BadValueProblem | null) ?? null;
      return {
        row: Number(r.row),
        claimId: (r.claim_id as string | null) ?? null,
        reason: r.reason as ExclusionReason,
        field,
        message: field && problem ? badValueMessage(field, problem) : null,
      };
    }),
  };
}

/** Which claims stand behind a cell (fa-jobs.ts `cellClaims`). */
export interface CellFilter {
  set: 'priced' | 'excluded';
  channels: readonly PricingChannel[];
  classes: readonly DrugClass[];
}

/**
 * The claims behind one cell, in file order: priced ones repriced under the column's terms (the
 * same per-claim arithmetic as the grid), excluded ones with their reason. No member ids.
 */
export async function cellClaimRows(
  engine: Engine,
  terms: ColumnTerms,
  cell: CellFilter,
): Promise<Record<string, string | number | null>[]> {
  const c = engine.connection;
  if (cell.set === 'excluded') {
    const rows = await c.runAndReadAll(`
      SELECT (row_no + 1)::INTEGER AS "row", claim_id AS "claimId",
        CAST(fill_date AS VARCHAR) AS "fillDate", ndc, coalesce(reason, state) AS reason
      FROM classified_detail WHERE ${EXCLUDED_ROW} ORDER BY row_no`);
    return rows.getRowObjectsJS() as Record<string, string | number | null>[];
  }
  await loadTerms(engine, [terms]);
  const rows = await c.runAndReadAll(`
    WITH p AS (
      SELECT c.*, t.d0 AS discount, t.f0 AS fee, t.r0 AS rebate, ${ingredientOf(0)} AS ingredient
      FROM classified_detail c JOIN terms t ON t.channel = c.channel AND t.cls = c.cls
      WHERE c.state = 'kept' AND c.reason IS NULL
        AND c.channel IN (${sqlList(cell.channels)}) AND c.cls IN (${sqlList(cell.classes)})
    )
    SELECT (row_no + 1)::INTEGER AS "row", claim_id AS "claimId",
      CAST(fill_date AS VARCHAR) AS "fillDate", ndc, channel, cls AS "brandGeneric",
      round(awp, 2) AS awp, discount, ingredient AS "ingredientCost", fee AS "dispensingFee",
      round(ingredient + fee, 2) AS gross, coalesce(member_paid, 0) AS "memberPaid", rebate
    FROM p ORDER BY row_no`);
  return rows.getRowObjectsJS() as Record<string, string | number | null>[];
}

/**
 * Per-claim repricing detail for the proposal's XLSX (decision 0126 `claimDetail`): each
 * repriced claim with its gross under every column; null when there are more than `max`.
 */
export async function claimDetail(
  engine: Engine,
  columns: readonly ColumnTerms[],
  max: number,
): Promise<Record<string, string | number | null>[] | null> {
  const c = engine.connection;
  const n = await c.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM classified WHERE state = 'kept' AND reason IS NULL`,
  );
  if (Number(n.getRowObjectsJS()[0]?.n ?? 0) > max) return null;
  await loadTerms(engine, columns);
  const names = new Set<string>();
  const labels = columns.map((col) => {
    const label = names.has(`${col.name} gross`)
      ? `${col.name} (${col.key}) gross`
      : `${col.name} gross`;
    names.add(label);
    return label;
  });
  const perColumn = labels
    .map((label, i) => `round(${ingredientOf(i)} + t.f${i}, 2) AS "${label.replaceAll('"', '""')}"`)
    .join(', ');
  const rows = await c.runAndReadAll(`
    SELECT (c.row_no + 1)::INTEGER AS "row", c.claim_id AS "claimId",
      CAST(c.fill_date AS VARCHAR) AS "fillDate", c.ndc, c.channel, c.cls AS "brandGeneric",
      round(c.awp, 2) AS awp, coalesce(c.member_paid, 0) AS "memberPaid", ${perColumn}
    FROM classified_detail c JOIN terms t ON t.channel = c.channel AND t.cls = c.cls
    WHERE c.state = 'kept' AND c.reason IS NULL
    ORDER BY c.row_no`);
  return rows.getRowObjectsJS() as Record<string, string | number | null>[];
}

/** A proposal column of the full claim detail: the column's terms and its header prefix. */
export interface DetailColumn {
  terms: ColumnTerms;
  label: string;
}

/** Why a row of the detail was not repriced: the exclusion's label, or its netting. */
const DETAIL_STATUS_LABELS: Readonly<Record<string, string>> = {
  ...EXCLUSION_REASON_LABELS,
  reversed: 'Reversed (netted against its reversal)',
  reversal: 'Reversal (netted against its claim)',
};

/**
 * Every claim of the classified file (within the analysis range, in file order) with, under each
 * column, its repriced ingredient cost, dispensing fee, gross, member cost share and plan cost
 * (gross less member cost share), each rounded per claim as the grid's sums are, so a column of
 * the detail sums to the grid's figure to the cent. An excluded or netted row carries its reason
 * and no prices. No member ids. The rows are streamed from DuckDB a chunk (2,048 rows) at a
 * time: the proposal's XLSX writes a million claims without holding them.
 *
 * The terms are looked up by CASE, not joined: a scan and a projection keep the file's order,
 * so a saved classification (`useClassified`, written in file order) needs no sort, which for
 * a million claims held 400 MB of DuckDB's memory. `ordered` sorts by row: a classification
 * made in this engine (`repriceFile`) is a view of windows and joins, in no set order.
 */
export async function* claimDetailRows(
  engine: Engine,
  columns: readonly DetailColumn[],
  options: { ordered: boolean },
): AsyncGenerator<Record<string, string | number | null>> {
  const quote = (label: string) => `"${label.replaceAll('"', '""')}"`;
  const lookup = (value: (channel: PricingChannel, cls: DrugClass) => number) => {
    const arms = PRICING_CHANNELS.flatMap((channel) =>
      DRUG_CLASSES.map(
        (cls) => `WHEN ${sqlText(`${channel}:${cls}`)} THEN ${sqlNumber(value(channel, cls))}`,
      ),
    );
    return `(CASE c.channel || ':' || c.cls ${arms.join(' ')} END)`;
  };
  const priced = (expr: string) => `CASE WHEN ${PRICED} THEN ${expr} END`;
  const perColumn = columns
    .map(({ terms, label }) => {
      const discount = lookup((channel, cls) => claimDiscount(terms, channel, cls));
      const fee = lookup((channel, cls) => claimDispensingFee(terms, channel, cls));
      const ingredient = `round(c.awp * (100 - ${discount}) / 100, 2)`;
      const gross = `round(${ingredient} + ${fee}, 2)`;
      return [
        `${priced(ingredient)} AS ${quote(`${label} Ingredient Cost`)}`,
        `${priced(fee)} AS ${quote(`${label} Dispensing Fee`)}`,
        `${priced(gross)} AS ${quote(`${label} Gross`)}`,
        `${priced('coalesce(c.member_paid, 0)')} AS ${quote(`${label} Member Cost Share`)}`,
        `${priced(`round(${gross} - coalesce(c.member_paid, 0), 2)`)} AS ${quote(`${label} Plan Cost`)}`,
      ].join(', ');
    })
    .join(', ');
  const result = await engine.connection.stream(`
    SELECT (c.row_no + 1)::INTEGER AS "Row", c.claim_id AS "Claim ID",
      CAST(c.fill_date AS VARCHAR) AS "Fill Date", c.ndc AS "NDC", c.channel AS "Channel",
      c.cls AS "Brand/Generic", round(c.awp, 2) AS "AWP",
      ${caseMap("CASE WHEN c.state = 'kept' THEN c.reason ELSE c.state END", DETAIL_STATUS_LABELS)}
        AS "Excluded Reason",
      ${perColumn}
    FROM classified_detail c
    ${options.ordered ? 'ORDER BY c.row_no' : ''}`);
  for await (const rows of result.yieldRowObjectJs())
    yield* rows as Record<string, string | number | null>[];
}
