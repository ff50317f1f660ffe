import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  CLAIMS_FILE_MESSAGES,
  type ClaimRangeAnswer,
  type ClaimsFile,
  type ClaimsFileLists,
  type FaIterationDetail,
  type FaIterationRow,
  type MappedClaimsFile,
  type UploadAnswer,
} from '@pillar/domain';
import { readPdfText } from '../../platform/pdf/pdf-text.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { stageMappingOutput } from '../../test/mapping-output.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

let t: TestApp;
useTestApp((app) => (t = app));

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

async function upload(
  name: string,
  content: Buffer | string,
  opp = OPP,
  caller: Caller = 'financialAnalyst',
) {
  const body = multipartBody([], [{ name, content }]);
  return t.injectAs(caller, {
    method: 'POST',
    url: `${base(opp)}/upload-file`,
    payload: body.payload,
    headers: body.headers,
  });
}

const CLAIMS_CSV = [
  'Claim No,Member,Date Filled,NDC,Qty,Days,Paid',
  'C1,M1,2026-01-05,00002-1433-80,30,30,12.50',
  'C2,M1,2026-01-20,00002-1433-80,30,30,12.50',
  'C3,M2,2026-02-03,00093-7146-56,60,30,8.00',
  'C4,M2,bad,row',
  'C5,M3,2026-03-31,00093-7146-56,60,30,8.00',
  'C6,M3,2026-04-01,00093-7146-56,60,30,8.00',
  'C7,M4,2026-04-02,00093-7146-56,60,30,8.00',
].join('\n');

const MAPPED_CSV = [
  'claimId,memberId,fillDate,ndc,quantity,daysSupply,planPaid,Paid',
  'C1,M1,2026-01-05,00002143380,30,30,12.50,12.50',
  'C2,M1,2026-01-20,00002143380,30,30,12.50,12.50',
  'C3,M2,2026-02-03,00093714656,60,30,8.00,8.00',
  'C5,M3,2026-03-31,00093714656,60,30,8.00,8.00',
  'C6,M3,2026-04-01,00093714656,60,30,8.00,8.00',
  'C7,M4,2026-04-02,00093714656,60,30,8.00,8.00',
].join('\n');

/** Uploads and accepts the claims CSV, stores its mapped CSV as a job's output and registers it. */
async function mappedFile(): Promise<{ accepted: ClaimsFile; mapped: MappedClaimsFile }> {
  const up = await upload('claims.csv', CLAIMS_CSV);
  expect(up.statusCode, up.body).toBe(200);
  const accept = await call('POST', `${base()}/accept-file`, {
    fileHash: up.json<UploadAnswer>().fileHash,
  });
  expect(accept.statusCode, accept.body).toBe(200);
  const accepted = accept.json<ClaimsFile>();
  const key = await stageMappingOutput(t, accepted.fileStorageId, MAPPED_CSV, [
    { target: 'claimId', source: 'Claim No' },
    { target: 'memberId', source: 'Member' },
    { target: 'fillDate', source: 'Date Filled' },
    { target: 'ndc', source: 'NDC' },
    { target: 'quantity', source: 'Qty' },
    { target: 'daysSupply', source: 'Days' },
    { target: 'planPaid', source: null },
    { target: 'Paid', source: 'Paid' },
  ]);
  const reg = await call('POST', `${base()}/claims`, {
    mappedFileStorageId: key,
    unmappedFileStorageId: accepted.fileStorageId,
    mappedFileName: 'claims_mapped.csv',
  });
  expect(reg.statusCode, reg.body).toBe(201);
  return { accepted, mapped: reg.json<MappedClaimsFile>() };
}

