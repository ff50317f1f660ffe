import { beforeEach, describe, expect, it } from 'vitest';
import {
  PRICE_FILE_MESSAGES as M,
  type PriceFile,
  type PriceFileList,
  type PricingGridAnswer,
} from '@pillar/domain';
import { ranFaJob, registeredClaimsFile } from '../../test/fa-flow.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { findPriceRows } from './price-files.repo.ts';

let t: TestApp;
useTestApp((app) => (t = app), { startJobs: true });

const URL = '/evaluate/v1/price-files';

// The app (and its database) lives for the file: each test starts without price files.
beforeEach(async () => {
  for (const file of (await list()).files) {
    const gone = await t.injectAs('financialAnalyst', {
      method: 'DELETE',
      url: `${URL}/${file.id}`,
    });
    expect(gone.statusCode).toBe(204);
  }
});

/*
 * A NADAC-layout file (the public file's columns, underscores and all). NDC 00002143380 has three
 * prices: 1.50 from 12/01/2025, 2.00 from 01/01/2026 and 9.99 from 02/01/2026. 93714656 lost its
 * leading zeros in a spreadsheet (00093714656): 0.50 from 01/01/2026. Rows 6-8 are bad.
 */
const NADAC_CSV = [
  'NDC_Description,NDC,NADAC_Per_Unit,Effective_Date,Pricing_Unit,Pharmacy_Type_Indicator,OTC,Explanation_Code,Classification_for_Rate_Setting,Corresponding_Generic_Drug_NADAC_Per_Unit,Corresponding_Generic_Drug_Effective_Date,As of Date',
  'DRUG A 10MG,00002143380,1.50000,12/01/2025,EA,C/I,N,1,B,,,11/19/2026',
  'DRUG A 10MG,00002143380,2.00000,01/01/2026,EA,C/I,N,1,B,,,11/19/2026',
  'DRUG A 10MG,00002143380,9.99000,02/01/2026,EA,C/I,N,1,B,,,11/19/2026',
  '"DRUG B, 5MG",93714656,0.50000,01/01/2026,EA,C/I,N,"1, 5",G,,,11/19/2026',
  'BAD NDC,ABC123,1.00000,01/01/2026,EA,C/I,N,1,G,,,11/19/2026',
  'BAD PRICE,00011111111,n/a,01/01/2026,EA,C/I,N,1,G,,,11/19/2026',
  'BAD DATE,00011111111,1.00000,13/45/2026,EA,C/I,N,1,G,,,11/19/2026',
].join('\r\n');

const AWP_CSV = ['NDC,Effective Date,AWP Unit Price', '0002-1433-80,2025-01-01,3.25'].join('\n');

async function load(name: string, content: string, caller: Caller = 'financialAnalyst') {
  const body = multipartBody([], [{ name, content }]);
  return t.injectAs(caller, {
    method: 'POST',
    url: URL,
    payload: body.payload,
    headers: body.headers,
  });
}

