import { describe, expect, it } from 'vitest';
import { importSchemaInput } from '@pillar/domain';
import { newSchemaValues, schemaToSave, type WizardFormValues } from './import-schema-values.ts';

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
