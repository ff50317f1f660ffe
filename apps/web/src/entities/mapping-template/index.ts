/** The data mapper's templates and jobs (spec 3 §2, §5, §7); features import only this file. */
export { mappingTemplateKeys } from './query-keys.ts';
export {
  generateTemplate,
  getDmSchema,
  getTemplate,
  saveTemplate,
  templateQueryOptions,
  useDmSchema,
  useGenerateTemplate,
  useSaveTemplate,
  useTemplate,
  type GenerateTemplateRequest,
  type TemplateSave,
} from './api/templates.ts';
export {
  JOB_POLL_MS,
  createJob,
  downloadJobOutput,
  getCompletedJob,
  getJob,
  keepPolling,
  useCompletedJob,
  useCreateJob,
  useJob,
} from './api/jobs.ts';