async function loaded(name: string, content: string): Promise<PriceFile> {
  const response = await load(name, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PriceFile>();
}

async function list(): Promise<PriceFileList> {
  const response = await t.injectAs('financialAnalyst', { method: 'GET', url: URL });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PriceFileList>();
}

describe('price files', () => {
  it('loads a NADAC-layout file: rows padded to 11 digits, bad rows counted and listed, active', async () => {
    const file = await loaded('nadac-2026.csv', NADAC_CSV);
    expect(file).toMatchObject({
      fileName: 'nadac-2026.csv',
      layout: 'NADAC',
      rowsRead: 7,
      rowsLoaded: 4,
      rowsBad: 3,
      active: true,
    });
    // Who loaded it: the signed-in user's name.
    expect(file.loadedByName).toMatch(/\S+ \S+/);
    expect(file.badRows).toEqual([
      { row: 6, field: 'ndc', message: M.badNdc },
      { row: 7, field: 'unitPrice', message: M.badPrice },
      { row: 8, field: 'effectiveDate', message: M.badDate },
    ]);
    const rows = await findPriceRows(t.ctx.db, file.id, ['00093714656', '00011111111']);
    expect(rows).toEqual([{ ndc: '00093714656', effectiveDate: '2026-01-01', unitPrice: 0.5 }]);
    expect((await list()).files).toEqual([file]);
  });

  it('makes the newest load active, lets the administrator pick another, and deletes', async () => {
    const nadac = await loaded('nadac.csv', NADAC_CSV);
    const awp = await loaded('awp.csv', AWP_CSV);
    expect(awp).toMatchObject({ layout: 'AWP', rowsLoaded: 1, rowsBad: 0, active: true });
    expect((await list()).files.map((f) => [f.id, f.active])).toEqual([
      [awp.id, true],
      [nadac.id, false],
    ]);
    const picked = await t.injectAs('financialAnalyst', {
      method: 'POST',
      url: `${URL}/${nadac.id}/activate`,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<PriceFile>().active).toBe(true);
    expect((await list()).files.find((f) => f.active)?.id).toBe(nadac.id);
    // Deleting the active file makes the one activated before it active again.
    const gone = await t.injectAs('financialAnalyst', {
      method: 'DELETE',
      url: `${URL}/${nadac.id}`,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await list()).files.map((f) => [f.id, f.active])).toEqual([[awp.id, true]]);
    expect(await findPriceRows(t.ctx.db, nadac.id, ['00002143380'])).toEqual([]);
    // Each write is audited with its actor.
    const userNo = await t.userNo('financialAnalyst');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_no'])
      .where('entity', '=', 'price_file')
      .where('entity_id', '=', String(nadac.id))
      .orderBy('audit_id')
      .execute();
    expect(audit).toEqual(
      ['price_file.load', 'price_file.activate', 'price_file.delete'].map((action) => ({
        action,
        actor_user_no: userNo,
      })),
    );
    for (const method of ['DELETE', 'POST'] as const) {
      const missing = await t.injectAs('financialAnalyst', {
        method,
        url: method === 'DELETE' ? `${URL}/${nadac.id}` : `${URL}/${nadac.id}/activate`,
      });
      expect(missing.statusCode, missing.body).toBe(404);
    }
    const outOfRange = await t.injectAs('financialAnalyst', {
      method: 'DELETE',
      url: `${URL}/99999999999`,
    });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('refuses a file of another layout, a non-CSV name and a file without usable rows, keeping nothing', async () => {
    const claims = await load('claims.csv', 'claimId,ndc,fillDate\nC1,00002143380,2026-01-01\n');
    expect(claims.statusCode).toBe(400);
    expect(claims.json<{ params: Record<string, string> }>().params.file).toBe(M.unknownLayout);
    const xlsx = await load('prices.xlsx', AWP_CSV);
    expect(xlsx.json<{ params: Record<string, string> }>().params.file).toBe(M.badType);
    const allBad = await load('bad.csv', 'NDC,Effective Date,AWP\nX,2026-01-01,1\n');
    expect(allBad.json<{ params: Record<string, string> }>().params.file).toBe(M.noRows);
    const empty = await load('empty.csv', '');
    expect(empty.statusCode).toBe(400);
    const broken = await load('broken.csv', 'NDC,Effective Date,AWP\n"00002143380,2026-01-01,1\n');
    expect(broken.statusCode, broken.body).toBe(400);
    expect((await list()).files).toEqual([]);
  });

  it('refuses users without the evaluate rule', async () => {
    expect((await load('awp.csv', AWP_CSV, 'accountManager')).statusCode).toBe(403);
    const read = await t.injectAs('accountManager', { method: 'GET', url: URL });
    expect(read.statusCode).toBe(403);
  });
});

/*
 * The FA job with the active price file, hand-computed for the incumbent (retail brand 18%,
 * generic 80%, fee 1.00, retail brand rebate 20). Retail 90 on; every claim 30 days (retail).
 *   C1 00002143380 brand, 30 units on 2026-01-05, no AWP: the file's 2.00 (from 01/01/2026, not
 *      9.99 from 02/01): AWP 60 × 82% = 49.20 + 1.00 = 50.20; member 10; rebate 20
 *   C2 00093714656 generic, 60 units, no AWP: 0.50 → AWP 30 × 20% = 6.00 + 1.00 = 7.00; member 5
 *   C3 00011111111: no AWP, no price in the file (its rows were bad): excluded noPrice
 *   C4 00002143380 brand with its own AWP 100 (the file is not used): 82.00 + 1.00 = 83.00;
 *      member 10; rebate 20
 *   gross 140.20, member 25, rebates 40: net 75.20. Without the file: C4 only, 83 − 10 − 20 = 53.
 */
const CLAIMS_CSV = [
  'claimId,memberId,fillDate,ndc,brandGenericIndicator,quantity,daysSupply,pharmacyType,awpUnitCost,awpTotalCost,ingredientCost,dispensingFee,memberPaid,planPaid,claimStatus',
  'C1,M1,2026-01-05,00002143380,B,30,30,R,,,40.00,1.00,10.00,31.00,P',
  'C2,M1,2026-01-20,00093714656,G,60,30,R,,,5.00,1.00,5.00,1.00,P',
  'C3,M2,2026-02-03,00011111111,G,30,30,R,,,8.00,0,0,8.00,P',
  'C4,M3,2026-02-10,00002143380,B,30,30,R,,100.00,80.00,1.00,10.00,71.00,P',
].join('\n');
const NO_AWP_CSV = [
  'claimId,memberId,fillDate,ndc,brandGenericIndicator,quantity,daysSupply,pharmacyType,memberPaid,planPaid,claimStatus',
  'C1,M1,2026-01-05,00002143380,B,30,30,R,10.00,31.00,P',
].join('\n');

const OPP = 1;
const base = `/evaluate/v1/opps/${OPP}`;

async function ok<T>(method: 'GET' | 'POST', url: string, payload?: object, status = 200) {
  const response = await t.injectAs('financialAnalyst', {
    method,
    url,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

async function runJob(csv: string) {
  await ok('POST', `${base}/contract-info`, {
    contractTermLength: 3,
    contractEffDate: '2025-01-01',
    ssgOrDsg: 'no',
    discounts: [
      { code: 'retailBrand', value: 18 },
      { code: 'retailGeneric', value: 80 },
      { code: 'retailFee', value: 1 },
      { code: 'rebateRetail', value: 20 },
    ],
  });
  await ok('POST', `${base}/fees`, { items: [] });
  await ok('POST', `${base}/credits`, { items: [] });
  await ok('POST', `${base}/incumbentRenewal`, { entries: [] });
  const mapped = await registeredClaimsFile(t, OPP, csv);
  const job = await ranFaJob(t, OPP, mapped);
  return { mapped, job };
}

describe('the FA job with a price file', () => {
  it('prices the claims without their own AWP from the active file and says so in a footnote', async () => {
    const file = await loaded('nadac-2026.csv', NADAC_CSV);
    const { mapped, job } = await runJob(CLAIMS_CSV);
    expect(job.status, job.systemMessage ?? '').toBe('COMPLETE');
    expect(job.exclusions).toMatchObject({ noPrice: 1 });
    const grid = await ok<PricingGridAnswer>('GET', `${base}/fa/${mapped.id}`);
    expect(grid.columns[0]!.planCost).toMatchObject({
      grossClaimAmountPaid: 140.2,
      lessMemberCostShare: 25,
      rebateAmount: 40,
      netCost: 75.2,
    });
    const note = grid.footNotes.find((f) => f.text.includes('priced from the price file'));
    expect(note?.text).toBe(
      `2 claims without their own AWP priced from the price file nadac-2026.csv (loaded ${file.loadedAt.slice(0, 10)}).`,
    );
    expect(grid.footNotes.map((f) => f.id)).toEqual(grid.footNotes.map((_, i) => i + 1));
    // A recalculation keeps the prices (the classification holds each claim's AWP) and the note.
    const again = await ok<PricingGridAnswer>('POST', `${base}/fa/${mapped.id}`, {
      globalCustomizations: grid.globalCustomizations,
      pbmSelections: grid.pbmSelections,
    });
    expect(again.columns[0]!.planCost.netCost).toBe(75.2);
    expect(again.footNotes.map((f) => f.text)).toContain(note!.text);
  });

  it('excludes and counts the claims without AWP when no price file is loaded', async () => {
    const { mapped, job } = await runJob(CLAIMS_CSV);
    expect(job.status, job.systemMessage ?? '').toBe('COMPLETE');
    expect(job.exclusions).toMatchObject({ noPrice: 3 });
    const grid = await ok<PricingGridAnswer>('GET', `${base}/fa/${mapped.id}`);
    expect(grid.columns[0]!.planCost).toMatchObject({ grossClaimAmountPaid: 83, netCost: 53 });
    expect(grid.footNotes.some((f) => f.text.includes('priced from the price file'))).toBe(false);
  });

  it('fails a file without AWP columns only when there is no price file to price it', async () => {
    const without = await runJob(NO_AWP_CSV);
    expect(without.job.status).toBe('ERROR');
    expect(without.job.systemMessage).toContain('no price file is loaded');
    await loaded('awp.csv', AWP_CSV);
    const { mapped, job } = await runJob(NO_AWP_CSV);
    expect(job.status, job.systemMessage ?? '').toBe('COMPLETE');
    // 0002-1433-80 at 3.25 from 2025-01-01: AWP 97.50 × 82% = 79.95 + 1.00 = 80.95.
    const grid = await ok<PricingGridAnswer>('GET', `${base}/fa/${mapped.id}`);
    expect(grid.columns[0]!.planCost.grossClaimAmountPaid).toBe(80.95);
  });
});
