/**
 * The data mapping module's public surface (spec 3 §7 "Data mapping service", /datamapping/v1):
 * the sample-file calls the import schemas' field definitions use (decision 0111); the
 * transformation library's routes, its create (the demo seed), the one compiler of a definition
 * (jobs), and the hook through which the template module says which transformations it uses
 * (decision 0118).
 */
export { sampleFilesRoutes } from './sample-files.routes.ts';
export { edi834Routes } from './edi834.routes.ts';
export { transformationRoutes } from './transformations.routes.ts';
export { compileDefinition, createTransformation } from './transformations.service.ts';
export { findTransformationsByName } from './transformations.repo.ts';
export { answerTransformationUsage, type TransformationUsage } from './transformations.usage.ts';
export { templateRoutes } from './templates.routes.ts';
export {
  createSeedTemplate,
  createSeedTemplateFor,
  createStandardWriteSchemas,
  createUnmapped834Template,
} from './templates.service.ts';
export { MAPPING_QUEUE, runMappingJob, startMappingWorker } from './jobs.service.ts';
// The demo's completed jobs (decision 0136), run by the seed against its staged storage.
export { runSeedMappingJob } from './seed-jobs.service.ts';
// The claims files' Mapping stage (decision 0132): a read schema, the write schema, a job source.
export { createSchema } from './templates.service.ts';
export { findSameReadSchema, findWriteSchemaByName } from './templates.repo.ts';
export { claimSampleFileByKey, insertSampleFile } from './sample-files.repo.ts';
// The claims Summary's created and dropped columns: the template a mapped file was written by.
export { findOutputMappings } from './jobs.service.ts';
// A mapped claims file must be a job's output of the opportunity's claims file (decision 0144).
export { isMappingOutputOf } from './jobs.service.ts';
// Eligibility import runs (issue 17, decision 0127): read a configuration's file and map it
// through its template with the same compiled template and readers as a mapping job.
export {
  compileTemplate,
  readRows,
  SourceLayoutError,
  type SourceField,
  type SourceLayout,
} from './mapping-engine.ts';
export { findSchema as findMappingSchema, findTemplate } from './templates.repo.ts';
export { definitionsOf, layoutOf } from './templates.service.ts';
// The claims Mapping stage's calls for a shared opportunity (decision 0144 'Mapping for shared
// users'): claims-files scopes each to the opportunity's accepted file, then runs these.
export {
  createJob as createMappingJob,
  getCompletedJob as getCompletedMappingJob,
  getJob as getMappingJob,
} from './jobs.service.ts';
export { findJob as findMappingJob } from './jobs.repo.ts';
export {
  createTemplate as createMappingTemplate,
  generateTemplate as generateMappingTemplate,
  getSchema as getMappingSchema,
  updateTemplate as updateMappingTemplate,
} from './templates.service.ts';
export { listTransformations } from './transformations.service.ts';
