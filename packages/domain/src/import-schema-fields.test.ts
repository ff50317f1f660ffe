import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FIELD_DEFINITION_MESSAGES as M,
  MAX_FIELD_DEFINITIONS,
  SAMPLE_FILE_MAX_BYTES,
  addFieldDefinitionIssues,
  canAddField,
  columnLetter,
  fieldDefinitionRowSchema,
  fieldDefinitionsSchema,
  fieldLength,
  fixedLengthSampleText,
  groupFieldDefinitionIssues,
  initialFieldRows,
  nextFieldRow,
  numberOfFieldsProblem,
  reflowFixedLength,
  rowsFromProposedFields,
  sampleFileProblem,
  toFieldDefinitionRows,
  validateFieldDefinitions,
  type FieldDefinitionDraft,
} from './import-schema-fields.ts';

const fixed = (fieldName: string, start: number | string | null, end: number | string | null) => ({
  fieldName,
  start,
  end,
});
const named = (...names: string[]) => names.map((fieldName) => ({ fieldName, alias: '' }));

describe('spec 3 §5 messages, verbatim', () => {
  it.each([
    [M.atLeastOneField, 'Please add at least one field'],
    [M.firstStartIsOne, 'First row start value should be 1'],
    [M.fixedLengthRequired, 'FieldName, Start, and End are required for each field'],
    [M.delimitedRequired, 'FieldName is required for each field'],
    [M.startFollowsPreviousEnd, 'Start value should be previous row end value + 1'],
    [M.endNotBeforeStart, 'End field value should be greater than or equal start field value'],
    [M.startEndNumber, 'Start End value should be number'],
    [M.numberOfFieldsNumeric, 'Number of Fields can only contain numeric values'],
    [
      M.maxFields,
      'Max Limit for the fields are reached, total fields should not be more than 500.',
    ],
    [M.sampleFileRequired, 'Please select the file'],
    [
      M.sampleFileTooLarge,
      'Maximum allowed file size is 50MB, please upload the file within the size limit',
    ],
    [
      M.overwriteConfirm,
      'Existing fields will be overridden after adding this file, are you sure you want to upload?',
    ],
    [M.parseError, 'Error in parsing the fields data from file.'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});

describe('validateFieldDefinitions: fixed length', () => {
  it.each<[string, FieldDefinitionDraft[], [number | null, string | null, string][]]>([
    ['a valid table', [fixed('ID', 1, 9), fixed('Name', 10, 39), fixed('DOB', 40, 47)], []],
    ['one one-character field', [fixed('Flag', 1, 1)], []],
    ['no rows', [], [[null, null, M.atLeastOneField]]],
    ['first start not 1', [fixed('ID', 2, 9)], [[0, 'start', M.firstStartIsOne]]],
    ['first start 0', [fixed('ID', 0, 9)], [[0, 'start', M.firstStartIsOne]]],
    ['missing name', [fixed('', 1, 9)], [[0, 'fieldName', M.fixedLengthRequired]]],
    ['blank name', [fixed('   ', 1, 9)], [[0, 'fieldName', M.fixedLengthRequired]]],
    ['missing start', [fixed('ID', null, 9)], [[0, 'start', M.fixedLengthRequired]]],
    ['missing end (text)', [fixed('ID', 1, '')], [[0, 'end', M.fixedLengthRequired]]],
    ['start not a number', [fixed('ID', 'x', 9)], [[0, 'start', M.startEndNumber]]],
    ['end a fraction', [fixed('ID', 1, '9.5')], [[0, 'end', M.startEndNumber]]],
    ['end negative', [fixed('ID', 1, -2)], [[0, 'end', M.startEndNumber]]],
    ['end before start', [fixed('ID', 1, 9), fixed('N', 10, 5)], [[1, 'end', M.endNotBeforeStart]]],
    [
      'overlap',
      [fixed('ID', 1, 9), fixed('Name', 9, 20)],
      [[1, 'start', M.startFollowsPreviousEnd]],
    ],
    ['gap', [fixed('ID', 1, 9), fixed('Name', 12, 20)], [[1, 'start', M.startFollowsPreviousEnd]]],
    ['positions as typed text', [fixed('ID', '1', '9'), fixed('Name', '10', '20')], []],
    [
      'duplicate name, any case',
      [fixed('ID', 1, 9), fixed(' id', 10, 20)],
      [[1, 'fieldName', M.duplicateFieldName]],
    ],
    [
      'start after a row with no end: only the missing end',
      [fixed('ID', 1, null), fixed('Name', 30, 40)],
      [[0, 'end', M.fixedLengthRequired]],
    ],
    [
      'several cells at once, in row order',
      [fixed('', 2, 1), fixed('B', 'y', 3)],
      [
        [0, 'fieldName', M.fixedLengthRequired],
        [0, 'start', M.firstStartIsOne],
        [0, 'end', M.endNotBeforeStart],
        [1, 'start', M.startEndNumber],
      ],
    ],
  ])('%s', (_, rows, expected) => {
    expect(
      validateFieldDefinitions('fixedLength', rows).map((i) => [i.row, i.field, i.message]),
    ).toEqual(expected);
  });

  it('a table laid end to end from 1 passes; moving one boundary breaks the next row (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
        (lengths, pick, shift) => {
          let next = 1;
          const rows = lengths.map((length, i) => {
            const row = fixed(`F${i}`, next, next + length - 1);
            next += length;
            return row;
          });
          expect(validateFieldDefinitions('fixedLength', rows)).toEqual([]);
          const i = 1 + (pick % (rows.length - 1));
          // A start moved below 1 breaks the number rule instead (its own case in the table).
          fc.pre((rows[i]!.start as number) + shift >= 1);
          const moved = rows.map((row, j) =>
            j === i ? { ...row, start: (row.start as number) + shift } : row,
          );
          const issues = validateFieldDefinitions('fixedLength', moved);
          expect(issues).toContainEqual({
            row: i,
            field: 'start',
            message: M.startFollowsPreviousEnd,
          });
        },
      ),
    );
  });
});

