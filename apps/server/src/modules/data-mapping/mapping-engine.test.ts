import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import {
  transformationDefinition,
  type SourceRow,
  type TemplateMapping,
  type TransformationDefinition,
} from '@pillar/domain';
import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  readRows,
  ROW_ERRORS_KEPT,
  runMapping,
  SourceLayoutError,
  UnknownTransformationError,
} from './mapping-engine.ts';

const X12_FILES = path.join(import.meta.dirname, '../../platform/x12/test-files');

const defs = new Map<string, TransformationDefinition>(
  Object.entries({
    PadSsn: { kind: 'padding', direction: 'left', padWith: '0', digits: 9 },
    Gender: {
      kind: 'conversion',
      caseSensitive: false,
      values: [
        { from: 'male', to: 'M' },
        { from: 'female', to: 'F' },
      ],
    },
    Group: { kind: 'default', mode: 'blank', value: 'GRP1' },
    Upper: { kind: 'expression', expression: '$uppercase($)' },
    Full: { kind: 'expression', expression: '$first & " " & $last' },
    Boom: { kind: 'expression', expression: '$number($)' },
  }).map(([k, v]) => [k, transformationDefinition.parse(v)]),
);

const columns = [
  { name: 'benefitGroupId', required: true },
  { name: 'employeeSSN', required: true },
  { name: 'gender', required: false },
  { name: 'fullName', required: false },
  { name: 'label', required: false },
];

const mappings: TemplateMapping[] = [
  { target: 'benefitGroupId', source: 'grp', transformation: 'Group' },
  { target: 'employeeSSN', source: 'ssn', transformation: 'PadSsn' },
  { target: 'gender', source: 'sex', transformation: 'Gender' },
  {
    target: 'label',
    concatenation: [
      { type: 'schemaField', value: 'last' },
      { type: 'literal', value: ', ' },
      { type: 'schemaField', value: 'first' },
    ],
  },
];

async function mapAll(rows: SourceRow[], ms: TemplateMapping[], cols = columns) {
  const mapper = compileTemplate(cols, ms, defs);
  const out = new PassThrough();
  const written = text(out);
  const summary = await runMapping(
    (async function* () {
      yield* rows;
    })(),
    mapper,
    out,
  );
  return { summary, csv: await written };
}

describe('compileTemplate on a table of rows', () => {
  it.each([
    [
      { grp: 'G9', ssn: '12345', sex: 'FEMALE', first: 'Ann', last: 'Lee' },
      'G9,000012345,F,,"Lee, Ann"',
    ],
    [
      { grp: null, ssn: '123456789', sex: 'male', first: 'Bo', last: 'Ng' },
      'GRP1,123456789,M,,"Ng, Bo"',
    ],
    [{ grp: 'G1', ssn: '1', sex: 'x', first: null, last: 'Q' }, 'G1,000000001,x,,"Q, "'],
  ])('maps %o', async (row, line) => {
    const { csv, summary } = await mapAll([row], mappings);
    expect(csv).toBe(`benefitGroupId,employeeSSN,gender,fullName,label\n${line}\n`);
    expect(summary).toMatchObject({ rowsRead: 1, rowsWritten: 1, rowsDropped: 0 });
  });

  it('runs expressions, multi-field transforms and a transformation after them', async () => {
    const ms: TemplateMapping[] = [
      ...mappings,
      {
        target: 'fullName',
        transformation: 'Upper',
        multiField: {
          variables: [
            { variableName: 'first', schemaField: 'first' },
            { variableName: 'last', schemaField: 'last' },
          ],
          transformation: 'Full',
        },
      },
    ];
    const { csv } = await mapAll([{ grp: 'G', ssn: '7', sex: 'M', first: 'ann', last: 'lee' }], ms);
    expect(csv.split('\n')[1]).toBe('G,000000007,M,ANN LEE,"lee, ann"');
  });

  it('drops a row whose required target is blank or whose expression fails, with row and field', async () => {
    const ms: TemplateMapping[] = [
      { target: 'benefitGroupId', source: 'grp' },
      { target: 'employeeSSN', source: 'ssn', transformation: 'Boom' },
    ];
    const { csv, summary } = await mapAll(
      [
        { grp: 'A', ssn: '12' },
        { grp: null, ssn: '13' },
        { grp: 'C', ssn: 'abc' },
      ],
      ms,
    );
    expect(csv.trim().split('\n')).toEqual([
      'benefitGroupId,employeeSSN,gender,fullName,label',
      'A,12,,,',
    ]);
    expect(summary.rowsDropped).toBe(2);
    expect(summary.errors[0]).toEqual({
      row: 2,
      field: 'benefitGroupId',
      message: 'This field is required',
    });
    expect(summary.errors[1]).toMatchObject({ row: 3, field: 'employeeSSN' });
  });

  it("a required target whose blank source fails its transformation reports 'This field is required'", async () => {
    // Boom throws on any input: given a blank source, the error is the required field's.
    const ms: TemplateMapping[] = [
      { target: 'benefitGroupId', source: 'grp' },
      { target: 'employeeSSN', source: 'ssn', transformation: 'Boom' },
      { target: 'gender', source: 'sex', transformation: 'Boom' },
    ];
    const { summary } = await mapAll(
      [
        { grp: 'A', ssn: '  ', sex: 'M' },
        { grp: 'B', ssn: null, sex: 'F' },
        { grp: 'C', ssn: 'abc', sex: 'M' },
      ],
      ms,
    );
    expect(summary.rowsDropped).toBe(3);
    const message = (row: number, field: string) =>
      summary.errors.find((e) => e.row === row && e.field === field)?.message;
    expect(message(1, 'employeeSSN')).toBe('This field is required');
    expect(message(2, 'employeeSSN')).toBe('This field is required');
    // A source that is present keeps the transformation's own message.
    expect(message(3, 'employeeSSN')).toMatch(/./);
    expect(message(3, 'employeeSSN')).not.toBe('This field is required');
    // gender is not required: its transformation's own error stands.
    expect(message(1, 'gender')).toMatch(/./);
    expect(message(1, 'gender')).not.toBe('This field is required');
  });

  it('keeps a capped list of errors and counts them all', async () => {
    const rows = Array.from({ length: ROW_ERRORS_KEPT + 20 }, () => ({ grp: null, ssn: '1' }));
    const { summary } = await mapAll(rows, [{ target: 'employeeSSN', source: 'ssn' }]);
    expect(summary.errors).toHaveLength(ROW_ERRORS_KEPT);
    expect(summary.errorCount).toBe(ROW_ERRORS_KEPT + 20);
  });

  it('refuses a template naming an unknown transformation before any row', () => {
    expect(() =>
      compileTemplate(columns, [{ target: 'gender', source: 'sex', transformation: 'Nope' }], defs),
    ).toThrow(UnknownTransformationError);
  });
});

