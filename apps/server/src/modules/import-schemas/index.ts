/**
 * The import schemas module's public surface (decision 0111): the eligibility import service's
 * routes, and the writes the demo seed makes through the same rows and history.
 */
export { importSchemasRoutes } from './import-schemas.routes.ts';
export {
  seedComment,
  seedConfiguration,
  seedFile,
  writeNewSchema,
} from './import-schemas.service.ts';
/** An organization's configurations, scoped to the caller (the import runs' configuration list). */
export { listConfigurations } from './import-schemas.service.ts';
/** One import schema with its field definitions (the data mapper's POST /schemas/definition/{id}). */
export { getSchema as getImportSchema } from './import-schemas.service.ts';
/** The demo seed's data-mapper templates: the schemas to map and the link to their template. */
export { seedSchemasToMap, seedTemplateLink } from './import-schemas.service.ts';
