import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CLAIMS_FILE_MESSAGES } from '@pillar/domain';
import { HttpProblem } from '../../platform/http/problem.ts';
import { formatOf, normalizeDate, readClaimsFile, summarizeMapped } from './claims-files.parse.ts';

// Small files written in the public layouts of CMS's DE-SynPUF Prescription Drug Events file and
// the NADAC (National Average Drug Acquisition Cost) download: quoted cells, CRLF line ends,
// SRVC_DT as YYYYMMDD, NDCs with their leading zeros, explanation codes holding commas.
const dir = path.join(import.meta.dirname, 'test-files');
const bytes = (name: string) => fs.readFileSync(path.join(dir, name));

/** The bytes in pieces of `size`, so cells, quotes and characters straddle chunk boundaries. */
function pieces(value: Buffer, size: number): Readable {
  const out: Buffer[] = [];
  for (let at = 0; at < value.length; at += size) out.push(value.subarray(at, at + size));
  return Readable.from(out);
}

const SYNPUF_COLUMNS = [
  'DESYNPUF_ID',
  'PDE_ID',
  'SRVC_DT',
  'PROD_SRVC_ID',
  'QTY_DSPNSD_NUM',
  'DAYS_SUPLY_NUM',
  'PTNT_PAY_AMT',
  'TOT_RX_CST_AMT',
];

describe('claims files in the CMS layouts', () => {
  it('reads the SynPUF PDE file (quoted, CRLF) with its columns, rows and NDCs as written', async () => {
    const shape = await readClaimsFile('csv', pieces(bytes('synpuf-pde.csv'), 13));
    expect(shape.cols).toEqual(SYNPUF_COLUMNS);
    expect(shape.rowCount).toBe(5);
    expect(shape.unparseableRows).toBe(0);
    expect(shape.preview[0]).toEqual({
      DESYNPUF_ID: '00013D2EFD8E45D1',
      PDE_ID: '989754482331216',
      SRVC_DT: '20080512',
      PROD_SRVC_ID: '00093527705',
      QTY_DSPNSD_NUM: '30.000',
      DAYS_SUPLY_NUM: '30',
      PTNT_PAY_AMT: '10.00',
      TOT_RX_CST_AMT: '40.00',
    });
    expect(shape.preview.map((row) => normalizeDate(row.SRVC_DT!))).toEqual([
      '2008-05-12',
      '2008-08-27',
      '2009-01-01',
      '2010-02-28',
      '2010-12-31',
    ]);
  });

  it('reads the same file unquoted with LF line ends, a BOM and a .txt name as the same rows', async () => {
    const quoted = await readClaimsFile('csv', pieces(bytes('synpuf-pde.csv'), 4096));
    const plain = Buffer.from(
      `\uFEFF${bytes('synpuf-pde.csv').toString('utf8').replaceAll('"', '').replaceAll('\r\n', '\n')}`,
    );
    expect(formatOf('DE1_0_2008_to_2010_Prescription_Drug_Events_Sample_1.csv', '')).toBe('csv');
    const shape = await readClaimsFile('csv', pieces(plain, 7));
    expect(shape).toEqual(quoted);
  });

  it('reads the NADAC layout: quoted descriptions, explanation codes with commas, empty cells', async () => {
    const shape = await readClaimsFile('csv', pieces(bytes('nadac.csv'), 10));
    expect(shape.cols.slice(0, 4)).toEqual([
      'NDC Description',
      'NDC',
      'NADAC_Per_Unit',
      'Effective_Date',
    ]);
    expect(shape.cols).toHaveLength(12);
    expect(shape.rowCount).toBe(4);
    expect(shape.unparseableRows).toBe(0);
    expect(shape.preview[2]).toMatchObject({
      'NDC Description': 'ATORVASTATIN 20 MG TABLET',
      NDC: '00093505698',
      NADAC_Per_Unit: '0.03120',
      Effective_Date: '11/15/2023',
      Explanation_Code: '1, 4, 5',
      Corresponding_Generic_Drug_NADAC_Per_Unit: '',
    });
    expect(shape.preview[3]!.Corresponding_Generic_Drug_Effective_Date).toBe('11/15/2023');
    expect(normalizeDate(shape.preview[0]!.Effective_Date!)).toBe('2023-12-20');
  });

  it('keeps a character whose UTF-8 bytes fall in two chunks whole, in delimited and fixed files', async () => {
    const csv = Buffer.from('Member,Qty\nJOSÉ MUÑOZ,1\n');
    for (let cut = 1; cut < csv.length; cut++) {
      const shape = await readClaimsFile(
        'csv',
        Readable.from([csv.subarray(0, cut), csv.subarray(cut)]),
      );
      expect(shape.preview, `cut at byte ${cut}`).toEqual([{ Member: 'JOSÉ MUÑOZ', Qty: '1' }]);
    }
    const fixed = Buffer.from('Member      Qty\nJOSÉ MUÑOZ  1\n');
    for (let cut = 1; cut < fixed.length; cut++) {
      const shape = await readClaimsFile(
        'fixed',
        Readable.from([fixed.subarray(0, cut), fixed.subarray(cut)]),
      );
      expect(shape.preview, `cut at byte ${cut}`).toEqual([{ Member: 'JOSÉ MUÑOZ', Qty: '1' }]);
    }
  });

  it('counts mapped fill dates written YYYYMMDD, MM/DD/YYYY or ISO, and no date that is not one', async () => {
    const mapped = [
      'claimId,memberId,fillDate,ndc',
      '989754482331216,00013D2EFD8E45D1,20080512,00093527705',
      '989504537283474,00013D2EFD8E45D1,05/12/2008,00781185501',
      '989274553024516,00016F745862898F,2008-05-12,63304082810',
      '989634535727411,00016F745862898F,20080231,00378018001',
      '989444463187289,0001FDD721E223DC,13/01/2008,51079054120',
    ].join('\n');
    const summary = await summarizeMapped(Readable.from([Buffer.from(mapped)]));
    expect(summary.claimCount).toBe(5);
    expect(summary.fillDateCounts).toEqual({ '2008-05-12': 3 });
  });
});

