/**
 * `npm run bench -- --pricing` (issue 19): one employer's generated claims (1,000,000 by default)
 * repriced under the incumbent, 3 renewals and the 3 PBMs with the whole grid, against one
 * hand-written DuckDB query computing the same net costs over the same Parquet file.
 * Everything runs in this process (the engine is in-process DuckDB), so peak memory is this
 * process's maximum resident set. First, the mapping stage: the same claims as a PBM's raw file
 * mapped onto the standard layout by the mapping job in a child process (mapping-claims.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CLAIMS_WRITE_FIELDS,
  ILLUSTRATIVE_RATE_CARDS,
  defaultSelection,
  globalCustomizations,
  pbmColumnTerms,
  type ColumnTerms,
} from '@pillar/domain';
import {
  claimsCsvToParquet,
  openEngine,
  repriceFile,
  sqlText,
} from '../../apps/server/src/modules/pricing/pricing.engine.ts';
import { runClaimsMappingStage, type ClaimsMappingStage } from './mapping-claims.ts';

export const PRICING_BUDGET_MS = 1000;
export const PRICING_VS_HAND_BUDGET = 1.5;

/** A small deterministic PRNG, so every run prices the same file. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Writes the mapped claims CSV (standard layout) in chunks; about 2 % reversals and exclusions. */
export function writeClaims(file: string, count: number): void {
  const rand = prng(19);
  const fd = fs.openSync(file, 'w');
  const header = CLAIMS_WRITE_FIELDS.map((f) => f.name);
  fs.writeSync(fd, header.join(',') + '\n');
  const pts = ['R', 'R', 'R', 'R', 'R90', 'MAIL', 'SR', 'SM'];
  let chunk: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const reversal = rand() < 0.01 && i > 0;
    const id = reversal ? `C${i - 1}` : `C${i}`;
    const brand = rand() < 0.15 ? 'B' : rand() < 0.1 ? 'S' : 'G';
    const pt = pts[Math.floor(rand() * pts.length)] as string;
    const days = rand() < 0.3 ? 90 : 30;
    const qty = days === 90 ? 90 : 30;
    const special = pt === 'SR' || pt === 'SM';
    const awp = special
      ? 3000 + rand() * 6000
      : brand === 'B'
        ? 200 + rand() * 800
        : 5 + rand() * 95;
    const awpCol = rand() < 0.5 ? `,${(awp / qty).toFixed(5)},` : `,,${awp.toFixed(2)}`;
    const day = 1 + Math.floor(rand() * 28);
    const month = 1 + Math.floor(rand() * 12);
    const member = `M${Math.floor(rand() * 4000)}`;
    const ndc = `${10000000000 + Math.floor(rand() * 20000)}`;
    const memberPaid = brand === 'B' ? 40 : 10;
    // claimId,memberId,fillDate,ndc,drugName,brandGenericIndicator,quantity,daysSupply,pharmacyNpi,
    // pharmacyType,awpUnitCost,awpTotalCost,ingredientCost,dispensingFee,memberPaid,planPaid,claimStatus
    chunk.push(
      `${id},${member},2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')},${ndc},DRUG,` +
        `${brand},${qty},${days},1234567890,${pt}${awpCol},${(awp * 0.8).toFixed(2)},1.00,${memberPaid},` +
        `${(awp * 0.8 - memberPaid).toFixed(2)},${reversal ? 'R' : rand() < 0.005 ? 'U' : 'P'}`,
    );
    if (chunk.length === 50_000) {
      fs.writeSync(fd, chunk.join('\n') + '\n');
      chunk = [];
    }
  }
  if (chunk.length) fs.writeSync(fd, chunk.join('\n') + '\n');
  fs.closeSync(fd);
}

/** The incumbent, three renewals (each a point better) and the three PBMs under the defaults. */
export function benchColumns(): ColumnTerms[] {
  const globals = globalCustomizations.parse({});
  const pbms = ILLUSTRATIVE_RATE_CARDS.map((card) =>
    pbmColumnTerms(card, globals, defaultSelection(card.pbm)),
  );
  // The incumbent starts from Caremark's terms without its formulary list or protect services
  // (decision 0143): those are a PBM column's.
  const {
    excludedNdcs: _excluded,
    disruption: _disruption,
    protectServices: _protect,
    ...base
  } = pbms[0] as ColumnTerms;
  const incumbent: ColumnTerms = {
    ...base,
    key: 'incumbent',
    name: 'Incumbent',
    pbm: null,
    discounts: {
      retail: { brand: 17, generic: 78, ssg: 40 },
      retail90: { brand: 20, generic: 80, ssg: 45 },
      mail: { brand: 23, generic: 83, ssg: 50 },
      specialty: 18,
    },
  };
  const renewals = [1, 2, 3].map((n) => ({
    ...incumbent,
    key: `renewal-${n}`,
    name: `Renewal ${n}`,
    discounts: {
      retail: { brand: 17 + n, generic: 78 + n, ssg: 40 + n },
      retail90: { brand: 20 + n, generic: 80 + n, ssg: 45 + n },
      mail: { brand: 23 + n, generic: 83 + n, ssg: 50 + n },
      specialty: 18 + n,
    },
  }));
  return [incumbent, ...renewals, ...pbms];
}