describe('claims file upload and accept', () => {
  it('answers the hash, the columns and the first 5 parseable rows, counting the unparseable', async () => {
    const response = await upload('claims.csv', CLAIMS_CSV);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<UploadAnswer>();
    expect(answer.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.format).toBe('csv');
    expect(answer.cols.map((c) => c.name)).toEqual([
      'Claim No',
      'Member',
      'Date Filled',
      'NDC',
      'Qty',
      'Days',
      'Paid',
    ]);
    const preview = JSON.parse(answer.previewRows) as Record<string, string>[];
    expect(preview).toHaveLength(5);
    expect(preview.map((r) => r['Claim No'])).toEqual(['C1', 'C2', 'C3', 'C5', 'C6']);
    expect(answer.rowCount).toBe(7);
    expect(answer.unparseableRows).toBe(1);
  });

  it('reads pipe-delimited and fixed-width text and XLSX', async () => {
    const pipe = (await upload('claims.txt', 'A|B\n1|2\n3|4\n')).json<UploadAnswer>();
    expect(pipe.format).toBe('pipe');
    expect(JSON.parse(pipe.previewRows)).toEqual([
      { A: '1', B: '2' },
      { A: '3', B: '4' },
    ]);
    const fixed = (
      await upload('claims.dat', 'CLAIM  MEMBER\nC1     M1\nC2     M2\nshort\n')
    ).json<UploadAnswer>();
    expect(fixed.format).toBe('fixed');
    expect(fixed.cols.map((c) => c.name)).toEqual(['CLAIM', 'MEMBER']);
    expect(JSON.parse(fixed.previewRows)).toEqual([
      { CLAIM: 'C1', MEMBER: 'M1' },
      { CLAIM: 'C2', MEMBER: 'M2' },
    ]);
    expect(fixed.unparseableRows).toBe(1);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Claims');
    sheet.addRow(['Claim', 'Paid']);
    sheet.addRow(['C1', 12.5]);
    const xlsx = await upload('claims.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(JSON.parse(xlsx.json<UploadAnswer>().previewRows)).toEqual([
      { Claim: 'C1', Paid: '12.5' },
    ]);
  });

  it('refuses another file type, an XLSX that is not one, and no file', async () => {
    expectProblem(
      await upload('claims.pdf', '%PDF-1.4'),
      400,
      'file',
      CLAIMS_FILE_MESSAGES.badType,
    );
    expectProblem(
      await upload('claims.xlsx', 'a,b\n1,2'),
      400,
      'file',
      CLAIMS_FILE_MESSAGES.badType,
    );
    expectProblem(await upload('claims.csv', Buffer.from([0x41, 0x00, 0x42])), 400, 'file');
    const empty = multipartBody([['x', '1']], []);
    expectProblem(
      await t.injectAs('financialAnalyst', {
        method: 'POST',
        url: `${base()}/upload-file`,
        payload: empty.payload,
        headers: empty.headers,
      }),
      400,
      'file',
      CLAIMS_FILE_MESSAGES.fileRequired,
    );
  });

  it('accepts by hash with PHI by default, lists it, and refuses an unknown hash', async () => {
    const up = (await upload('phi.csv', 'a,b\n1,2\n')).json<UploadAnswer>();
    const before = (await call('GET', `${base()}/claims`)).json<ClaimsFileLists>();
    expect(before.unmappedFiles.some((f) => f.fileHash === up.fileHash)).toBe(false);
    const accepted = (
      await call('POST', `${base()}/accept-file`, { fileHash: up.fileHash })
    ).json<ClaimsFile>();
    expect(accepted.phi).toBe(true);
    const lists = (await call('GET', `${base()}/claims`)).json<ClaimsFileLists>();
    expect(lists.unmappedFiles.find((f) => f.id === accepted.id)?.phi).toBe(true);
    const noPhi = (await upload('nophi.csv', 'a,b\n3,4\n')).json<UploadAnswer>();
    const second = (
      await call('POST', `${base()}/accept-file`, { fileHash: noPhi.fileHash, containsPhi: false })
    ).json<ClaimsFile>();
    expect(second.phi).toBe(false);
    expectProblem(
      await call('POST', `${base()}/accept-file`, { fileHash: 'f'.repeat(64) }),
      400,
      'fileHash',
      CLAIMS_FILE_MESSAGES.notUploaded,
    );
    expectProblem(
      await call('POST', `${base()}/accept-file`, { fileHash: 'nothex' }),
      400,
      'fileHash',
    );
  });
});

