/**
 * The import schemas module's public surface (decision 0111): the eligibility import service's
 * routes, and the writes the demo seed makes through the same rules.
 */
export { importSchemasRoutes } from './import-schemas.routes.ts';
export { createConfiguration, createSchema, addComment } from './import-schemas.service.ts';