describe('normalizeDate', () => {
  it('reads the three layouts and refuses what is not a calendar date', () => {
    expect(normalizeDate('20100228')).toBe('2010-02-28');
    expect(normalizeDate('20080229')).toBe('2008-02-29');
    expect(normalizeDate('20090229')).toBeNull();
    expect(normalizeDate('20081301')).toBeNull();
    expect(normalizeDate('2/3/2024')).toBe('2024-02-03');
    expect(normalizeDate('2024-02-03T00:00:00Z')).toBe('2024-02-03');
    expect(normalizeDate('2024-02-30')).toBeNull();
    expect(normalizeDate('2024-02-031')).toBeNull();
    expect(normalizeDate('')).toBeNull();
    expect(normalizeDate('\u0000')).toBeNull();
  });
});

describe('hostile claims files', () => {
  const problemOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpProblem);
    const problem = error as HttpProblem;
    return { status: problem.status, params: problem.params };
  };

  it('answers a damaged XLSX (zip magic, then garbage) with a 400 naming the file', async () => {
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(4000, 7)]);
    expect(await problemOf(readClaimsFile('xlsx', Readable.from([damaged])))).toEqual({
      status: 400,
      params: { file: CLAIMS_FILE_MESSAGES.unreadableXlsx },
    });
  });

  it('refuses a header with a column name over 200 characters or more than 500 columns', async () => {
    const longName = `${'x'.repeat(201)},b\n1,2\n`;
    expect(await problemOf(readClaimsFile('csv', Readable.from([Buffer.from(longName)])))).toEqual({
      status: 400,
      params: { file: CLAIMS_FILE_MESSAGES.columnNameTooLong },
    });
    const wide = `${Array.from({ length: 501 }, (_, i) => `c${i}`).join('|')}\n`;
    expect(await problemOf(readClaimsFile('pipe', Readable.from([Buffer.from(wide)])))).toEqual({
      status: 400,
      params: { file: CLAIMS_FILE_MESSAGES.tooManyColumns },
    });
    // A mapped file's header is held to the same limits, named by the register call's field.
    expect(await problemOf(summarizeMapped(Readable.from([Buffer.from(longName)])))).toEqual({
      status: 400,
      params: { mappedFileStorageId: CLAIMS_FILE_MESSAGES.columnNameTooLong },
    });
    const fine = `${Array.from({ length: 500 }, (_, i) => `c${i}`).join(',')}\n`;
    expect((await readClaimsFile('csv', Readable.from([Buffer.from(fine)]))).cols).toHaveLength(
      500,
    );
  });
});