describe('the same bytes uploaded twice (decision 0140)', () => {
  it('keeps one pending upload, and accepting bytes already accepted answers that file', async () => {
    const content = 'Claim,Member\nD1,M1\nD2,M2\n';
    const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
    const rows = () =>
      t.ctx.db
        .selectFrom('claims_file')
        .select(['claims_file_no', 'status', 'storage_key', 'file_name'])
        .where('prospect_opportunity_no', '=', OPP)
        .where('file_hash', '=', first.fileHash)
        .orderBy('claims_file_no')
        .execute();
    const first = (await upload('first.csv', content)).json<UploadAnswer>();
    expect(first.alreadyAccepted).toBeUndefined();
    const again = (await upload('again.csv', content)).json<UploadAnswer>();
    expect(again.fileHash).toBe(first.fileHash);
    expect(again.alreadyAccepted).toBeUndefined();
    const pending = await rows();
    expect(pending).toHaveLength(2);
    // Accept takes the newest upload (the name the user last chose) and removes the older one
    // with its bytes.
    const accepted = (
      await call('POST', `${base()}/accept-file`, { fileHash: first.fileHash })
    ).json<ClaimsFile>();
    expect(accepted.fileName).toBe('again.csv');
    expect((await rows()).map((r) => [r.file_name, r.status])).toEqual([['again.csv', 1]]);
    await expect(storage.get(pending[0]!.storage_key)).rejects.toThrow();

    // Uploading the accepted bytes again says so; accepting answers the same file, no copy.
    const third = (await upload('third.csv', content)).json<UploadAnswer>();
    expect(third.alreadyAccepted).toEqual({ id: accepted.id, fileName: 'again.csv' });
    const thirdKey = (await rows())[1]!.storage_key;
    const same = (
      await call('POST', `${base()}/accept-file`, { fileHash: first.fileHash, containsPhi: false })
    ).json<ClaimsFile>();
    expect(same.id).toBe(accepted.id);
    expect(same.phi).toBe(false);
    expect((await rows()).map((r) => r.claims_file_no)).toEqual([accepted.id]);
    await expect(storage.get(thirdKey)).rejects.toThrow();
    const lists = (await call('GET', `${base()}/claims`)).json<ClaimsFileLists>();
    expect(lists.unmappedFiles.filter((f) => f.fileHash === first.fileHash)).toHaveLength(1);
    // Another opportunity's copy of the same bytes is its own file.
    const elsewhere = (await upload('first.csv', content, 2)).json<UploadAnswer>();
    expect(elsewhere.alreadyAccepted).toBeUndefined();
  });
});

describe('mapped claims files', () => {
  it('registers the mapped file with its summary and answers fill ranges', async () => {
    const { mapped } = await mappedFile();
    expect(mapped.claimCount).toBe(6);
    expect(mapped.minDate).toBe('2026-01-05');
    expect(mapped.maxDate).toBe('2026-04-02');
    // The Summary's columns from the job's template (decision 0145 'Summary columns'): the six
    // renamed columns are neither created nor dropped, Paid is kept under its own name, and
    // planPaid, fed by no source column, is created.
    expect(mapped.createdCols).toEqual(['planPaid']);
    expect(mapped.droppedCount).toBe(0);
    expect(mapped.phi).toBe(true);

    const whole = (await call('GET', `${base()}/claims/${mapped.id}`)).json<ClaimRangeAnswer>();
    expect(whole).toMatchObject({ totalCount: 6, totalNumberOfMonths: 4 });
    const range = await call(
      'GET',
      `${base()}/claims/${mapped.id}?minDate=2026-01-20&maxDate=2026-03-31`,
    );
    expect(range.json<ClaimRangeAnswer>()).toMatchObject({ totalCount: 3, totalNumberOfMonths: 3 });

    expectProblem(
      await call('GET', `${base()}/claims/${mapped.id}?minDate=2025-12-31&maxDate=2026-03-31`),
      400,
      'minDate',
      CLAIMS_FILE_MESSAGES.rangeOutside,
    );
    expectProblem(
      await call('GET', `${base()}/claims/${mapped.id}?minDate=2026-01-05&maxDate=2026-04-03`),
      400,
      'maxDate',
      CLAIMS_FILE_MESSAGES.rangeOutside,
    );
    expectProblem(
      await call('GET', `${base()}/claims/${mapped.id}?minDate=2026-03-01&maxDate=2026-02-01`),
      400,
      'minDate',
      CLAIMS_FILE_MESSAGES.startAfterEnd,
    );
    expectProblem(
      await call('GET', `${base()}/claims/${mapped.id}?minDate=2026-02-30`),
      400,
      'minDate',
    );

    const lists = (await call('GET', `${base()}/claims`)).json<ClaimsFileLists>();
    expect(lists.mappedFiles.map((f) => f.id)).toContain(mapped.id);
    // Another opportunity does not see it.
    expectProblem(await call('GET', `${base(2)}/claims/${mapped.id}`), 404);
  });

  it('refuses an unmapped file of another opportunity and a mapped file not in storage', async () => {
    const { accepted } = await mappedFile();
    expectProblem(
      await call('POST', `${base(2)}/claims`, {
        mappedFileStorageId: 'x/y',
        unmappedFileStorageId: accepted.fileStorageId,
        mappedFileName: 'm.csv',
      }),
      400,
      'unmappedFileStorageId',
      CLAIMS_FILE_MESSAGES.noClaimsFile,
    );
    expectProblem(
      await call('POST', `${base()}/claims`, {
        mappedFileStorageId: 'mapped-claims/none',
        unmappedFileStorageId: accepted.fileStorageId,
        mappedFileName: 'm.csv',
      }),
      400,
      'mappedFileStorageId',
      CLAIMS_FILE_MESSAGES.mappedUnreadable,
    );
    expectProblem(
      await call('POST', `${base()}/claims`, {
        mappedFileStorageId: '../etc',
        unmappedFileStorageId: accepted.fileStorageId,
        mappedFileName: 'm.csv',
      }),
      400,
      'mappedFileStorageId',
    );
    expectProblem(
      await call('POST', `${base()}/claims`, {
        unmappedFileStorageId: accepted.fileStorageId,
        mappedFileName: 'm.csv',
      }),
      400,
      'mappedFileStorageId',
    );
  });
});

