/**
 * Every query key of the data mapper's templates and jobs, from one root, so a save invalidates
 * a template by prefix and a job's poll is its own key.
 */
export const mappingTemplateKeys = {
  all: ['mapping-template'] as const,
  template: (id: number) => [...mappingTemplateKeys.all, 'template', id] as const,
  schema: (id: number) => [...mappingTemplateKeys.all, 'schema', id] as const,
  job: (id: number) => [...mappingTemplateKeys.all, 'job', id] as const,
  completedJob: (id: number) => [...mappingTemplateKeys.all, 'job', id, 'completed'] as const,
  /** A template's job list; every page of it under one prefix (a new job invalidates them). */
  templateJobs: (templateId: number) =>
    [...mappingTemplateKeys.all, 'template-jobs', templateId] as const,
};
