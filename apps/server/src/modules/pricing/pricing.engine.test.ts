import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIMS_WRITE_FIELDS,
  badRowProblem,
  badValueMessage,
  guaranteeReconciliation,
  incumbentStats,
  parseClaimDate,
  parseClaimNumber,
  repriceGrid,
  type ColumnTerms,
  type StandardClaim,
} from '@pillar/domain';
import {
  COMPETITOR,
  INCUMBENT,
  TABLE,
  claim,
} from '../../../../../packages/domain/src/repricing-table.ts';
import {
  claimsCsvToParquet,
  classifiedRows,
  openEngine,
  repriceClassified,
  repriceFile,
  type Engine,
} from './pricing.engine.ts';

let dir: string;
let engine: Engine;

/** Writes claims as the mapped claims CSV (the standard layout's headers, empty for null). */
function writeCsv(
  name: string,
  claims: readonly StandardClaim[],
  fill = (c: StandardClaim) => c.fillDate ?? 'not a date',
  raw: Readonly<Record<string, Partial<Record<keyof StandardClaim, string>>>> = {},
): string {
  const keys = CLAIMS_WRITE_FIELDS.map((f) => f.name) as (keyof StandardClaim)[];
  const cell = (v: string | number | null) =>
    v === null ? '' : `"${String(v).replaceAll('"', '""')}"`;
  // The layout's keys are the claim's plain fields (never `unparseable`).
  const value = (c: StandardClaim, k: keyof StandardClaim) =>
    raw[c.claimId]?.[k] ?? ((k === 'fillDate' ? fill(c) : c[k]) as string | number | null);
  const lines = [
    keys.join(','),
    ...claims.map((c) => keys.map((k) => cell(value(c, k))).join(',')),
  ];
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

async function parquetOf(name: string, claims: readonly StandardClaim[]): Promise<string> {
  const out = path.join(dir, `${name}.parquet`);
  await claimsCsvToParquet(engine, writeCsv(`${name}.csv`, claims), out);
  return out;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-pricing-'));
  engine = await openEngine();
});
afterAll(() => {
  engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const OPTIONS = { retail90: true, population: { employees: 10, members: 20, months: 12 } };
const COLUMNS: ColumnTerms[] = [INCUMBENT, COMPETITOR];

describe('the DuckDB engine gives the rules’ figures', () => {
  it('on the hand-computed table, to the cent, with Retail 90 on and off', async () => {
    const file = await parquetOf('table', TABLE);
    for (const retail90 of [true, false]) {
      const options = { ...OPTIONS, retail90 };
      const sql = await repriceFile(engine, file, COLUMNS, options);
      expect(sql.grid).toEqual(repriceGrid(TABLE, COLUMNS, options));
      expect(sql.incumbentStats).toEqual(incumbentStats(TABLE, options));
      expect(sql.guarantees).toEqual(guaranteeReconciliation(TABLE, INCUMBENT, options));
    }
    // and the table's own hand-computed net cost, so both sides cannot drift together
    const sql = await repriceFile(engine, file, COLUMNS, OPTIONS);
    expect(sql.grid.map((c) => c.planCost.netCost)).toEqual([2439, 2622]);
  });

  it('prices a claim without AWP from the price file in force on its fill date', async () => {
    const file = await parquetOf('prices', TABLE);
    const prices = [
      { ndc: '99999000011', effectiveDate: '2026-01-01', unitPrice: 2 },
      { ndc: '99999000011', effectiveDate: '2026-06-01', unitPrice: 3 },
    ];
    const options = { ...OPTIONS, prices };
    const sql = await repriceFile(engine, file, COLUMNS, options);
    expect(sql.grid).toEqual(repriceGrid(TABLE, COLUMNS, options));
    expect(sql.grid[0]?.planCost.grossClaimAmountPaid).toBe(4293.4);
  });

  it('on generated claims of every channel, class and exclusion', async () => {
    // A deterministic spread: odd amounts (unit AWP × quantity with 3 decimals) stress rounding.
    const pts = ['R', 'R90', 'MAIL', 'SR', 'SM', 'RETAIL', 'X'];
    const bgs = ['B', 'G', 'S', 'N', 'Y', 'C', ''];
    const statuses = ['P', 'P', 'P', 'P', 'U', 'R', 'P'];
    const claims: StandardClaim[] = [];
    for (let i = 0; i < 700; i += 1) {
      claims.push(
        claim({
          claimId: `g${i % 650}`,
          memberId: `m${i % 37}`,
          ndc: i % 53 === 0 ? '00093000001' : `5000${i % 97}`,
          pharmacyType: pts[i % 7],
          brandGenericIndicator: bgs[(i * 3) % 7],
          claimStatus: statuses[(i * 5) % 7],
          daysSupply: [30, 84, 90, 83, 28][i % 5],
          quantity: i % 41 === 0 ? 0 : ((i % 13) + 1) * 7.5,
          awpTotalCost: i % 3 === 0 ? null : 10 + ((i * 7919) % 100000) / 100,
          awpUnitCost: i % 3 === 0 && i % 9 !== 0 ? 0.12345 * ((i % 11) + 1) : null,
          memberPaid: (i % 17) * 1.25,
          planPaid: i % 29 === 0 ? 0 : 50,
          ingredientCost: 12.34 + (i % 7) * 150,
          dispensingFee: 1.1,
        }),
      );
    }
    const file = await parquetOf('generated', claims);
    const sql = await repriceFile(engine, file, COLUMNS, OPTIONS);
    const rules = repriceGrid(claims, COLUMNS, OPTIONS);
    expect(sql.grid).toEqual(rules);
    expect(rules[0]?.utilization.claimsExcluded).toBeGreaterThan(0);
    expect(rules[0]?.reversedPairs).toBeGreaterThan(0);
    expect(sql.incumbentStats).toEqual(incumbentStats(claims, OPTIONS));
    expect(sql.guarantees).toEqual(guaranteeReconciliation(claims, INCUMBENT, OPTIONS));
    expect(sql.guarantees.some((g) => g.shortfall > 0)).toBe(true);
  });

  it('reads a file missing optional columns and unparseable values as excluded rows, not errors', async () => {
    const csv = path.join(dir, 'short.csv');
    fs.writeFileSync(
      csv,
      'claimId,memberId,fillDate,ndc,brandGenericIndicator,quantity,daysSupply,pharmacyType,awpTotalCost,memberPaid\n' +
        'a1,m1,2026-02-01,1,B,30,30,R,100,10\n' +
        'a2,m1,31/31/2026,1,B,30,30,R,100,10\n' +
        'a3,m2,02/03/2026,1,G,abc,30,R,100,0\n',
    );
    const out = path.join(dir, 'short.parquet');
    expect(await claimsCsvToParquet(engine, csv, out)).toEqual({ rows: 3 });
    const { grid } = await repriceFile(engine, out, [INCUMBENT], OPTIONS);
    expect(grid[0]?.exclusions.badRow).toBe(2);
    // a1: 100 × 0.82 + 1.00
    expect(grid[0]?.planCost.grossClaimAmountPaid).toBe(83);
  });

  it('lists a present but unparseable amount, date or quantity as a bad row, never as $0', async () => {
    // Each claim's cell as the file has it, and the claim as the rules read it.
    const raw: Record<string, Partial<Record<keyof StandardClaim, string>>> = {
      dollar: { memberPaid: '$10.00' },
      words: { planPaid: 'abc' },
      thousands: { awpTotalCost: '1,000.00' },
      nan: { ingredientCost: 'NaN' },
      inf: { dispensingFee: 'Infinity' },
      unit: { awpUnitCost: '0.5.1' },
      feb30: { fillDate: '2026-02-30' },
      qty: { quantity: '30 tabs' },
      negative: { quantity: '-3' },
      days: { daysSupply: '' },
      blank: { memberPaid: '', planPaid: '' },
      exp: { memberPaid: '1e1' },
    };
    const claims: StandardClaim[] = [
      claim({ claimId: 'ok', memberPaid: 10, planPaid: 70 }),
      claim({ claimId: 'dollar', memberPaid: null, planPaid: 70, unparseable: ['memberPaid'] }),
      claim({ claimId: 'words', planPaid: null, unparseable: ['planPaid'] }),
      claim({ claimId: 'thousands', awpTotalCost: null, unparseable: ['awpTotalCost'] }),
      claim({ claimId: 'nan', ingredientCost: null, unparseable: ['ingredientCost'] }),
      claim({ claimId: 'inf', dispensingFee: null, unparseable: ['dispensingFee'] }),
      claim({ claimId: 'unit', awpUnitCost: null, unparseable: ['awpUnitCost'] }),
      claim({ claimId: 'feb30', fillDate: null, unparseable: ['fillDate'] }),
      claim({ claimId: 'qty', quantity: null, unparseable: ['quantity'] }),
      claim({ claimId: 'negative', quantity: -3 }),
      claim({ claimId: 'days', daysSupply: null }),
      // A blank optional amount is allowed: priced, member paid read as none.
      claim({ claimId: 'blank', memberPaid: null, planPaid: null }),
      claim({ claimId: 'exp', memberPaid: 10 }),
    ];
    // The rules' cell readers agree with the claims above on which cells do not parse.
    for (const [id, cells] of Object.entries(raw))
      for (const [field, text] of Object.entries(cells)) {
        const read = field === 'fillDate' ? parseClaimDate(text) : parseClaimNumber(text);
        const listed = claims.find((c) => c.claimId === id)!.unparseable ?? [];
        expect(read === 'unparseable', `${id} ${field}`).toBe(
          (listed as readonly string[]).includes(field),
        );
      }
    const file = path.join(dir, 'bad-values.parquet');
    await claimsCsvToParquet(engine, writeCsv('bad-values.csv', claims, undefined, raw), file);
    const sql = await repriceFile(engine, file, COLUMNS, OPTIONS);
    expect(sql.grid).toEqual(repriceGrid(claims, COLUMNS, OPTIONS));
    const incumbent = sql.grid[0]!;
    expect(incumbent.exclusions.badRow).toBe(10);
    expect(incumbent.utilization.claimsExcluded).toBe(10);
    // ok, blank and exp: 3 × (100 × 0.82 + 1.00); member paid 10 + 0 + 10, not the dollar's.
    expect(incumbent.planCost.grossClaimAmountPaid).toBe(249);
    expect(incumbent.planCost.lessMemberCostShare).toBe(20);

    const { read, bad } = await classifiedRows(engine, 100);
    expect(read).toBe(13);
    expect(bad.map((b) => [b.row, b.claimId, b.field, b.message])).toEqual([
      [2, 'dollar', 'memberPaid', 'Member Paid is not a number'],
      [3, 'words', 'planPaid', 'Plan Paid is not a number'],
      [4, 'thousands', 'awpTotalCost', 'AWP Total Cost is not a number'],
      [5, 'nan', 'ingredientCost', 'Ingredient Cost is not a number'],
      [6, 'inf', 'dispensingFee', 'Dispensing Fee is not a number'],
      [7, 'unit', 'awpUnitCost', 'AWP Unit Cost is not a number'],
      [8, 'feb30', 'fillDate', 'Fill Date is not a date (YYYY-MM-DD or MM/DD/YYYY)'],
      [9, 'qty', 'quantity', 'Quantity is not a number'],
      [10, 'negative', 'quantity', 'Quantity must be more than 0'],
      [11, 'days', 'daysSupply', 'Days Supply is required'],
    ]);
    expect(bad.every((b) => b.reason === 'badRow')).toBe(true);
    // the rules name the same field and problem
    for (const b of bad) {
      const problem = badRowProblem(claims.find((c) => c.claimId === b.claimId)!)!;
      expect(badValueMessage(problem.field, problem.problem)).toBe(b.message);
    }
  });

  it('gives the same grid within a small memory limit and one thread', async () => {
    const bounded = await openEngine({ memoryLimit: '64MB', threads: 1 });
    try {
      const file = await parquetOf('bounded', TABLE);
      const { grid } = await repriceFile(bounded, file, COLUMNS, OPTIONS);
      expect(grid).toEqual(repriceGrid(TABLE, COLUMNS, OPTIONS));
      const limit = await bounded.connection.runAndReadAll(
        "SELECT current_setting('memory_limit') AS m, current_setting('threads') AS t",
      );
      expect(limit.getRowObjectsJS()[0]).toEqual({ m: '61.0 MiB', t: 1n });
    } finally {
      bounded.close();
    }
  });

  it('recalculates other columns over the claims already classified', async () => {
    const file = await parquetOf('recalc', TABLE);
    await repriceFile(engine, file, COLUMNS, OPTIONS);
    const swapped = [COMPETITOR, INCUMBENT];
    const again = await repriceClassified(engine, swapped, OPTIONS);
    expect(again.grid).toEqual(repriceGrid(TABLE, swapped, OPTIONS));
    // the competitor is now the base: the incumbent saves 183 against it
    expect(again.grid[1]?.contractSavings.contractSavings).toBe(183);
  });

  it('keeps to the analysis range', async () => {
    const file = await parquetOf('range', [
      ...TABLE,
      claim({ claimId: 'undated', fillDate: null }),
    ]);
    const { grid } = await repriceFile(engine, file, [INCUMBENT], {
      ...OPTIONS,
      startDate: '2026-04-01',
    });
    expect(grid[0]?.utilization.percClaimsRepriced).toBe(0);
    expect(grid[0]?.planCost.grossClaimAmountPaid).toBe(0);
    // A claim without a parsable fill date is outside no range: it is still counted.
    expect(grid[0]?.exclusions.badRow).toBe(1);
  });
});
