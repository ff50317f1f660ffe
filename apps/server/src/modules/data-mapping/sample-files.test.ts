import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_SCHEMA_MESSAGES,
  SAMPLE_FILE_MAX_BYTES,
  type SampleFileFields,
  type SampleFileUploadResult,
} from '@pillar/domain';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { proposeFixedLength } from './sample-files.parse.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const BASE = '/datamapping/v1';
const analyst: Caller = 'dataMapper';

async function upload(name: string, content: Buffer | string, caller: Caller = analyst) {
  const body = multipartBody([['userId', '1']], [{ name, content }]);
  return t.injectAs(caller, {
    method: 'POST',
    url: `${BASE}/files`,
    payload: body.payload,
    headers: body.headers,
  });
}

async function stored(name: string, content: Buffer | string): Promise<string> {
  const response = await upload(name, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SampleFileUploadResult>().fileStorageId;
}

async function fieldsOf(id: string, body: object, caller: Caller = analyst) {
  return t.injectAs(caller, {
    method: 'POST',
    url: `${BASE}/schemas/files/${id}`,
    payload: body,
  });
}

async function propose(name: string, content: Buffer | string, body: object) {
  const response = await fieldsOf(await stored(name, content), body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SampleFileFields>();
}

const names = (answer: SampleFileFields) => answer.fields.map((f) => f.name);

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Eligibility');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Other').addRow(['not', 'read']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('sample files: the fields a real file proposes', () => {
  it('CSV with a header row: the header names, trimmed, a blank one named by its column', async () => {
    const answer = await propose(
      'acme.csv',
      '\uFEFFSSN, Last Name ,,"First, Given"\r\n123456789,Smith,x,"Ann"\r\n987654321,Jones,y,Bo\r\n',
      { fileType: 'csv', delimiter: 'comma' },
    );
    expect(names(answer)).toEqual(['SSN', 'Last Name', 'Column C', 'First, Given']);
    expect(answer.rowsRead).toBe(2);
    expect(answer.fields[1]).toEqual({
      name: 'Last Name',
      locIndex: 1,
      startLoc: null,
      stopLoc: null,
      locLength: null,
    });
  });

  it('CSV without a header row: Column A, B, … as wide as the widest row', async () => {
    const answer = await propose('acme.csv', '1,2\n3,4,5\n', {
      fileType: 'csv',
      delimiter: 'comma',
      fileHasHeaderRow: false,
    });
    expect(names(answer)).toEqual(['Column A', 'Column B', 'Column C']);
    expect(answer.rowsRead).toBe(2);
  });

  it.each([
    ['pipe', 'pipe', null, 'ssn|last|first\n1|a|b\n'],
    ['tab', 'tab', null, 'ssn\tlast\tfirst\n1\ta\tb\n'],
    ['tilde', 'tilde', null, 'ssn~last~first\n1~a~b\n'],
    ['other (;)', 'other', ';', 'ssn;last;first\n1;a;b\n'],
  ])('%s-delimited text', async (_case, delimiter, customDelimiter, text) => {
    const answer = await propose('acme.txt', text, { fileType: 'csv', delimiter, customDelimiter });
    expect(names(answer)).toEqual(['ssn', 'last', 'first']);
  });

  it('XLSX: the first sheet, its header row', async () => {
    const content = await xlsx([
      ['Employee SSN', 'Last Name', { richText: [{ text: 'First ' }, { text: 'Name' }] }],
      ['123456789', 'Smith', 'Ann'],
      ['987654321', 'Jones', 'Bo'],
    ]);
    const answer = await propose('acme.xlsx', content, { fileType: 'excel' });
    expect(names(answer)).toEqual(['Employee SSN', 'Last Name', 'First Name']);
    expect(answer.rowsRead).toBe(2);
  });

  it('XLSX without a header row', async () => {
    const content = await xlsx([
      [1, 2],
      [3, 4],
    ]);
    const answer = await propose('acme.xlsx', content, {
      fileType: 'excel',
      fileHasHeaderRow: false,
    });
    expect(names(answer)).toEqual(['Column A', 'Column B']);
  });

  it('fixed-length text: boundaries where every data row has a space; header and trailer records left out', async () => {
    const text = [
      'HDR EVERGREEN 20260101',
      '123456789SMITH               ANN       19800101',
      '987654321JONES-WHITE         BO        19920715',
      'TRL000000002',
    ].join('\r\n');
    const answer = await propose('mainframe.txt', text, {
      fileType: 'fixed',
      header: 'HDR',
      footer: 'TRL',
    });
    // SSN and last name touch: one proposed field the user splits.
    expect(answer.fields.map((f) => [f.name, f.startLoc, f.stopLoc, f.locLength])).toEqual([
      ['Field 1', 1, 29, 29],
      ['Field 2', 30, 39, 10],
      ['Field 3', 40, 47, 8],
    ]);
    expect(answer.rowsRead).toBe(2);
  });

  it('fixed-length text: the first row is data, never names (no member details in a schema)', () => {
    const answer = proposeFixedLength('AAA  BB C\nAAA  BB C\n');
    expect(answer.fields.map((f) => [f.name, f.startLoc, f.stopLoc, f.locLength])).toEqual([
      ['Field 1', 1, 5, 5],
      ['Field 2', 6, 8, 3],
      ['Field 3', 9, 9, 1],
    ]);
  });

  it('the seeded mainframe sample proposes its ten-field layout but for touching fields', async () => {
    const text = fs.readFileSync(
      path.join(
        import.meta.dirname,
        '../../seed/data/import-samples/evergreen-mainframe-fixed.txt',
      ),
    );
    const answer = await propose('evergreen.txt', text, {
      fileType: 'fixed',
      header: 'HDR',
      footer: 'TRL',
    });
    expect(answer.rowsRead).toBe(6);
    expect(answer.fields[0]).toMatchObject({ startLoc: 1 });
    expect(answer.fields.at(-1)).toMatchObject({ stopLoc: 85 });
  });
});

describe('sample files: refusals, nothing kept', () => {
  const storedRows = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('dm_sample_file')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function refusedUpload(name: string, content: Buffer | string, message: string) {
    const before = await storedRows();
    const response = await upload(name, content);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ params: { file: message } });
    expect(await storedRows()).toBe(before);
  }

  it('a binary file named .csv', async () => {
    await refusedUpload(
      'payroll.csv',
      Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]),
      IMPORT_SCHEMA_MESSAGES.sampleFileNotMatching('.csv'),
    );
  });

  it('a .xlsx that is not a zip', async () => {
    await refusedUpload(
      'payroll.xlsx',
      'ssn,name\n1,a\n',
      IMPORT_SCHEMA_MESSAGES.sampleFileNotMatching('.xlsx'),
    );
  });

  it('an empty file', async () => {
    await refusedUpload('empty.csv', '', IMPORT_SCHEMA_MESSAGES.sampleFileEmpty);
  });

  it('a type the step does not take', async () => {
    await refusedUpload('layout.pdf', '%PDF-1.4', IMPORT_SCHEMA_MESSAGES.sampleFileType);
  });

  it('over 50 MB, counted as it streams', async () => {
    await refusedUpload(
      'huge.csv',
      Buffer.alloc(SAMPLE_FILE_MAX_BYTES + 1, 0x61),
      IMPORT_SCHEMA_MESSAGES.fileTooLarge,
    );
  });

  async function refusedFields(name: string, content: Buffer | string, body: object) {
    const id = await stored(name, content);
    const before = await storedRows();
    const response = await fieldsOf(id, body);
    expect(response.statusCode, response.body).toBe(400);
    const problem = response.json<{ title: string; detail: string }>();
    expect(problem.title).toBe(IMPORT_SCHEMA_MESSAGES.parseFailed);
    // An unreadable file is not kept.
    expect(await storedRows()).toBe(before - 1);
    expect((await fieldsOf(id, body)).statusCode).toBe(404);
    return problem.detail;
  }

  it('501 columns', async () => {
    const header = Array.from({ length: 501 }, (_, i) => `c${i}`).join(',');
    expect(
      await refusedFields('wide.csv', `${header}\n`, { fileType: 'csv', delimiter: 'comma' }),
    ).toBe(IMPORT_SCHEMA_MESSAGES.sampleFileTooManyColumns);
  });

  it('500 columns are fine', async () => {
    const header = Array.from({ length: 500 }, (_, i) => `c${i}`).join(',');
    const answer = await propose('wide.csv', `${header}\n`, {
      fileType: 'csv',
      delimiter: 'comma',
    });
    expect(answer.fields).toHaveLength(500);
  });

  it('a quote never closed', async () => {
    expect(
      await refusedFields('broken.csv', 'ssn,name\n1,"Smith\n2,Jones\n', {
        fileType: 'csv',
        delimiter: 'comma',
      }),
    ).toBe(IMPORT_SCHEMA_MESSAGES.sampleFileBrokenQuote(2));
  });

  it('a zip named .xlsx that is no workbook', async () => {
    // An empty zip archive: the end-of-central-directory record alone.
    const emptyZip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array<number>(18).fill(0)]);
    expect(await refusedFields('fake.xlsx', emptyZip, { fileType: 'excel' })).toMatch(/xlsx|empty/);
  });

  it('a legacy .xls', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await refusedFields('old.xls', ole, { fileType: 'excel' })).toBe(
      IMPORT_SCHEMA_MESSAGES.sampleFileLegacyXls,
    );
  });

  it('binary bytes after the first 4 KB of a .csv', async () => {
    const content = Buffer.concat([Buffer.alloc(5000, 0x61), Buffer.from([0, 1, 2])]);
    expect(
      await refusedFields('late.csv', content, { fileType: 'csv', delimiter: 'comma' }),
    ).toMatch(/binary/);
  });

  it('a delimited schema without its delimiter names the field', async () => {
    const id = await stored('a.csv', 'a,b\n');
    const response = await fieldsOf(id, { fileType: 'csv', delimiter: 'other' });
    expect(response.statusCode).toBe(400);
    // The file stays for a second try with the delimiter.
    expect((await fieldsOf(id, { fileType: 'csv', delimiter: 'comma' })).statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      params: { customDelimiter: IMPORT_SCHEMA_MESSAGES.customDelimiterRequired },
    });
  });

  it("another user's sample file, an unknown id or a malformed one", async () => {
    const id = await stored('mine.csv', 'a,b\n');
    expect(
      (await fieldsOf(id, { fileType: 'csv', delimiter: 'comma' }, 'superAdmin')).statusCode,
    ).toBe(404);
    expect(
      (await fieldsOf('00000000-0000-4000-8000-000000000000', { fileType: 'csv' })).statusCode,
    ).toBe(404);
    const malformed = await fieldsOf('12', { fileType: 'csv' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ params: Record<string, string> }>().params).toHaveProperty(
      'fileStorageId',
    );
  });

  it('refuses callers who may not create or edit schemas', async () => {
    expect((await upload('a.csv', 'a,b\n', 'broker')).statusCode).toBe(403);
  });
});