describe('validateFieldDefinitions: delimited', () => {
  it.each<[string, FieldDefinitionDraft[], [number | null, string | null, string][]]>([
    ['valid', named('ssn', 'first_name', 'last_name'), []],
    ['no rows', [], [[null, null, M.atLeastOneField]]],
    ['missing name', named('a', ''), [[1, 'fieldName', M.delimitedRequired]]],
    ['positions are ignored', [{ fieldName: 'a', start: 'x', end: -1 }], []],
    ['duplicate', named('SSN', 'ssn '), [[1, 'fieldName', M.duplicateFieldName]]],
    ['name too long', named('x'.repeat(101)), [[0, 'fieldName', M.fieldNameTooLong]]],
    ['NUL in a name', named('a\0b'), [[0, 'fieldName', M.nulCharacter]]],
    [
      'alias too long',
      [{ fieldName: 'a', alias: 'y'.repeat(501) }],
      [[0, 'alias', M.aliasTooLong]],
    ],
  ])('%s', (_, rows, expected) => {
    expect(
      validateFieldDefinitions('delimited', rows).map((i) => [i.row, i.field, i.message]),
    ).toEqual(expected);
  });

  it('500 rows pass, 501 are refused with the limit message', () => {
    const names = (n: number) => named(...Array.from({ length: n }, (_, i) => `f${i}`));
    expect(validateFieldDefinitions('delimited', names(MAX_FIELD_DEFINITIONS))).toEqual([]);
    expect(validateFieldDefinitions('delimited', names(MAX_FIELD_DEFINITIONS + 1))).toEqual([
      { row: null, field: null, message: M.maxFields },
    ]);
  });
});