const column = (key: string, name: string, net: number, savings: number) => ({
  key,
  pbm: key === 'incumbent' ? null : key.toUpperCase(),
  name,
  planCost: {
    grossClaimAmountPaid: net + 100,
    lessMemberCostShare: -40,
    totalCredits: -20,
    rebateAmount: -50,
    totalFees: 10,
    netCost: net,
    paidAmountBreakdown: [
      {
        deliverySystem: 'retail',
        brandGenericInd: 'generic',
        grossClaimAmountPaid: 60,
        totalRx: 3,
      },
      { deliverySystem: 'mail', brandGenericInd: 'brand', grossClaimAmountPaid: 40, totalRx: 1 },
    ],
  },
  contractSavings: { contractSavings: savings, percentSavings: 0 },
});

const GRID = {
  columns: [
    column('incumbent', 'Incumbent', 1000, 0),
    column('cvs', 'Caremark Offer', 900, 100),
    column('optum', 'Optum Offer', 950, 50),
    column('esi', 'Express Offer', 800, 200),
  ],
  claimDetail: [
    { claimId: 'C1', ndc: '00002143380', incumbent: 12.5, cvs: 11.25 },
    { claimId: 'C2', ndc: '00002143380', incumbent: 12.5, cvs: 11.25 },
  ],
};

