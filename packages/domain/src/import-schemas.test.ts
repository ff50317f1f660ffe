import { describe, expect, it } from 'vitest';
import { FIELD_DEFINITION_MESSAGES, columnLetter } from './import-schema-fields.ts';
import {
  ADVANCED_OPTIONS,
  IMPORT_SCHEMA_MESSAGES,
  canCloneImportSchema,
  canEditImportSchema,
  commentPreview,
  delimiterCharacter,
  fileTypeCodeOf,
  hasFieldDefinitions,
  importSchemaInput,
  importSchemaListQuery,
  toFieldRows,
} from './import-schemas.ts';

const EDIT_ALL = 'portal-ei-edit-all';
const EDIT_MINE = 'portal-ei-edit-mine';

describe('canEditImportSchema: the edit-icon rule (spec 3 §2)', () => {
  it.each([
    ['edit-all, someone else’s schema', [EDIT_ALL], 7, 9, true],
    ['edit-all, a schema with no creator', [EDIT_ALL], 7, null, true],
    ['edit-own, own schema', [EDIT_MINE], 7, 7, true],
    ['edit-own, someone else’s schema', [EDIT_MINE], 7, 9, false],
    ['edit-own, a schema with no creator', [EDIT_MINE], 7, null, false],
    ['view only, own schema', ['portal-ei-view'], 7, 7, false],
    ['create only, own schema', ['portal-ei-create'], 7, 7, false],
  ] as const)('%s', (_case, permissions, userNo, createdBy, expected) => {
    expect(canEditImportSchema({ userNo, permissions }, { createdBy })).toBe(expected);
    expect(canEditImportSchema({ userNo, permissions: new Set(permissions) }, { createdBy })).toBe(
      expected,
    );
  });

  it('clone needs the create permission', () => {
    expect(canCloneImportSchema({ userNo: 1, permissions: ['portal-ei-create'] })).toBe(true);
    expect(canCloneImportSchema({ userNo: 1, permissions: [EDIT_ALL] })).toBe(false);
  });
});

const base = {
  name: 'Acme eligibility',
  importerType: 1,
  mediaType: 'csv',
  fileDelimiter: 'comma',
  fieldDefinitions: [{ fieldName: 'ssn' }, { fieldName: 'lastName', alias: 'surname' }],
};
const fixed = {
  ...base,
  mediaType: 'fixed',
  fileDelimiter: null,
  fieldDefinitions: [
    { fieldName: 'ssn', start: 1, end: 9 },
    { fieldName: 'lastName', start: 10, end: 29 },
  ],
};