export interface PricingBenchReport {
  claims: number;
  /** The PBM's raw file mapped onto the standard layout by the mapping job (mapping-claims.ts). */
  mapping: ClaimsMappingStage;
  csvToParquetMs: number;
  repricingMs: number;
  repricingBudgetMs: number;
  handWrittenQueryMs: number;
  engineVsHandWritten: number;
  /** CPU time (all DuckDB threads: they run in this process), steadier than wall time under load. */
  repricingCpuMs: number;
  handWrittenCpuMs: number;
  engineVsHandWrittenCpu: number;
  netCostsMatch: boolean;
  peakRssMb: number;
  netCosts: Record<string, number>;
  ok: boolean;
}

/**
 * The hand-written query: the same rules written once by hand as a single query, no temp tables,
 * only the net cost per column (no breakdowns, no utilization). Fees as the columns carry them.
 */
async function handWritten(
  engine: Awaited<ReturnType<typeof openEngine>>,
  parquet: string,
  columns: readonly ColumnTerms[],
  population: { employees: number; members: number; months: number },
): Promise<Record<string, number>> {
  const rows: string[] = [];
  columns.forEach((t, col) => {
    const d = t.discounts;
    const f = t.dispensingFees;
    const r = t.rebatesPerBrandClaim;
    const fees = [...t.fees.map((x) => [x, 1] as const), ...t.credits.map((x) => [x, -1] as const)];
    const fixed = fees
      .filter(([x]) => x.type !== 'Per Claim')
      .reduce(
        (s, [x, sign]) =>
          s +
          sign *
            (x.type === 'One Time'
              ? x.amount
              : x.type === 'PEPM'
                ? x.amount * population.employees * population.months
                : x.amount * population.members * population.months),
        0,
      );
    const perClaim = fees
      .filter(([x]) => x.type === 'Per Claim')
      .reduce((s, [x, sign]) => s + sign * x.amount, 0);
    rows.push(
      `(${col}, ${d.retail.brand}, ${d.retail.generic}, ${d.retail.ssg}, ${d.retail90.brand}, ${d.retail90.generic}, ${d.retail90.ssg}, ` +
        `${d.mail.brand}, ${d.mail.generic}, ${d.mail.ssg}, ${d.specialty}, ${f.retail.brand}, ${f.retail.generic}, ` +
        `${f.retail90.brand}, ${f.retail90.generic}, ${f.mail.brand}, ${f.mail.generic}, ${f.specialtyRetail}, ${f.specialtyMail}, ` +
        `${r.retail}, ${r.retail90}, ${r.mail}, ${r.specialtyRetail}, ${r.specialtyMail}, ${fixed}, ${perClaim})`,
    );
  });
  const result = await engine.connection.runAndReadAll(`
    WITH t(col, rb, rg, rs, nb, ng, ns, mb, mg, ms, sp, frb, frg, fnb, fng, fmb, fmg, fsr, fsm,
           xr, xn, xm, xsr, xsm, fixed, per_claim) AS (VALUES ${rows.join(', ')}),
    c AS (SELECT *, file_row_number AS row_no, upper("claimStatus") AS st FROM read_parquet(${sqlText(parquet)}, file_row_number = true)),
    rev AS (SELECT "claimId", count(*) AS r FROM c WHERE st IN ('R','X','REVERSED','REVERSAL') GROUP BY 1),
    k AS (
      SELECT c.*, CASE upper("pharmacyType") WHEN 'R' THEN (CASE WHEN "daysSupply" > 83 THEN 'n' ELSE 'r' END)
          WHEN 'R90' THEN 'n' WHEN 'MAIL' THEN 'm' WHEN 'SR' THEN 'sr' WHEN 'SM' THEN 'sm' END AS ch,
        CASE upper("brandGenericIndicator") WHEN 'B' THEN 'b' WHEN 'G' THEN 'g' WHEN 'S' THEN 's' END AS bg,
        coalesce(nullif("awpTotalCost", 0), "awpUnitCost" * quantity) AS awp
      FROM c LEFT JOIN rev USING ("claimId")
      WHERE st NOT IN ('R','X','REVERSED','REVERSAL','U','UC','U&C')
      QUALIFY row_number() OVER (PARTITION BY "claimId" ORDER BY row_no) = coalesce(rev.r, 0) + 1
    ),
    p AS (
      SELECT t.col, t.fixed, t.per_claim, coalesce(k."memberPaid", 0) AS mp,
        round(k.awp * (100 - CASE k.ch
          WHEN 'r' THEN CASE k.bg WHEN 'b' THEN rb WHEN 'g' THEN rg ELSE rs END
          WHEN 'n' THEN CASE k.bg WHEN 'b' THEN nb WHEN 'g' THEN ng ELSE ns END
          WHEN 'm' THEN CASE k.bg WHEN 'b' THEN mb WHEN 'g' THEN mg ELSE ms END
          ELSE sp END) / 100, 2) AS ing,
        CASE k.ch WHEN 'r' THEN CASE k.bg WHEN 'b' THEN frb ELSE frg END
          WHEN 'n' THEN CASE k.bg WHEN 'b' THEN fnb ELSE fng END
          WHEN 'm' THEN CASE k.bg WHEN 'b' THEN fmb ELSE fmg END
          WHEN 'sr' THEN fsr ELSE fsm END AS fee,
        CASE WHEN k.bg = 'b' THEN CASE k.ch WHEN 'r' THEN xr WHEN 'n' THEN xn WHEN 'm' THEN xm
          WHEN 'sr' THEN xsr ELSE xsm END ELSE 0 END AS rebate
      FROM k CROSS JOIN t
      WHERE k.ch IS NOT NULL AND k.bg IS NOT NULL AND k.awp > 0 AND k.quantity > 0
        AND k."planPaid" + coalesce(k."memberPaid", 0) <> 0
    )
    SELECT col, round(sum(round(ing + fee, 2)) - sum(mp) - sum(rebate) + any_value(fixed)
      + any_value(per_claim) * count(*), 2) AS net FROM p GROUP BY col ORDER BY col`);
  return Object.fromEntries(
    result
      .getRowObjectsJS()
      .map((r) => [(columns[Number(r.col)] as ColumnTerms).key, Number(r.net)]),
  );
}

