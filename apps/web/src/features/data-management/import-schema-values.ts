import {
  ADVANCED_OPTION_KEYS,
  delimiterCharacter,
  filterTemplateNameInput,
  toFieldDefinitionRows,
  type SchemaInput,
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

/** A read schema's name: the schema's name in the template name's letters (1-9, underscore). */
export function readSchemaName(schemaName: string | null | undefined): string {
  return (
    filterTemplateNameInput((schemaName ?? '').trim().replace(/\s+/g, '_')).slice(0, 80) ||
    'Import_Schema'
  );
}

/**
 * The data mapper's read schema of the wizard's schema (spec 3 §4: step 3 maps from the field
 * table): the file type, delimiter character, header row flag, fixed-length header and trailer
 * markers, and each field by name (fixed length: its start and length).
 */
export function readSchemaOf(
  values: WizardFormValues,
  fields: readonly FieldDefinitionDraft[],
): SchemaInput {
  const mediaType = values.mediaType ?? 'csv';
  const fixed = mediaType === 'fixed';
  const rows = toFieldDefinitionRows(fixed ? 'fixedLength' : 'delimited', fields);
  return {
    name: readSchemaName(values.name),
    mediaType,
    delimiter:
      mediaType === 'csv'
        ? delimiterCharacter(values.fileDelimiter ?? null, values.customDelimiter ?? null)
        : null,
    fileHasHeaderRow: values.fileHasHeaderRow ?? true,
    header: fixed ? values.header || null : null,
    footer: fixed ? values.footer || null : null,
    fields: rows.map((row) =>
      fixed && row.start !== null && row.end !== null
        ? {
            name: row.fieldName,
            required: false,
            startLoc: row.start,
            locLength: row.end - row.start + 1,
          }
        : { name: row.fieldName, required: false },
    ),
  };
}