describe('the server check', () => {
  const body = z
    .object({
      layout: z.enum(['delimited', 'fixedLength']),
      fieldDefinitions: fieldDefinitionsSchema,
    })
    .superRefine((value, ctx) =>
      addFieldDefinitionIssues(ctx, value.layout, value.fieldDefinitions),
    );

  it('names the row and cell of each issue', () => {
    const result = body.safeParse({
      layout: 'fixedLength',
      fieldDefinitions: [
        { fieldName: 'ID', start: 1, end: 9 },
        { fieldName: 'N', start: 8, end: 20 },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fieldDefinitions.1.start', M.startFollowsPreviousEnd],
    ]);
  });

  it('an empty table is an issue of the table', () => {
    const result = body.safeParse({ layout: 'delimited', fieldDefinitions: [] });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fieldDefinitions', M.atLeastOneField],
    ]);
  });

  it('refuses 501 rows, positions out of range and NUL bytes in the row schema', () => {
    const rows = Array.from({ length: 501 }, (_, i) => ({ fieldName: `f${i}` }));
    expect(fieldDefinitionsSchema.safeParse(rows).error?.issues[0]?.message).toBe(M.maxFields);
    expect(fieldDefinitionRowSchema.safeParse({ fieldName: 'a', start: 100_001 }).success).toBe(
      false,
    );
    expect(fieldDefinitionRowSchema.safeParse({ fieldName: 'a\0' }).success).toBe(false);
    expect(fieldDefinitionRowSchema.parse({ fieldName: 'a' })).toEqual({
      fieldName: 'a',
      alias: null,
      start: null,
      end: null,
      dataType: 'string',
    });
  });

  it('stores trimmed names, null blank aliases, and positions only for fixed length', () => {
    const rows = [{ fieldName: ' ID ', alias: ' ', start: '1', end: '9' }];
    expect(toFieldDefinitionRows('fixedLength', rows)).toEqual([
      { fieldName: 'ID', alias: null, start: 1, end: 9, dataType: 'string' },
    ]);
    expect(toFieldDefinitionRows('delimited', rows)).toEqual([
      { fieldName: 'ID', alias: null, start: null, end: null, dataType: 'string' },
    ]);
  });
});