describe('FA iterations and proposals', () => {
  it('saves, lists and reads an iteration; refuses no notes, 4 outputs and a stale grid', async () => {
    const { mapped } = await mappedFile();
    const body = {
      mappedClaimFileID: mapped.id,
      cscData: { outputColumns: ['cvs', 'esi'] },
      notes: 'First pass',
      pricingGridData: GRID,
      footNotes: [
        { id: 1, category: 'general', text: 'Rebates are estimates.', pages: [], isStatic: true },
      ],
    };
    const saved = await call('POST', `${base()}/fa_iterations`, body);
    expect(saved.statusCode, saved.body).toBe(201);
    const detail = saved.json<FaIterationDetail>();
    expect(detail.outputTemplate).toBe('Standard');
    const list = (await call('GET', `${base()}/fa_iterations`)).json<FaIterationRow[]>();
    expect(list[0]).toMatchObject({
      id: detail.id,
      notes: 'First pass',
      mappedClaimFileID: mapped.id,
    });
    const read = (
      await call('GET', `${base()}/fa_iterations/${detail.id}`)
    ).json<FaIterationDetail>();
    expect(read.pricingGridData).toEqual(GRID);
    expectProblem(await call('GET', `${base(2)}/fa_iterations/${detail.id}`), 404);

    expectProblem(
      await call('POST', `${base()}/fa_iterations`, { ...body, notes: '  ' }),
      400,
      'notes',
      CLAIMS_FILE_MESSAGES.notesRequired,
    );
    expectProblem(
      await call('POST', `${base()}/fa_iterations`, {
        ...body,
        cscData: { outputColumns: ['a', 'b', 'c', 'd'] },
      }),
      400,
      'cscData.outputColumns',
      CLAIMS_FILE_MESSAGES.tooManyOutputs,
    );
    expectProblem(
      await call('POST', `${base()}/fa_iterations`, { ...body, cscData: { stale: true } }),
      400,
      'cscData',
      CLAIMS_FILE_MESSAGES.recalculate,
    );
    expectProblem(
      await call('POST', `${base()}/fa_iterations`, { ...body, outputTemplate: 'Other' }),
      400,
      'outputTemplate',
    );
    expectProblem(await call('POST', `${base(2)}/fa_iterations`, body), 400, 'mappedClaimFileID');
  });

  it('exports the proposal as PDF and XLSX with the output columns and their totals', async () => {
    const { mapped } = await mappedFile();
    const save = async (outputTemplate: string) =>
      (
        await call('POST', `${base()}/fa_iterations`, {
          mappedClaimFileID: mapped.id,
          cscData: { outputColumns: ['cvs', 'esi'] },
          notes: 'Proposal',
          pricingGridData: GRID,
          footNotes: [{ id: 1, category: 'general', text: 'Rebates are estimates.' }],
          outputTemplate,
        })
      ).json<FaIterationDetail>();
    const standard = await save('Standard');

    const pdf = await call('GET', `${base()}/fa_iterations/${standard.id}/proposal/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await readPdfText(pdf.rawPayload)).pages.join('\n');
    expect(text).toContain('Pharmacy Benefit Financial Analysis');
    expect(text).toContain('Caremark Offer');
    expect(text).toContain('Express Offer');
    expect(text).not.toContain('Optum Offer');
    expect(text).toContain('$800.00');
    expect(text).toContain('Spend by Channel');
    expect(text).toContain('Rebates are estimates.');

    const xlsx = await call('GET', `${base()}/fa_iterations/${standard.id}/proposal/xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const grid = book.getWorksheet('Pricing Grid')!;
    // The corner cell is empty (the streamed workbook leaves an empty string's cell out).
    expect(grid.getRow(4).values).toEqual([
      undefined,
      undefined,
      'Incumbent',
      'Caremark Offer',
      'Express Offer',
    ]);
    const net = grid.getRow(10).values as unknown[];
    expect(net[1]).toBe('Net Cost');
    expect((net.slice(2) as number[]).reduce((a, b) => a + b, 0)).toBe(2700);
    const detail = book.getWorksheet('Claim Detail')!;
    expect(detail.rowCount).toBe(3);

    // HUB: no charts; WTW: savings first and no channel chart.
    const hub = await save('HUB');
    const hubText = (
      await readPdfText(
        (await call('GET', `${base()}/fa_iterations/${hub.id}/proposal/pdf`)).rawPayload,
      )
    ).pages.join('\n');
    expect(hubText).not.toContain('Net Cost by Column');
    expect(hubText).toContain('Pharmacy Pricing Comparison');
    const wtw = await save('WTW');
    const wtwBook = new ExcelJS.Workbook();
    await wtwBook.xlsx.load(
      (await call('GET', `${base()}/fa_iterations/${wtw.id}/proposal/xlsx`))
        .rawPayload as unknown as ArrayBuffer,
    );
    expect(wtwBook.getWorksheet('Pricing Grid')!.getRow(5).getCell(1).value).toBe(
      'Contract Savings',
    );
    const wtwText = (
      await readPdfText(
        (await call('GET', `${base()}/fa_iterations/${wtw.id}/proposal/pdf`)).rawPayload,
      )
    ).pages.join('\n');
    expect(wtwText).not.toContain('Spend by Channel');
    expectProblem(
      await call('GET', `${base()}/fa_iterations/${wtw.id}/proposal/doc`),
      400,
      'format',
    );
  });
});

describe('claims files access', () => {
  const urls: ['GET' | 'POST', string][] = [
    ['GET', '/evaluate/v1/opps/1/claims'],
    ['GET', '/evaluate/v1/opps/1/claims/1'],
    ['POST', '/evaluate/v1/opps/1/accept-file'],
    ['GET', '/evaluate/v1/opps/1/fa_iterations'],
    ['GET', '/evaluate/v1/opps/1/fa_iterations/1/proposal/pdf'],
  ];
  it.each(urls)(
    '%s %s: 403 for an internal user without rxbAdmin, a broker and a client',
    async (method, url) => {
      for (const caller of ['accountManager', 'broker', 'client'] as const)
        expectProblem(
          await call(
            method,
            url,
            method === 'POST' ? { fileHash: 'a'.repeat(64) } : undefined,
            caller,
          ),
          403,
        );
    },
  );
  it('answers 404 for an opportunity that does not exist', async () => {
    expectProblem(await call('GET', `${base(2_000_000_000)}/claims`), 404);
    expectProblem(await upload('claims.csv', CLAIMS_CSV, 2_000_000_000), 404);
  });
});
