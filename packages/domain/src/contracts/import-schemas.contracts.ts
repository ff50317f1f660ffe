import { z } from 'zod';
import {
  edi834FieldList,
  edi834FilenameParams,
  edi834LayoutList,
  importConfiguration,
  importConfigurationIdParams,
  importConfigurationInput,
  importConfigurationListQuery,
  importConfigurationPage,
  importConfigurationsQuery,
  importSchema,
  importSchemaCloneInput,
  importSchemaComment,
  importSchemaCommentInput,
  importSchemaCommentPage,
  importSchemaCommentsQuery,
  importSchemaFileParams,
  importSchemaFilePage,
  importSchemaFilesQuery,
  importSchemaHistoryPage,
  importSchemaHistoryQuery,
  importSchemaIdParams,
  importSchemaInput,
  importSchemaListQuery,
  importSchemaNoParams,
  importSchemaPage,
  importSchemaFile,
  sampleFileFields,
  sampleFileFieldsInput,
  sampleFileParams,
  sampleFileUploadResult,
  IMPORT_SCHEMA_NAME_MAX_LENGTH,
  IMPORT_SCHEMA_MESSAGES,
  SCHEMA_FILE_EXTENSIONS,
} from '../import-schemas.ts';
import { SAMPLE_FILE_EXTENSIONS } from '../import-schema-fields.ts';
import { PERMISSIONS as P } from '../permissions.ts';
import { defineContract } from './define-contract.ts';

/*
 * The eligibility import service (spec 3 §7, base /eligibilityImportSchema): the spec writes
 * each call with the service's name in front ("GET eligibilityImportSchema/eligibility-import-
 * schemas"), so the path here is what follows it; "POST eligibilityImportSchema" is the base
 * itself, and "eligibility-import-file/file/{id}" sits under the same base. Import
 * configurations, clone and history are ours (decision 0111). Writes on one schema need edit-own
 * or edit-all; the service then applies the edit-icon rule (canEditImportSchema) to the row.
 */
const view = { allOf: [P.eligibilityImportView] } as const;
const create = { allOf: [P.eligibilityImportView, P.eligibilityImportCreate] } as const;
const edit = { anyOf: [P.eligibilityImportEditMine, P.eligibilityImportEditAll] } as const;
/** Import configurations decide which schema reads an organization's files: internal edit-all. */
const configure = { allOf: [P.eligibilityImportEditAll], userTypes: ['i'] } as const;
/** A sample file is read while creating or editing a schema. */
const sample = {
  anyOf: [P.eligibilityImportCreate, P.eligibilityImportEditMine, P.eligibilityImportEditAll],
} as const;
const tags = ['eligibility-import'];