async function collect(rows: AsyncIterable<SourceRow>) {
  const all: SourceRow[] = [];
  for await (const r of rows) all.push(r);
  return all;
}

describe('readRows', () => {
  const fields = [{ name: 'a' }, { name: 'b' }];

  it('reads delimited text by position, header skipped, quotes kept', async () => {
    const rows = await collect(
      readRows(Readable.from(['x|y\n1|"2|3"\n\n4\n']), {
        kind: 'delimited',
        delimiter: '|',
        hasHeader: true,
        fields,
      }),
    );
    expect(rows).toEqual([
      { a: '1', b: '2|3' },
      { a: '4', b: null },
    ]);
  });

  it('reads fixed-length lines by 1-based positions, header and trailer records left out', async () => {
    const rows = await collect(
      readRows(Readable.from(['HDR 2026\r\nAnn  0042\r\nBo   7   \r\nTRL 2\r\n']), {
        kind: 'fixed',
        header: 'HDR',
        footer: 'TRL',
        fields: [
          { name: 'a', startLoc: 1, locLength: 5 },
          { name: 'b', startLoc: 6, locLength: 4 },
        ],
      }),
    );
    expect(rows).toEqual([
      { a: 'Ann', b: '0042' },
      { a: 'Bo', b: '7' },
    ]);
  });

  it('reads the first sheet of a workbook', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('one');
    ws.addRow(['A', 'B']);
    ws.addRow(['x', 5]);
    ws.addRow([]);
    ws.addRow(['y', null]);
    wb.addWorksheet('two').addRow(['no', 'no']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const rows = await collect(
      readRows(Readable.from([buffer]), { kind: 'xlsx', hasHeader: true, fields }),
    );
    expect(rows).toEqual([
      { a: 'x', b: '5' },
      { a: 'y', b: null },
    ]);
  });

  it('reads delimited text split anywhere: quoted values across chunks, CRLF, a BOM', async () => {
    const text = '\ufeffx,y\r\n"a, ""q""\r\nnext",2\r\n,\r\nlast,é\r\n';
    const bytes = Buffer.from(text);
    for (const at of [1, 5, 9, 14, 20, bytes.length - 2]) {
      const rows = await collect(
        readRows(Readable.from([bytes.subarray(0, at), bytes.subarray(at)]), {
          kind: 'delimited',
          delimiter: ',',
          hasHeader: true,
          fields,
        }),
      );
      expect(rows, `split at ${at}`).toEqual([
        { a: 'a, "q"\r\nnext', b: '2' },
        { a: 'last', b: 'é' },
      ]);
    }
  });

  it('reads an X12 834 by the 834 read schema: a row per member and coverage', async () => {
    const rows = await collect(
      readRows(fs.createReadStream(path.join(X12_FILES, 'adds-with-dependents.834')), {
        kind: 'edi',
      }),
    );
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r['2100A.NM1.NM104'])).toEqual(['JOHN', 'MARY', 'EMMA']);
    expect(rows[1]).toMatchObject({
      'ST.BGN.BGN02': 'ADD-0001',
      'ST.REF*38.REF02': 'GRP-7781',
      'ST.DTP*007.DTP03': '20270101',
      '1000A.N1*P5.N102': 'ACME WIDGETS',
      '2000.INS.INS02': '01',
      '2000.REF.REF02': '111223333',
      '2000.REF*1L.REF02': 'GRP-7781',
      '2100A.NM1.NM109': '222334444',
      '2100A.DMG.DMG02': '19820304',
      '2300.HD.HD03': 'PDG',
      '2300.DTP*348.DTP03': '20270101',
    });
  });

  it('stops on an 834 whose envelope is wrong, naming the segment', async () => {
    const good = fs.readFileSync(path.join(X12_FILES, 'adds-with-dependents.834'), 'latin1');
    const wrongCount = good.replace('SE*45*0001~', 'SE*44*0001~');
    await expect(collect(readRows(Readable.from([wrongCount]), { kind: 'edi' }))).rejects.toThrow(
      /segment \d+ of the file/,
    );
    await expect(
      collect(readRows(Readable.from(['not an interchange']), { kind: 'edi' })),
    ).rejects.toThrow(SourceLayoutError);
  });
});