function messagesOf(input: unknown): Record<string, string> {
  const result = importSchemaInput.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('importSchemaInput: spec 3 §5 messages at their fields', () => {
  it.each([
    ['a blank name', { ...base, name: '   ' }, 'name', IMPORT_SCHEMA_MESSAGES.nameRequired],
    ['a missing name', { ...base, name: undefined }, 'name', IMPORT_SCHEMA_MESSAGES.nameRequired],
    [
      'a 101-character name',
      { ...base, name: 'x'.repeat(101) },
      'name',
      IMPORT_SCHEMA_MESSAGES.nameTooLong,
    ],
    [
      'no file type',
      { ...base, mediaType: undefined },
      'mediaType',
      IMPORT_SCHEMA_MESSAGES.fileTypeRequired,
    ],
    [
      'a delimited file without delimiter',
      { ...base, fileDelimiter: null },
      'fileDelimiter',
      IMPORT_SCHEMA_MESSAGES.delimiterRequired,
    ],
    [
      'Other without a custom delimiter',
      { ...base, fileDelimiter: 'other' },
      'customDelimiter',
      IMPORT_SCHEMA_MESSAGES.customDelimiterRequired,
    ],
    [
      'a two-character custom delimiter',
      { ...base, fileDelimiter: 'other', customDelimiter: ';;' },
      'customDelimiter',
      IMPORT_SCHEMA_MESSAGES.customDelimiterTooLong,
    ],
    [
      'EDI without its 834 layout',
      { ...base, mediaType: 'edi', fileDelimiter: null },
      'edi834Filename',
      IMPORT_SCHEMA_MESSAGES.edi834FilenameRequired,
    ],
    [
      'an unknown 834 layout',
      { ...base, mediaType: 'edi', edi834Filename: 'X999' },
      'edi834Filename',
      IMPORT_SCHEMA_MESSAGES.edi834FilenameRequired,
    ],
    [
      'a trailer without record header',
      { ...fixed, footer: 'TRL' },
      'recordHeader',
      IMPORT_SCHEMA_MESSAGES.recordHeaderRequired,
    ],
    [
      'importer type 2',
      { ...base, importerType: 2 },
      'importerType',
      IMPORT_SCHEMA_MESSAGES.importerTypeRequired,
    ],
    [
      'a data-mapper file without fields',
      { ...base, fieldDefinitions: [] },
      'fieldDefinitions',
      FIELD_DEFINITION_MESSAGES.atLeastOneField,
    ],
    [
      'a delimited field without name',
      { ...base, fieldDefinitions: [{ fieldName: ' ' }] },
      'fieldDefinitions.0.fieldName',
      FIELD_DEFINITION_MESSAGES.delimitedRequired,
    ],
    [
      'fixed-length rows that overlap',
      {
        ...fixed,
        fieldDefinitions: [
          { fieldName: 'a', start: 1, end: 9 },
          { fieldName: 'b', start: 9, end: 12 },
        ],
      },
      'fieldDefinitions.1.start',
      FIELD_DEFINITION_MESSAGES.startFollowsPreviousEnd,
    ],
    [
      'fixed-length rows with a gap',
      {
        ...fixed,
        fieldDefinitions: [
          { fieldName: 'a', start: 1, end: 9 },
          { fieldName: 'b', start: 11, end: 12 },
        ],
      },
      'fieldDefinitions.1.start',
      FIELD_DEFINITION_MESSAGES.startFollowsPreviousEnd,
    ],
    [
      '501 fields',
      {
        ...base,
        fieldDefinitions: Array.from({ length: 501 }, (_, i) => ({ fieldName: `f${i}` })),
      },
      'fieldDefinitions',
      FIELD_DEFINITION_MESSAGES.maxFields,
    ],
  ])('%s', (_case, input, path, message) => {
    expect(messagesOf(input)[path]).toBe(message);
  });

  it('accepts a minimal delimited schema and fills the defaults', () => {
    const parsed = importSchemaInput.parse(base);
    expect(parsed).toMatchObject({
      name: 'Acme eligibility',
      processStatus: 1,
      fileHasHeaderRow: true,
      ignoreHeader: false,
      fieldDefinitions: [
        { fieldName: 'ssn', alias: null, start: null, end: null, dataType: 'string' },
        { fieldName: 'lastName', alias: 'surname', start: null, end: null, dataType: 'string' },
      ],
      dmTemplateId: null,
      useInputDate: false,
    });
  });

  it('legacy and EDI schemas need no field table', () => {
    expect(
      importSchemaInput.safeParse({ ...base, importerType: 0, fieldDefinitions: [] }).success,
    ).toBe(true);
    expect(
      importSchemaInput.safeParse({
        ...base,
        mediaType: 'edi',
        edi834Filename: '005010X220A1',
        fieldDefinitions: [],
      }).success,
    ).toBe(true);
  });

  it('a blank trailer is no trailer (the record header stays optional)', () => {
    expect(importSchemaInput.parse({ ...fixed, footer: '  ' }).footer).toBeNull();
  });
});

describe('codes and small rules', () => {
  it('file type codes follow the media type (1 fixed and EDI, 2 spreadsheet, 3 delimited)', () => {
    expect([
      fileTypeCodeOf('fixed'),
      fileTypeCodeOf('edi'),
      fileTypeCodeOf('excel'),
      fileTypeCodeOf('csv'),
    ]).toEqual([1, 1, 2, 3]);
  });
  it('delimiters name their character, Other its custom one', () => {
    expect(delimiterCharacter('tab')).toBe('\t');
    expect(delimiterCharacter('pipe')).toBe('|');
    expect(delimiterCharacter('other', ';')).toBe(';');
    expect(delimiterCharacter('other', null)).toBeNull();
    expect(delimiterCharacter(null)).toBeNull();
  });
  it('field definitions are hidden for legacy schemas and EDI', () => {
    expect(hasFieldDefinitions({ importerType: 0, mediaType: 'csv' })).toBe(false);
    expect(hasFieldDefinitions({ importerType: 1, mediaType: 'edi' })).toBe(false);
    expect(hasFieldDefinitions({ importerType: 1, mediaType: 'fixed' })).toBe(true);
  });
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [499, 'SF'],
  ])('column %i is %s', (index, letter) => {
    expect(columnLetter(index)).toBe(letter);
  });
  it('rows carry their place, letter and computed length', () => {
    expect(
      toFieldRows([
        { fieldName: 'ssn', alias: null, start: 1, end: 9, dataType: 'string' },
        { fieldName: 'name', alias: null, start: 10, end: 9, dataType: 'string' },
      ]),
    ).toMatchObject([
      { locIndex: 0, column: 'A', length: 9 },
      { locIndex: 1, column: 'B', length: null },
    ]);
  });
  it('comments preview at 70 characters', () => {
    expect(commentPreview('x'.repeat(70))).toBe('x'.repeat(70));
    expect(commentPreview('x'.repeat(71))).toBe(`${'x'.repeat(70)}...`);
  });
  it('twelve advanced options, each with a tooltip', () => {
    expect(ADVANCED_OPTIONS).toHaveLength(12);
    for (const option of ADVANCED_OPTIONS) expect(option.tooltip.length).toBeGreaterThan(40);
  });
  it('list query: scope defaults to my; codes outside the spec are refused', () => {
    expect(importSchemaListQuery.parse({}).scope).toBe('my');
    expect(importSchemaListQuery.parse({ processStatus: '9' }).processStatus).toBe(9);
    expect(importSchemaListQuery.safeParse({ processStatus: '2' }).success).toBe(false);
    expect(importSchemaListQuery.safeParse({ scope: 'mine' }).success).toBe(false);
    expect(importSchemaListQuery.safeParse({ orgID: '2147483648' }).success).toBe(false);
  });
});