export async function runPricingBench(
  claims: number,
  log: (line: string) => void,
): Promise<PricingBenchReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-pricing-bench-'));
  const engine = await openEngine();
  try {
    const csv = path.join(dir, 'claims.csv');
    const parquet = path.join(dir, 'claims.parquet');
    log(`pricing: writing ${claims} claims`);
    writeClaims(csv, claims);
    const mapping = await runClaimsMappingStage(csv, claims, dir, log);
    let t = performance.now();
    await claimsCsvToParquet(engine, csv, parquet);
    const csvToParquetMs = Math.round(performance.now() - t);
    const columns = benchColumns();
    const population = { employees: 2500, members: 4000, months: 12 };
    const options = { retail90: true, population };
    await repriceFile(engine, parquet, columns, options); // warm the file cache once
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return Math.round((used.user + used.system) / 1000);
    };
    t = performance.now();
    let cpu = process.cpuUsage();
    const { grid } = await repriceFile(engine, parquet, columns, options);
    const repricingMs = Math.round(performance.now() - t);
    const repricingCpuMs = cpuMs(cpu);
    await handWritten(engine, parquet, columns, population);
    t = performance.now();
    cpu = process.cpuUsage();
    const hand = await handWritten(engine, parquet, columns, population);
    const handWrittenQueryMs = Math.round(performance.now() - t);
    const handWrittenCpuMs = cpuMs(cpu);
    const netCosts = Object.fromEntries(grid.map((c) => [c.key, c.planCost.netCost]));
    const netCostsMatch = grid.every(
      (c) => Math.abs((hand[c.key] ?? NaN) - c.planCost.netCost) < 0.005,
    );
    const ratio = Math.round((repricingMs / Math.max(1, handWrittenQueryMs)) * 100) / 100;
    return {
      claims,
      mapping,
      csvToParquetMs,
      repricingMs,
      repricingBudgetMs: PRICING_BUDGET_MS,
      handWrittenQueryMs,
      engineVsHandWritten: ratio,
      repricingCpuMs,
      handWrittenCpuMs,
      engineVsHandWrittenCpu:
        Math.round((repricingCpuMs / Math.max(1, handWrittenCpuMs)) * 100) / 100,
      netCostsMatch,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      netCosts,
      ok:
        repricingMs < PRICING_BUDGET_MS &&
        ratio <= PRICING_VS_HAND_BUDGET &&
        netCostsMatch &&
        mapping.ok,
    };
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
