import { describe, expect, it } from 'vitest';
import { importSchemaInput, schemaInput } from '@pillar/domain';
import {
  newSchemaValues,
  readSchemaName,
  readSchemaOf,
  schemaToSave,
  type WizardFormValues,
} from './import-schema-values.ts';

const BASE: WizardFormValues = {
  ...newSchemaValues(),
  name: 'Acme census',
  mediaType: 'csv',
  fileDelimiter: 'pipe',
};

describe('what Save sends (spec 3 §5: empty strings become null)', () => {
  it('a new schema is a data-mapper import of a file with a header row, every option off', () => {
    const values = newSchemaValues();
    expect(values).toMatchObject({ importerType: 1, fileHasHeaderRow: true, ignoreHeader: false });
    expect(values.useInputDate).toBe(false);
    expect(values.subordinateRecordsWithTermDateEqualToEffectiveDate).toBe(false);
  });

  it('clears what the file type does not use, and blanks become null', () => {
    const body = schemaToSave(
      {
        ...BASE,
        customDelimiter: ';',
        edi834Filename: '005010X220A1',
        header: 'HDR',
        footer: '  ',
        description: '',
      },
      [{ fieldName: ' SSN ', alias: '' }],
      true,
    );
    expect(body).toMatchObject({
      fileDelimiter: 'pipe',
      customDelimiter: null,
      edi834Filename: null,
      header: null,
      footer: null,
      description: null,
      fieldDefinitions: [{ fieldName: 'SSN', alias: null, start: null, end: null }],
    });
    expect(importSchemaInput.safeParse(body).success).toBe(true);
  });

  it('keeps the custom delimiter only with Other', () => {
    const body = schemaToSave({ ...BASE, fileDelimiter: 'other', customDelimiter: ';' }, [], false);
    expect(body.customDelimiter).toBe(';');
  });

  it('a fixed-length file keeps its markers and positions, no delimiter', () => {
    const body = schemaToSave(
      { ...BASE, mediaType: 'fixed', header: 'HDR', footer: 'TRL', recordHeader: 'D' },
      [
        { fieldName: 'SSN', start: '1', end: '9' },
        { fieldName: 'Name', start: 10, end: 39 },
      ],
      true,
    );
    expect(body).toMatchObject({
      fileDelimiter: null,
      header: 'HDR',
      footer: 'TRL',
      recordHeader: 'D',
    });
    expect(body.fieldDefinitions).toEqual([
      { fieldName: 'SSN', alias: null, start: 1, end: 9, dataType: 'string' },
      { fieldName: 'Name', alias: null, start: 10, end: 39, dataType: 'string' },
    ]);
  });

  it('a schema without a field table (legacy, EDI-834) sends none', () => {
    const body = schemaToSave(
      { ...BASE, mediaType: 'edi', edi834Filename: '005010X220A1' },
      [{ fieldName: 'left over' }],
      false,
    );
    expect(body.fieldDefinitions).toEqual([]);
    expect(body.edi834Filename).toBe('005010X220A1');
  });
});

describe('the read schema step 3 maps from (spec 3 §4)', () => {
  it('a delimited schema: the delimiter character, the header flag and the fields by name', () => {
    const read = readSchemaOf({ ...BASE, fileHasHeaderRow: false }, [
      { fieldName: ' SSN ', alias: 'ssn' },
      { fieldName: 'LAST', alias: '' },
    ]);
    expect(read).toEqual({
      name: 'Acme_census',
      mediaType: 'csv',
      delimiter: '|',
      fileHasHeaderRow: false,
      header: null,
      footer: null,
      fields: [
        { name: 'SSN', required: false },
        { name: 'LAST', required: false },
      ],
    });
    expect(schemaInput.safeParse(read).success).toBe(true);
  });

  it('a custom delimiter is its own character', () => {
    const read = readSchemaOf({ ...BASE, fileDelimiter: 'other', customDelimiter: ';' }, [
      { fieldName: 'A' },
    ]);
    expect(read.delimiter).toBe(';');
  });

  it('fixed length: start and length from Start and End, the header and trailer markers', () => {
    const read = readSchemaOf(
      { ...BASE, mediaType: 'fixed', fileDelimiter: null, header: 'HDR', footer: '' },
      [
        { fieldName: 'SSN', start: '1', end: '9' },
        { fieldName: 'LAST', start: 10, end: 29 },
      ],
    );
    expect(read).toMatchObject({
      mediaType: 'fixed',
      delimiter: null,
      header: 'HDR',
      footer: null,
    });
    expect(read.fields).toEqual([
      { name: 'SSN', required: false, startLoc: 1, locLength: 9 },
      { name: 'LAST', required: false, startLoc: 10, locLength: 20 },
    ]);
    expect(schemaInput.safeParse(read).success).toBe(true);
  });

  it('the name keeps the template name rule: letters, 1-9, underscore; never blank', () => {
    expect(readSchemaName('Acme 2024 census-0')).toBe('Acme_224_census');
    expect(readSchemaName('  ')).toBe('Import_Schema');
    expect(readSchemaName('000')).toBe('Import_Schema');
    expect(readSchemaName('x'.repeat(200))).toHaveLength(80);
  });
});
