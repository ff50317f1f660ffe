/** The data mapper's templates and jobs (spec 3 §2, §5, §7); features import only this file. */
export { mappingTemplateKeys } from './query-keys.ts';
export {
  dataMapperCalls,
  MappingCallsContext,
  useMappingCalls,
  type MappingCalls,
} from './api/calls.ts';
export {
  copyTemplate,
  createReadSchema,
  generateTemplate,
  getDmSchema,
  getStandardWriteSchemas,
  getTemplate,
  saveTemplate,
  standardWriteSchemaId,
  templateQueryOptions,
  unmapped834TemplateId,
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
  getTemplateJobs,
  keepPolling,
  useCompletedJob,
  useCreateJob,
  useJob,
  useTemplateJobs,
} from './api/jobs.ts';
export {
  MappingEditor,
  type MappingEditorHandle,
  type MappingEditorProps,
} from './ui/mapping-editor.tsx';
export { MappingJobPanel, type MappingJobPanelProps } from './ui/mapping-job-panel.tsx';
export { MappingJobList, type MappingJobListProps } from './ui/mapping-job-list.tsx';
export { type GuideTransformation } from './ui/transform-drawer.tsx';
