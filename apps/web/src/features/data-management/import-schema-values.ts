import {
  ADVANCED_OPTION_KEYS,
  toFieldDefinitionRows,
  type FieldDefinitionDraft,
  type ImportSchema,
  type ImportSchemaFormValues,
} from '@pillar/domain';

/** What the wizard's form holds: the schema's fields but its field table (kept beside it). */
export type WizardFormValues = Omit<ImportSchemaFormValues, 'fieldDefinitions'>;

/** A new schema: a data-mapper import of a file with a header row, every option off. */
export function newSchemaValues(): WizardFormValues {
  return {
    name: '',
    importerType: 1,
    fileHasHeaderRow: true,
    ignoreHeader: false,
    ...Object.fromEntries(ADVANCED_OPTION_KEYS.map((key) => [key, false])),
  } as WizardFormValues;
}

/** The form's values of a stored schema. */
export function storedSchemaValues(schema: ImportSchema): WizardFormValues {
  return {
    name: schema.name,
    importerType: schema.importerType === 0 ? 0 : 1,
    mediaType: schema.mediaType,
    fileDelimiter: schema.fileDelimiter,
    customDelimiter: schema.customDelimiter,
    edi834Filename: schema.edi834Filename as ImportSchemaFormValues['edi834Filename'],
    header: schema.header,
    footer: schema.footer,
    recordHeader: schema.recordHeader,
    ignoreHeader: schema.ignoreHeader,
    fileHasHeaderRow: schema.fileHasHeaderRow,
    description: schema.description,
    processStatus: schema.processStatus as 0 | 1 | 9,
    dmTemplateId: schema.dmTemplateId,
    fieldDefinitionMode: schema.fieldDefinitionMode,
    ...Object.fromEntries(ADVANCED_OPTION_KEYS.map((key) => [key, schema[key]])),
  };
}

/** The stored field table as the step edits it (positions as numbers, blank aliases empty). */
export function storedFieldDrafts(schema: ImportSchema): FieldDefinitionDraft[] {
  return schema.fieldDefinitions.map((row) => ({
    fieldName: row.fieldName,
    alias: row.alias ?? '',
    start: row.start,
    end: row.end,
  }));
}

function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/**
 * What Save sends (spec 3 §5: empty strings become null): the form's values, the options the file
 * type does not use cleared, and the field table when the schema has one.
 */
export function schemaToSave(
  values: WizardFormValues,
  fields: readonly FieldDefinitionDraft[],
  withFields: boolean,
): ImportSchemaFormValues {
  const cleaned = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, blankToNull(value)]),
  ) as WizardFormValues;
  const mediaType = cleaned.mediaType;
  const delimited = mediaType === 'csv';
  return {
    ...cleaned,
    fileDelimiter: delimited ? (cleaned.fileDelimiter ?? null) : null,
    customDelimiter:
      delimited && cleaned.fileDelimiter === 'other' ? (cleaned.customDelimiter ?? null) : null,
    edi834Filename: mediaType === 'edi' ? (cleaned.edi834Filename ?? null) : null,
    header: mediaType === 'fixed' ? (cleaned.header ?? null) : null,
    footer: mediaType === 'fixed' ? (cleaned.footer ?? null) : null,
    recordHeader: mediaType === 'fixed' ? (cleaned.recordHeader ?? null) : null,
    fieldDefinitions: withFields
      ? toFieldDefinitionRows(mediaType === 'fixed' ? 'fixedLength' : 'delimited', fields)
      : [],
  };
}
