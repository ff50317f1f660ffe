/*
 * The eligibility import schema entity (spec 3 §7 "Eligibility import service"): its calls with
 * their query keys, and the small blocks the data-management pages reuse. Features import only
 * this file.
 *
 * Blocks:
 * - `<ImportSchemaStatusTag status />`: Inactive, Active or Disabled.
 * - `<ConfigDetailsModal schema onClose />`: Find Usage(s), the configurations using a schema.
 */
export { importSchemaKeys, type SchemaPageSearch } from './query-keys.ts';
export {
  listImportSchemas,
  listImportSchemasQueryOptions,
  type ImportSchemaSearch,
} from './api/list-import-schemas.ts';
export {
  getImportSchema,
  importSchemaQueryOptions,
  useImportSchema,
} from './api/get-import-schema.ts';
export {
  saveImportSchema,
  useSaveImportSchema,
  type ImportSchemaSave,
} from './api/save-import-schema.ts';
export { listSchemaConfigs, useSchemaConfigs } from './api/schema-configs.ts';
export { useAddSchemaComment, useSchemaComments } from './api/schema-comments.ts';
export {
  useDeleteSchemaFile,
  useDownloadSchemaFile,
  useSchemaFiles,
  useUploadSchemaFile,
} from './api/schema-files.ts';
export { useEdi834Filenames } from './api/edi-834-filenames.ts';
export { ImportSchemaStatusTag } from './ui/import-schema-status-tag.tsx';
export { ConfigDetailsModal, type ConfigDetailsModalProps } from './ui/config-details-modal.tsx';