export const importSchemaContracts = {
  list: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibility-import-schemas',
    query: importSchemaListQuery,
    answer: importSchemaPage,
    access: view,
    tags,
    summary:
      'Import schemas, paged; filters name, importerType, orgID, processStatus; scope my (default) or all',
  }),
  get: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibilityImportSchema/:id',
    params: importSchemaIdParams,
    answer: importSchema,
    access: view,
    tags,
    summary: 'One schema with its field definitions and advanced options',
  }),
  create: defineContract({
    method: 'POST',
    service: 'eligibilityImport',
    path: '',
    body: importSchemaInput,
    answer: importSchema,
    status: 201,
    access: create,
    tags,
    summary: 'Create a schema (createdBy is the caller)',
    description: `Refused with '${IMPORT_SCHEMA_MESSAGES.saveFailed}' and params naming each field when a rule is broken.`,
  }),
  update: defineContract({
    method: 'PUT',
    service: 'eligibilityImport',
    path: '/:no',
    params: importSchemaNoParams,
    body: importSchemaInput,
    answer: importSchema,
    access: edit,
    tags,
    summary:
      'Replace a schema (edit-all, or edit-own on a schema one created); each change is kept in its history',
  }),
  clone: defineContract({
    method: 'POST',
    service: 'eligibilityImport',
    path: '/:no/clone',
    params: importSchemaNoParams,
    body: importSchemaCloneInput,
    answer: importSchema,
    status: 201,
    access: create,
    tags,
    summary: `Copy a schema under a new name (at most ${IMPORT_SCHEMA_NAME_MAX_LENGTH} characters); the copy is the caller's`,
  }),
  history: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/:no/history',
    params: importSchemaNoParams,
    query: importSchemaHistoryQuery,
    answer: importSchemaHistoryPage,
    access: view,
    tags,
    summary: "A schema's changes (who, when, field, old and new value), newest first, paged",
  }),
  configs: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/:no/configs',
    params: importSchemaNoParams,
    query: importConfigurationsQuery,
    answer: importConfigurationPage,
    access: view,
    tags,
    summary: 'The import configurations using a schema (Find Usage(s)), paged',
  }),
  files: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/:no/files',
    params: importSchemaNoParams,
    query: importSchemaFilesQuery,
    answer: importSchemaFilePage,
    access: view,
    tags,
    summary: "A schema's supporting files, newest first, paged",
  }),
  uploadFile: defineContract({
    method: 'POST',
    service: 'eligibilityImport',
    path: '/:no/file',
    params: importSchemaNoParams,
    bodyKind: 'multipart',
    answer: importSchemaFile,
    status: 201,
    access: edit,
    tags,
    summary: 'Attach one supporting file (multipart/form-data, one part named file)',
    description: `Accepted extensions: ${SCHEMA_FILE_EXTENSIONS.join(', ')}; at most 50 MB.`,
  }),
  downloadFile: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibility-import-file/file/:id',
    params: importSchemaFileParams,
    answer: z.unknown().describe('The file, as uploaded'),
    answerKind: 'file',
    access: view,
    tags,
    summary: 'A supporting file itself',
  }),
  deleteFile: defineContract({
    method: 'DELETE',
    service: 'eligibilityImport',
    path: '/eligibility-import-file/file/:id',
    params: importSchemaFileParams,
    answer: z.null().describe('Deleted'),
    access: edit,
    tags,
    summary: "Remove a supporting file (the schema's editors)",
  }),
  comments: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/:no/comment',
    params: importSchemaNoParams,
    query: importSchemaCommentsQuery,
    answer: importSchemaCommentPage,
    access: view,
    tags,
    summary: "A schema's comments, newest first, paged",
  }),
  addComment: defineContract({
    method: 'POST',
    service: 'eligibilityImport',
    path: '/:no/comment',
    params: importSchemaNoParams,
    body: importSchemaCommentInput,
    answer: importSchemaComment,
    status: 201,
    access: edit,
    tags,
    summary: 'Add a comment to a schema',
  }),
  edi834Filenames: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/edi834-filenames',
    answer: edi834LayoutList,
    access: view,
    tags,
    summary: 'The X12 834 implementation layouts an EDI-834 schema may name',
  }),
  edi834Fields: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/edi834-filenames/:filename/fields',
    params: edi834FilenameParams,
    answer: edi834FieldList,
    access: view,
    tags,
    summary: "The EDI spec fields: the 834 member loop's elements an import reads, by segment",
  }),

  // ---- Import configurations (ours: the organization page) ----
  listConfigurations: defineContract({
    method: 'GET',
    service: 'eligibilityImport',
    path: '/eligibility-import-configs',
    query: importConfigurationListQuery,
    answer: importConfigurationPage,
    access: view,
    tags,
    summary: 'Import configurations, paged; filters orgId and schemaNo',
  }),
  createConfiguration: defineContract({
    method: 'POST',
    service: 'eligibilityImport',
    path: '/eligibility-import-configs',
    body: importConfigurationInput,
    answer: importConfiguration,
    status: 201,
    access: configure,
    tags,
    summary: 'Tie an organization to the schema its eligibility files use',
  }),
  updateConfiguration: defineContract({
    method: 'PUT',
    service: 'eligibilityImport',
    path: '/eligibility-import-configs/:eicNo',
    params: importConfigurationIdParams,
    body: importConfigurationInput,
    answer: importConfiguration,
    access: configure,
    tags,
    summary: 'Change an import configuration (name, status, organization, schema)',
  }),
} as const;

/*
 * The data mapping service's sample-file calls (spec 3 §7, base /datamapping/v1): the field
 * definitions step uploads a sample file, then asks for the fields it proposes.
 */
export const sampleFileContracts = {
  upload: defineContract({
    method: 'POST',
    service: 'dataMapping',
    path: '/files',
    bodyKind: 'multipart',
    answer: sampleFileUploadResult,
    status: 201,
    access: sample,
    tags: ['data-mapping'],
    summary:
      'Store a sample file (multipart/form-data, one part named file); answers its fileStorageId',
    description: `Accepted extensions: ${SAMPLE_FILE_EXTENSIONS.join(', ')}; at most 50 MB; the content must match the extension.`,
  }),
  fields: defineContract({
    method: 'POST',
    service: 'dataMapping',
    path: '/schemas/files/:fileStorageId',
    params: sampleFileParams,
    body: sampleFileFieldsInput,
    answer: sampleFileFields,
    access: sample,
    tags: ['data-mapping'],
    summary:
      'Read a stored sample file and propose its fields: header names (delimited, spreadsheet) or inferred column boundaries (fixed length)',
    description: `Refused with '${IMPORT_SCHEMA_MESSAGES.parseFailed}' and a detail when the file cannot be read.`,
  }),
} as const;