describe('cells of the table', () => {
  it.each([
    [0, 'A'],
    [1, 'B'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
    [499, 'SF'],
  ])('column %i is %s', (index, letter) => expect(columnLetter(index)).toBe(letter));

  it.each([
    [1, 9, 9],
    ['10', '10', 1],
    [5, 4, null],
    [null, 4, null],
    ['a', 4, null],
  ])('length of %j..%j is %j', (start, end, length) => {
    expect(fieldLength(start, end)).toBe(length);
  });

  it('groups issues per row and cell, first message first', () => {
    const grouped = groupFieldDefinitionIssues([
      { row: null, field: null, message: 'table' },
      { row: 2, field: 'start', message: 'one' },
      { row: 2, field: 'start', message: 'two' },
      { row: 2, field: 'end', message: 'three' },
    ]);
    expect(grouped.table).toEqual(['table']);
    expect(grouped.cells.get(2)).toEqual({ start: 'one', end: 'three' });
    expect(grouped.cells.has(0)).toBe(false);
  });
});

describe('Number of Fields, Initialize and Add Field', () => {
  it.each([
    ['1', null],
    ['500', null],
    ['', 'Number of Fields is required'],
    ['  ', 'Number of Fields is required'],
    ['0', M.numberOfFieldsNumeric],
    ['012', M.numberOfFieldsNumeric],
    ['1.5', M.numberOfFieldsNumeric],
    ['-3', M.numberOfFieldsNumeric],
    ['abc', M.numberOfFieldsNumeric],
    ['501', M.maxFields],
    ['99999999999999999999', M.maxFields],
  ])('%j → %j', (text, message) => expect(numberOfFieldsProblem(text)).toBe(message));

  it('initializes empty rows and stops adding at 500', () => {
    expect(initialFieldRows(3)).toHaveLength(3);
    expect(initialFieldRows(1)[0]).toEqual({ fieldName: '', alias: '', start: null, end: null });
    expect(canAddField(499)).toBe(true);
    expect(canAddField(500)).toBe(false);
  });

  it('a fixed-length row added last starts after the last end', () => {
    expect(nextFieldRow('fixedLength', [fixed('A', 1, 9)]).start).toBe(10);
    expect(nextFieldRow('fixedLength', []).start).toBe(1);
    expect(nextFieldRow('fixedLength', [fixed('A', 1, null)]).start).toBeNull();
    expect(nextFieldRow('delimited', named('a')).start).toBeNull();
  });
});

describe('reflowFixedLength: positions follow the order after a drag', () => {
  it('keeps lengths and lays the rows end to end from 1', () => {
    const dragged = [fixed('Name', 10, 39), fixed('ID', 1, 9), fixed('DOB', 40, 47)];
    const flowed = reflowFixedLength(dragged);
    expect(flowed).toEqual([fixed('Name', 1, 30), fixed('ID', 31, 39), fixed('DOB', 40, 47)]);
    expect(validateFieldDefinitions('fixedLength', flowed)).toEqual([]);
  });

  it('stops at the first row whose length is unknown', () => {
    const rows = [fixed('A', 5, 6), fixed('B', 1, null), fixed('C', 20, 21)];
    expect(reflowFixedLength(rows)).toEqual([
      fixed('A', 1, 2),
      fixed('B', 1, null),
      fixed('C', 20, 21),
    ]);
  });

  it('any permutation of a valid table reflows to a valid table of the same width (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 20 }),
        (lengths) => {
          const rows = lengths.map((length, i) => fixed(`F${i}`, 1, length));
          const flowed = reflowFixedLength([...rows].reverse());
          expect(validateFieldDefinitions('fixedLength', flowed)).toEqual([]);
          const total = lengths.reduce((a, b) => a + b, 0);
          expect(flowed[flowed.length - 1]?.end).toBe(total);
        },
      ),
    );
  });
});

describe('sample files', () => {
  it.each<[{ name: string; size: number } | null, string | null]>([
    [{ name: 'members.csv', size: 10 }, null],
    [{ name: 'MEMBERS.XLSX', size: 10 }, null],
    [{ name: 'members.xls', size: SAMPLE_FILE_MAX_BYTES }, null],
    [{ name: 'fixed.txt', size: 1 }, null],
    [null, M.sampleFileRequired],
    [{ name: 'members.pdf', size: 10 }, M.sampleFileType],
    [{ name: 'members', size: 10 }, M.sampleFileType],
    [{ name: 'members.csv', size: SAMPLE_FILE_MAX_BYTES + 1 }, M.sampleFileTooLarge],
  ])('%j → %j', (file, message) => expect(sampleFileProblem(file)).toBe(message));

  it('turns proposed fields into rows', () => {
    const fields = [
      { name: 'ID', startLoc: 1, stopLoc: 9, locLength: 9 },
      { name: 'Name', startLoc: 10, locLength: 30 },
    ];
    expect(rowsFromProposedFields('fixedLength', fields)).toEqual([
      { fieldName: 'ID', alias: '', start: 1, end: 9 },
      { fieldName: 'Name', alias: '', start: 10, end: 39 },
    ]);
    expect(rowsFromProposedFields('delimited', fields)).toEqual([
      { fieldName: 'ID', alias: '', start: null, end: null },
      { fieldName: 'Name', alias: '', start: null, end: null },
    ]);
  });

  it('writes a fixed-length sample: a ruler and each name in its own columns', () => {
    const text = fixedLengthSampleText([
      fixed('ID', 1, 3),
      fixed('LASTNAME', 4, 8),
      fixed('X', 9, 10),
    ]);
    expect(text).toBe('1234567890\r\nID_LASTNX_\r\n');
    const [ruler, record] = text.split('\r\n');
    expect(ruler).toHaveLength(10);
    expect(record).toHaveLength(10);
  });
});
