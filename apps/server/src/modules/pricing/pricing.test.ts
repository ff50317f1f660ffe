import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CLAIMS_FILE_MESSAGES,
  CLAIM_DETAIL_MAX,
  PRICING_MESSAGES,
  defaultSelection,
  type ExplainAnswer,
  type FaJobStatus,
  type MappedClaimsFile,
  type PricingGridAnswer,
} from '@pillar/domain';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { BAD_JSON_VALUES, BAD_TEXTS, encode } from '../../test/bad-input.ts';
import { FA_JOB_SELECTIONS, ranFaJob, registeredClaimsFile } from '../../test/fa-flow.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { runFaJob } from './index.ts';

let t: TestApp;
// The queue runs so POST fa_jobs can queue; the tests run each job themselves (runFaJob).
useTestApp((app) => (t = app), { startJobs: true });

const OPP = 1;
const base = (opp = OPP) => `/evaluate/v1/opps/${opp}`;

async function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  caller: Caller = 'financialAnalyst',
) {
  return t.injectAs(caller, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

function expectProblem(
  response: { statusCode: number; body: string; json: <T>() => T },
  status: number,
  field?: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const problem = response.json<{ params?: Record<string, string>; detail?: string }>();
  if (field) expect(Object.keys(problem.params ?? {})).toContain(field);
  if (field && message) expect(problem.params?.[field]).toBe(message);
  return problem;
}

/*
 * A hand-computed file. With Retail 90 on and the contract below:
 *   C1 retail brand, AWP 100: 100 × (100 − 18) / 100 = 82.00 + fee 1.00 = 83.00
 *   C2 retail generic, 90 days (> 83: retail90), AWP 50: 50 × 18% = 9.00 + 0.50 = 9.50
 *   C3 mail generic, AWP 40: 40 × 15% = 6.00 + 0 = 6.00
 *   C4 specialty mail brand, AWP 1000: 1000 × 85% = 850.00 + 0 = 850.00
 *   gross 948.50; member paid 10 + 5 + 0 + 50 = 65; rebates: C1 retail 20 + C4 specialty 100 = 120
 *   net = 948.50 − 65 − 120 = 763.50
 *   C5 unparseable date (badRow), C6 pharmacy type Z (unknownChannel), C7 paid then reversed.
 * Incumbent stats: 4 repriced; generic 2 (50%), mail 1 (25%), retail90 1 (25%), specialty 1
 * (25%) with the incumbent's own ingredient cost 850 of AWP 1000: effective rate 15%.
 */
const HEADER =
  'claimId,memberId,fillDate,ndc,brandGenericIndicator,quantity,daysSupply,pharmacyType,awpUnitCost,awpTotalCost,ingredientCost,dispensingFee,memberPaid,planPaid,claimStatus';
const MAPPED_CSV = [
  HEADER,
  'C1,M1,2026-01-05,00002143380,B,30,30,R,,100.00,80.00,1.00,10.00,71.00,P',
  'C2,M1,2026-01-20,00093714656,G,60,90,R,,50.00,10.00,1.00,5.00,6.00,P',
  'C3,M2,2026-02-03,00093714657,G,30,30,M,,40.00,8.00,0,0,8.00,P',
  'C4,M3,2026-02-10,00011111111,B,1,30,SM,,1000.00,850.00,0,50.00,800.00,P',
  'C5,M3,not-a-date,00011111112,B,1,30,R,,10.00,8.00,0,1.00,7.00,P',
  'C6,M4,2026-03-01,00093714656,G,30,30,Z,,50.00,10.00,1.00,5.00,6.00,P',
  'C7,M4,2026-03-02,00093714656,G,30,30,R,,50.00,10.00,1.00,5.00,6.00,P',
  'C7,M4,2026-03-03,00093714656,G,30,30,R,,50.00,10.00,1.00,5.00,6.00,R',
].join('\n');

const CONTRACT = {
  contractTermLength: 3,
  contractEffDate: '2025-01-01',
  ssgOrDsg: 'no',
  discounts: [
    { code: 'retailBrand', value: 18 },
    { code: 'retailGeneric', value: 80 },
    { code: 'retailFee', value: 1 },
    { code: 'r90Brand', value: 20 },
    { code: 'r90Generic', value: 82 },
    { code: 'r90Fee', value: 0.5 },
    { code: 'mailBrand', value: 22 },
    { code: 'mailGeneric', value: 85 },
    { code: 'mailFee', value: 0 },
    { code: 'specialtyAwp', value: 15 },
    { code: 'rebateRetail', value: 20 },
    { code: 'rebateSpecialty', value: 100 },
  ],
};

const mappedFile = (csv: string, opp = OPP): Promise<MappedClaimsFile> =>
  registeredClaimsFile(t, opp, csv);

const JOB = FA_JOB_SELECTIONS;

async function deps() {
  return { db: t.ctx.db, storage: await createFileStorage(t.ctx.config.storage, t.ctx.secrets) };
}

/** Contract saved, file mapped, job created and run: the grid of a complete job. */
async function completeJob(
  csv = MAPPED_CSV,
): Promise<{ mapped: MappedClaimsFile; job: FaJobStatus }> {
  await ok('POST', `${base()}/contract-info`, CONTRACT);
  // The hand-computed incumbent has no fees, credits or renewal entries (the seed gives some).
  await ok('POST', `${base()}/fees`, { items: [] });
  await ok('POST', `${base()}/credits`, { items: [] });
  await ok('POST', `${base()}/incumbentRenewal`, { entries: [] });
  const mapped = await mappedFile(csv);
  const job = await ranFaJob(t, OPP, mapped);
  return { mapped, job };
}

describe('FA jobs', () => {
  it('says no job has run, then runs one to COMPLETE with exclusions counted and listed per row', async () => {
    const mapped = await mappedFile(MAPPED_CSV);
    const none = await ok<FaJobStatus>('GET', `/evaluate/v1/opps/fa_jobs/1/${mapped.id}`);
    expect(none.status).toBeNull();
    expect(none.badRows).toEqual([]);
    expectProblem(await call('GET', `${base()}/fa/${mapped.id}`), 404);

    const { job } = await completeJob();
    expect(job.status, job.systemMessage ?? '').toBe('COMPLETE');
    expect(job.systemMessage).toBeNull();
    expect(job.claimsRead).toBe(8);
    expect(job.exclusions).toMatchObject({ badRow: 1, unknownChannel: 1, duplicate: 0 });
    expect(job.reversedPairs).toBe(1);
    expect(job.badRows).toEqual([
      {
        row: 5,
        claimId: 'C5',
        reason: 'badRow',
        field: 'fillDate',
        message: 'Fill Date is not a date (YYYY-MM-DD or MM/DD/YYYY)',
      },
      { row: 6, claimId: 'C6', reason: 'unknownChannel', field: null, message: null },
    ]);
  });

  it('lists rows with an unparseable amount or quantity by row, field and message, and leaves them out of the totals', async () => {
    // The hand-computed file (net 763.50, member 65) with four more rows: C8's member paid
    // and C9's plan paid do not parse (not $0), C10's AWP has a thousands separator, C11's
    // quantity is a word; C12 has blank member and plan paid, which is allowed: it is priced
    // (retail brand AWP 100: 82.00 + 1.00 = 83.00, no member cost share).
    const csv = [
      MAPPED_CSV,
      'C8,M5,2026-03-04,00002143380,B,30,30,R,,100.00,80.00,1.00,$10.00,71.00,P',
      'C9,M5,2026-03-05,00002143380,B,30,30,R,,100.00,80.00,1.00,10.00,n/a,P',
      'C10,M5,2026-03-06,00002143380,B,30,30,R,,"1,000.00",80.00,1.00,10.00,71.00,P',
      'C11,M5,2026-03-07,00002143380,B,thirty,30,R,,100.00,80.00,1.00,10.00,71.00,P',
      'C12,M6,2026-03-08,00002143380,B,30,30,R,,100.00,80.00,1.00,,,P',
    ].join('\n');
    const { mapped, job } = await completeJob(csv);
    expect(job.status, job.systemMessage ?? '').toBe('COMPLETE');
    expect(job.claimsRead).toBe(13);
    expect(job.exclusions).toMatchObject({ badRow: 5, unknownChannel: 1, zeroBalance: 0 });
    expect(job.badRows.filter((r) => r.reason === 'badRow')).toEqual([
      {
        row: 5,
        claimId: 'C5',
        reason: 'badRow',
        field: 'fillDate',
        message: 'Fill Date is not a date (YYYY-MM-DD or MM/DD/YYYY)',
      },
      {
        row: 9,
        claimId: 'C8',
        reason: 'badRow',
        field: 'memberPaid',
        message: 'Member Paid is not a number',
      },
      {
        row: 10,
        claimId: 'C9',
        reason: 'badRow',
        field: 'planPaid',
        message: 'Plan Paid is not a number',
      },
      {
        row: 11,
        claimId: 'C10',
        reason: 'badRow',
        field: 'awpTotalCost',
        message: 'AWP Total Cost is not a number',
      },
      {
        row: 12,
        claimId: 'C11',
        reason: 'badRow',
        field: 'quantity',
        message: 'Quantity is not a number',
      },
    ]);
    const inc = (await ok<PricingGridAnswer>('GET', `${base()}/fa/${mapped.id}`)).columns[0]!;
    // 948.50 + C12's 83.00; member 65 + 0; rebates 120 + C12's retail 20.
    expect(inc.planCost).toMatchObject({
      grossClaimAmountPaid: 1031.5,
      lessMemberCostShare: 65,
      rebateAmount: 140,
      netCost: 826.5,
    });
    expect(inc.utilization).toMatchObject({ claimsExcluded: 6 });
  });

  it('ends in ERROR with the reason when the mapped file lacks the standard columns', async () => {
    await ok('POST', `${base()}/contract-info`, CONTRACT);
    const mapped = await mappedFile('claimId,memberId,Paid\nC1,M1,3.00\n');
    const created = await ok<FaJobStatus>(
      'POST',
      '/evaluate/v1/opps/fa_jobs/1',
      { ...JOB, fileStorageID: mapped.id },
      201,
    );
    await runFaJob(await deps(), created.faJobId!);
    const job = await ok<FaJobStatus>('GET', `/evaluate/v1/opps/fa_jobs/1/${mapped.id}`);
    expect(job.status).toBe('ERROR');
    expect(job.systemMessage).toContain('fillDate');
    expectProblem(await call('GET', `${base()}/fa/${mapped.id}`), 404);
    expect((await call('GET', `${base()}/fa/${mapped.id}`)).json<{ detail: string }>().detail).toBe(
      PRICING_MESSAGES.noGrid,
    );
  });

  it('refuses a job without its required selections, naming each', async () => {
    const response = await call('POST', '/evaluate/v1/opps/fa_jobs/1', {});
    const problem = expectProblem(response, 400, 'fileStorageID', 'File is required');
    expect(problem.params).toMatchObject({
      pricingOption: 'Pricing Option is required',
      disruptionType: 'Disruption Type is required',
      pbmSpecialtyOverride: 'Specialty Indicator is required',
    });
  });

  it('refuses a Fill Date Range outside the file with the message, and runs one within it', async () => {
    const mapped = await mappedFile(MAPPED_CSV);
    const url = '/evaluate/v1/opps/fa_jobs/1';
    // The file's fill dates run from 2026-01-05 to 2026-03-03.
    for (const range of [
      { analysisStartDate: '2026-01-04', analysisEndDate: '2026-02-01' },
      { analysisStartDate: '2026-01-05', analysisEndDate: '2026-03-04' },
    ]) {
      const problem = expectProblem(
        await call('POST', url, { ...JOB, fileStorageID: mapped.id, ...range }),
        400,
      );
      expect(Object.values(problem.params ?? {})).toEqual([CLAIMS_FILE_MESSAGES.rangeOutside]);
    }
    await ok(
      'POST',
      url,
      {
        ...JOB,
        fileStorageID: mapped.id,
        analysisStartDate: '2026-01-05',
        analysisEndDate: '2026-03-03',
      },
      201,
    );
  });

  it('answers 404 for a mapped file of another opportunity and an unknown opportunity', async () => {
    const mapped = await mappedFile(MAPPED_CSV);
    expectProblem(
      await call('POST', '/evaluate/v1/opps/fa_jobs/2', { ...JOB, fileStorageID: mapped.id }),
      404,
    );
    expectProblem(await call('GET', `/evaluate/v1/opps/fa_jobs/2/${mapped.id}`), 404);
    expectProblem(await call('GET', `${base(2)}/fa/${mapped.id}/incumbentStats`), 404);
    expectProblem(await call('POST', `${base(2)}/fa/${mapped.id}`, { pbmSelections: [] }), 404);
    expectProblem(
      await call('GET', `${base(2)}/fa/${mapped.id}/explain?column=incumbent&row=netCost`),
      404,
    );
    expectProblem(await call('GET', `/evaluate/v1/opps/999999/fa/${mapped.id}`), 404);
  });
});

describe('incumbent stats, the grid and recalculation', () => {
  it('computes the incumbent stats and the incumbent column by hand', async () => {
    const { mapped } = await completeJob();
    const stats = await ok('GET', `${base()}/fa/${mapped.id}/incumbentStats`);
    expect(stats).toEqual({
      generic: 2,
      genericRate: 50,
      mail: 1,
      mailPercent: 25,
      retail90: 1,
      retail90Percent: 25,
      specialty: 1,
      specialtyEffRate: 15,
      specialtyPercent: 25,
    });
    const grid = await ok<PricingGridAnswer>('GET', `${base()}/fa/${mapped.id}`);
    expect(grid.columns.map((c) => c.pbm)).toEqual([
      null,
      'CVS_CAREMARK',
      'OPTUMRX',
      'EXPRESS_SCRIPTS',
    ]);
    const inc = grid.columns[0]!;
    expect(inc.planCost).toMatchObject({
      grossClaimAmountPaid: 948.5,
      lessMemberCostShare: 65,
      rebateAmount: 120,
      totalFees: 0,
      totalCredits: 0,
      netCost: 763.5,
    });
    expect(inc.utilization).toMatchObject({ claimsExcluded: 2, percClaimsRepriced: 66.67 });
    expect(inc.contractSavings).toEqual({ contractSavings: 0, percentSavings: 0 });
    expect(grid.footNotes.some((f) => f.isStatic)).toBe(true);
    expect(grid.footNotes.map((f) => f.text)).toContainEqual(
      expect.stringContaining('2 claims were not repriced'),
    );
    expect(grid.footNotes.map((f) => f.id)).toEqual(grid.footNotes.map((_, i) => i + 1));
    // Small file: the per-claim detail rides along for the XLSX proposal.
    expect(grid.claimDetail).toHaveLength(4);
    const first = grid.claimDetail![0]!;
    expect(first).toMatchObject({ row: 1, claimId: 'C1', channel: 'retail', awp: 100 });
    expect(first[`${inc.name} gross`]).toBe(83);
  });

  it('recalculates with other selections, changing the grid, and refuses more than 3', async () => {
    const { mapped } = await completeJob();
    const before = await ok<PricingGridAnswer>('GET', `${base()}/fa/${mapped.id}`);
    // Hospital pricing (+1 brand point) and the Value network (+1 brand, +2 generic points).
    const caremark = {
      ...defaultSelection('CVS_CAREMARK'),
      pharmacyNetwork: 'Value',
      protectServices: 'advanced',
    };
    const after = await ok<PricingGridAnswer>('POST', `${base()}/fa/${mapped.id}`, {
      globalCustomizations: { pricing: 'Hospital' },
      pbmSelections: [caremark],
    });
    expect(after.columns.map((c) => c.key)).toEqual(['incumbent', 'pbm-1']);
    const was = before.columns.find((c) => c.pbm === 'CVS_CAREMARK')!;
    const now = after.columns[1]!;
    expect(now.planCost.grossClaimAmountPaid).toBeLessThan(was.planCost.grossClaimAmountPaid);
    expect(now.planCost.rebateAmount).toBeLessThan(was.planCost.rebateAmount);
    expect(now.planCost.feeBreakdown.map((f) => f.name)).toContain('Protect Services Fee');
    // The incumbent does not move with the PBM selections.
    expect(after.columns[0]!.planCost.netCost).toBe(763.5);
    // The grid read back is the recalculated one.
    const read = await ok<PricingGridAnswer>('GET', `${base()}/fa/${mapped.id}`);
    expect(read.columns).toEqual(after.columns);

    const four = ['CVS_CAREMARK', 'OPTUMRX', 'EXPRESS_SCRIPTS', 'OPTUMRX'].map((p) =>
      defaultSelection(p as 'OPTUMRX'),
    );
    expectProblem(
      await call('POST', `${base()}/fa/${mapped.id}`, { pbmSelections: four }),
      400,
      'pbmSelections',
      PRICING_MESSAGES.tooManySelections,
    );
  });

  it('reclassifies when Retail 90 is turned off: the 90-day retail claim is priced at retail', async () => {
    const { mapped } = await completeJob();
    const off = await ok<PricingGridAnswer>('POST', `${base()}/fa/${mapped.id}`, {
      globalCustomizations: { retail90: 0 },
      pbmSelections: [],
    });
    // C2 at retail: 50 × 20% = 10.00 + 1.00 = 11.00 instead of 9.50.
    expect(off.columns[0]!.planCost.grossClaimAmountPaid).toBe(950);
    expect(off.incumbentStats.retail90).toBe(0);
    // An iteration of that grid: its XLSX detail is classified the same way, in file order.
    const saved = await saveIteration(mapped.id, off, []);
    const rows = sheetObjects((await proposalBook(saved.id)).getWorksheet('Claim Detail')!);
    expect(rows.map((r) => r.Row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const c2 = rows.find((r) => r['Claim ID'] === 'C2')!;
    expect(c2.Channel).toBe('retail');
    expect(c2[`${off.columns[0]!.name} Gross`]).toBe(11);
    expectDetailTotals(rows, off.columns);
  });
});

describe('explain a cell', () => {
  it('gives the formula, the terms and the claim counts, and the claims behind it as CSV', async () => {
    const { mapped } = await completeJob();
    const url = `${base()}/fa/${mapped.id}/explain`;
    const net = await ok<ExplainAnswer>('GET', `${url}?column=incumbent&row=netCost`);
    expect(net.value).toBe(763.5);
    expect(net.formula).toContain('member cost share');
    expect(net.terms).toContainEqual({ name: 'Rebates', value: 120 });
    expect(net.claimCounts).toEqual({ repriced: 4, excluded: 2, inCell: 4 });

    const cell = await ok<ExplainAnswer>('GET', `${url}?column=incumbent&row=paid.retail.brand`);
    expect(cell.value).toBe(83);
    expect(cell.terms).toContainEqual({ name: 'Discount off AWP (%)', value: 18 });
    expect(cell.claimCounts.inCell).toBe(1);

    const csv = await call('GET', `${url}/claims?column=incumbent&row=genericDispensingRate`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = Papa.parse<Record<string, string>>(csv.body.trim(), { header: true }).data;
    expect(rows.map((r) => [r.claimId, r.channel, r.gross])).toEqual([
      ['C2', 'retail90', '9.5'],
      ['C3', 'mail', '6'],
    ]);
    const excluded = await call('GET', `${url}/claims?column=incumbent&row=claimsExcluded`);
    const reasons = Papa.parse<Record<string, string>>(excluded.body.trim(), { header: true }).data;
    expect(reasons.map((r) => [r.claimId, r.reason])).toEqual([
      ['C5', 'badRow'],
      ['C6', 'unknownChannel'],
    ]);

    expectProblem(await call('GET', `${url}?column=nope&row=netCost`), 400, 'column');
    expectProblem(await call('GET', `${url}?column=incumbent&row=bogus`), 400, 'row');
  });
});

describe('explain a disruption cell', () => {
  it("marks each claim behind it disrupted or not by the column's formulary, as the grid counts", async () => {
    // Caremark's default formulary (Standard Control) excludes Cialis (NDC 00002446534).
    const { mapped } = await completeJob(
      `${MAPPED_CSV}\nC8,M5,2026-03-05,00002446534,B,30,30,R,,300.00,240.00,1.00,40.00,200.00,P`,
    );
    const grid = await ok<PricingGridAnswer>('GET', `${base()}/fa/${mapped.id}`);
    const caremark = grid.columns.find((c) => c.key === 'pbm-1')!;
    expect(caremark.disruption.pctRx).toBeGreaterThan(0);
    const url = `${base()}/fa/${mapped.id}/explain/claims?column=pbm-1&row=pctRx`;
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const rows = Papa.parse<Record<string, string>>(response.body.trim(), { header: true }).data;
    expect(rows.filter((r) => r.disrupted === 'Yes').map((r) => r.claimId)).toEqual(['C8']);
    expect(rows.filter((r) => r.disrupted === 'No')).toHaveLength(4);
    expect(caremark.disruption.pctRx).toBe(20);
    // Another cell's claims carry no such column.
    const gross = await call('GET', url.replace('pctRx', 'grossClaimAmountPaid'));
    expect(gross.body.split('\r\n')[0]).not.toContain('disrupted');
  });
});

describe('the grid as an iteration', () => {
  it('explains a reopened iteration from the grid it was saved from, not the current one', async () => {
    const { mapped } = await completeJob();
    const first = await ok<PricingGridAnswer>('GET', `${base()}/fa/${mapped.id}`);
    expect(first.gridVersionId).toEqual(expect.any(Number));
    const save = (cscExtra: object) =>
      ok<{ id: number }>(
        'POST',
        `${base()}/fa_iterations`,
        {
          mappedClaimFileID: mapped.id,
          cscData: {
            outputColumns: [],
            stale: false,
            globalCustomizations: first.globalCustomizations,
            pbmSelections: first.pbmSelections,
            ...cscExtra,
          },
          notes: 'Saved before the recalculation',
          pricingGridData: { columns: first.columns },
          footNotes: first.footNotes,
        },
        201,
      );
    const saved = await save({ gridVersionId: first.gridVersionId });
    const unversioned = await save({});
    // The analyst moves on: Hospital pricing on the Value network prices Caremark lower.
    const caremark = { ...defaultSelection('CVS_CAREMARK'), pharmacyNetwork: 'Value' };
    const now = await ok<PricingGridAnswer>('POST', `${base()}/fa/${mapped.id}`, {
      globalCustomizations: { pricing: 'Hospital' },
      pbmSelections: [caremark],
    });
    expect(now.gridVersionId).not.toBe(first.gridVersionId);
    const was = first.columns.find((c) => c.key === 'pbm-1')!;
    const is = now.columns.find((c) => c.key === 'pbm-1')!;
    expect(is.planCost.grossClaimAmountPaid).not.toBe(was.planCost.grossClaimAmountPaid);

    const url = `${base()}/fa/${mapped.id}/explain`;
    const q = '?column=pbm-1&row=grossClaimAmountPaid';
    const current = await ok<ExplainAnswer>('GET', `${url}${q}`);
    expect(current.value).toBe(is.planCost.grossClaimAmountPaid);
    const own = await ok<ExplainAnswer>('GET', `${url}${q}&iteration=${saved.id}`);
    expect(own.value).toBe(was.planCost.grossClaimAmountPaid);
    expect(own.columnName).toBe(was.name);
    // The claims behind the iteration's cell are repriced under the iteration's terms.
    const claims = await call('GET', `${url}/claims${q}&iteration=${saved.id}`);
    expect(claims.statusCode, claims.body).toBe(200);
    const rows = Papa.parse<Record<string, string>>(claims.body.trim(), { header: true }).data;
    const gross = rows.reduce((sum, r) => sum + Number(r.gross), 0);
    expect(Math.round(gross * 100) / 100).toBe(was.planCost.grossClaimAmountPaid);

    // Saved before versions: said so; another file's or an unknown iteration: 404.
    expectProblem(await call('GET', `${url}${q}&iteration=${unversioned.id}`), 409);
    expect(
      (await call('GET', `${url}${q}&iteration=${unversioned.id}`)).json<{ detail: string }>()
        .detail,
    ).toBe(PRICING_MESSAGES.iterationNotExplainable);
    expectProblem(await call('GET', `${url}${q}&iteration=999999`), 404);
    const other = await mappedFile(MAPPED_CSV);
    expectProblem(
      await call('GET', `${base()}/fa/${other.id}/explain${q}&iteration=${saved.id}`),
      404,
    );
    expectProblem(await call('GET', `${url}${q}&iteration=0`), 400, 'iteration');
  });

  it('saves the grid with its footnotes; the XLSX proposal carries every claim under the output columns, summing to the grid', async () => {
    const { mapped, job } = await completeJob();
    const grid = await ok<PricingGridAnswer>('GET', `${base()}/fa/${mapped.id}`);
    const saved = await saveIteration(mapped.id, grid, ['pbm-1']);
    const book = await proposalBook(saved.id);
    const detail = book.getWorksheet('Claim Detail')!;
    // Every row of the file (8), the excluded and the netted ones with their reason.
    expect(detail.rowCount).toBe(1 + job.claimsRead!);
    const rows = sheetObjects(detail);
    const incumbent = grid.columns[0]!;
    const caremark = grid.columns.find((c) => c.key === 'pbm-1')!;
    // The incumbent and the one ticked column; the unticked PBMs are not in the detail.
    const headers = Object.keys(rows[0]!);
    expect(headers.filter((h) => h.endsWith(' Gross'))).toEqual([
      `${incumbent.name} Gross`,
      `${caremark.name} Gross`,
    ]);
    const c1 = rows.find((r) => r['Claim ID'] === 'C1')!;
    expect(c1[`${incumbent.name} Ingredient Cost`]).toBe(82);
    expect(c1[`${incumbent.name} Dispensing Fee`]).toBe(1);
    expect(c1[`${incumbent.name} Gross`]).toBe(83);
    expect(c1[`${incumbent.name} Member Cost Share`]).toBe(10);
    expect(c1[`${incumbent.name} Plan Cost`]).toBe(73);
    expect(rows.find((r) => r['Claim ID'] === 'C5')!['Excluded Reason']).toBe(
      'Bad date, quantity, days supply or amount',
    );
    expect(rows.find((r) => r['Claim ID'] === 'C6')!['Excluded Reason']).toBe(
      'Unknown pharmacy type (channel)',
    );
    expect(rows.filter((r) => r['Claim ID'] === 'C7').map((r) => r['Excluded Reason'])).toEqual([
      'Reversed (netted against its reversal)',
      'Reversal (netted against its claim)',
    ]);
    expect(rows.find((r) => r['Claim ID'] === 'C5')![`${incumbent.name} Gross`]).toBeUndefined();
    expectDetailTotals(rows, [incumbent, caremark]);
    const sheet = book.getWorksheet('Pricing Grid')!;
    const texts: string[] = [];
    sheet.eachRow((row) => texts.push(row.getCell(1).text));
    expect(texts).toContainEqual(expect.stringContaining('2 claims were not repriced'));
  });

  it("streams the demo file's claims (more than the grid carries) into the XLSX, summing to the grid", async () => {
    const seeded = await t.ctx.db
      .selectFrom('mapped_claims_file')
      .select(['prospect_opportunity_no as opp', 'mapped_claims_file_no as id'])
      .where('file_name', 'like', '%_Rx_Claims_%mo_mapped.csv')
      .executeTakeFirstOrThrow();
    const created = await ok<FaJobStatus>(
      'POST',
      `/evaluate/v1/opps/fa_jobs/${seeded.opp}`,
      { ...JOB, fileStorageID: seeded.id },
      201,
    );
    await runFaJob(await deps(), created.faJobId!);
    const job = await ok<FaJobStatus>(
      'GET',
      `/evaluate/v1/opps/fa_jobs/${seeded.opp}/${seeded.id}`,
    );
    expect(job.status, job.systemMessage ?? '').toBe('COMPLETE');
    expect(job.claimsRead!).toBeGreaterThan(CLAIM_DETAIL_MAX);
    const grid = await ok<PricingGridAnswer>('GET', `${base(seeded.opp)}/fa/${seeded.id}`);
    // Too many claims to ride in the grid: the XLSX reads them from the job's claims.
    expect(grid.claimDetail).toBeUndefined();
    const outputs = grid.columns.slice(1, 4).map((c) => c.key);
    const saved = await saveIteration(seeded.id, grid, outputs, seeded.opp);
    const book = await proposalBook(saved.id, seeded.opp);
    const detail = book.getWorksheet('Claim Detail')!;
    expect(detail.rowCount).toBe(1 + job.claimsRead!);
    const rows = sheetObjects(detail);
    expectDetailTotals(
      rows,
      grid.columns.filter((c, i) => i === 0 || outputs.includes(c.key)),
    );
    const excluded = rows.filter((r) => r['Excluded Reason'] !== undefined).length;
    const first = grid.columns[0]!;
    expect(excluded).toBe(first.utilization.claimsExcluded + 2 * first.reversedPairs);
  });
});

async function saveIteration(
  mappedId: number,
  grid: PricingGridAnswer,
  outputColumns: string[],
  opp = OPP,
): Promise<{ id: number }> {
  return ok<{ id: number }>(
    'POST',
    `${base(opp)}/fa_iterations`,
    {
      mappedClaimFileID: mappedId,
      cscData: {
        outputColumns,
        stale: false,
        globalCustomizations: grid.globalCustomizations,
        pbmSelections: grid.pbmSelections,
        gridVersionId: grid.gridVersionId,
      },
      notes: 'First look',
      pricingGridData: { columns: grid.columns },
      footNotes: grid.footNotes,
    },
    201,
  );
}

async function proposalBook(iteration: number, opp = OPP): Promise<ExcelJS.Workbook> {
  const xlsx = await call('GET', `${base(opp)}/fa_iterations/${iteration}/proposal/xlsx`);
  expect(xlsx.statusCode, xlsx.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  return book;
}

/** A sheet's rows as objects keyed by its header row (empty cells left out). */
function sheetObjects(sheet: ExcelJS.Worksheet): Record<string, unknown>[] {
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const out: Record<string, unknown> = {};
    (row.values as unknown[]).forEach((v, i) => {
      if (v !== undefined && v !== null) out[header[i]!] = v;
    });
    rows.push(out);
  });
  return rows;
}

/** Each column's detail sums, in whole cents, to the grid's gross, member share and both less. */
function expectDetailTotals(
  rows: Record<string, unknown>[],
  columns: PricingGridAnswer['columns'],
) {
  const cents = (label: string) =>
    rows.reduce((sum, r) => sum + Math.round(Number(r[label] ?? 0) * 100), 0);
  for (const c of columns) {
    const pc = c.planCost;
    expect(cents(`${c.name} Gross`), c.name).toBe(Math.round(pc.grossClaimAmountPaid * 100));
    expect(cents(`${c.name} Member Cost Share`), c.name).toBe(
      Math.round(pc.lessMemberCostShare * 100),
    );
    expect(cents(`${c.name} Plan Cost`), c.name).toBe(
      Math.round((pc.grossClaimAmountPaid - pc.lessMemberCostShare) * 100),
    );
    expect(cents(`${c.name} Ingredient Cost`) + cents(`${c.name} Dispensing Fee`), c.name).toBe(
      Math.round(pc.grossClaimAmountPaid * 100),
    );
  }
}

describe('bad input', () => {
  it('answers 4xx, never 5xx, to bad ids, queries and body fields of every call', async () => {
    const { mapped } = await completeJob();
    const x = mapped.id;
    const statuses: string[] = [];
    let refused = 0;
    const check = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const r = await call(method, url, payload);
      if (r.statusCode >= 400 && r.statusCode < 500) refused += 1;
      if (r.statusCode >= 500)
        statuses.push(`${method} ${url} ${JSON.stringify(payload)}: ${r.statusCode}`);
    };
    for (const bad of BAD_TEXTS.slice(0, 24).map(encode)) {
      await check('GET', `/evaluate/v1/opps/fa_jobs/1/${bad}`);
      await check('GET', `${base()}/fa/${bad}/incumbentStats`);
      await check('GET', `${base()}/fa/${x}/explain?column=${bad}&row=netCost`);
      await check('GET', `${base()}/fa/${x}/explain/claims?column=incumbent&row=${bad}`);
    }
    const job = { ...JOB, fileStorageID: x };
    const recalc = { globalCustomizations: {}, pbmSelections: [defaultSelection('OPTUMRX')] };
    for (const value of BAD_JSON_VALUES) {
      for (const field of Object.keys(job))
        await check('POST', '/evaluate/v1/opps/fa_jobs/1', { ...job, [field]: value });
      await check('POST', `${base()}/fa/${x}`, { ...recalc, globalCustomizations: value });
      await check('POST', `${base()}/fa/${x}`, { ...recalc, pbmSelections: [value] });
      await check('POST', `${base()}/fa/${x}`, {
        ...recalc,
        pbmSelections: [{ ...recalc.pbmSelections[0], formulary: value }],
      });
    }
    expect(statuses).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });
});

describe('who may call', () => {
  it('refuses the account manager (no rxbAdmin) and a broker on every financial analysis call', async () => {
    const mapped = await mappedFile(MAPPED_CSV);
    const calls: ['GET' | 'POST', string][] = [
      ['POST', '/evaluate/v1/opps/fa_jobs/1'],
      ['GET', `/evaluate/v1/opps/fa_jobs/1/${mapped.id}`],
      ['GET', `${base()}/fa/${mapped.id}/incumbentStats`],
      ['GET', `${base()}/fa/${mapped.id}`],
      ['POST', `${base()}/fa/${mapped.id}`],
      ['GET', `${base()}/fa/${mapped.id}/explain?column=incumbent&row=netCost`],
      ['GET', `${base()}/fa/${mapped.id}/explain/claims?column=incumbent&row=netCost`],
    ];
    for (const [method, url] of calls)
      for (const caller of ['accountManager', 'broker'] as const)
        expectProblem(await call(method, url, method === 'POST' ? {} : undefined, caller), 403);
  });
});
