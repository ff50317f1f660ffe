import { createContext, useContext } from 'react';
import type {
  CompletedJob,
  DmSchema,
  GeneratedTemplate,
  JobInput,
  MappingJob,
  Template,
} from '@pillar/domain';
import { createJob, getCompletedJob, getJob } from './jobs.ts';
import {
  generateTemplate,
  getDmSchema,
  saveTemplate,
  type GenerateTemplateRequest,
  type TemplateSave,
} from './templates.ts';

/**
 * The data-mapping calls the mapping editor and a mapping job make. The data mapper's own by
 * default (/datamapping/v1); the claims Mapping stage of an opportunity shared with an external
 * user provides the shared claims service's, scoped to its file (decision 0144 'Mapping for
 * shared users'). The answers are the same shapes either way.
 */
export interface MappingCalls {
  getSchema: (id: number, signal?: AbortSignal) => Promise<DmSchema>;
  generateTemplate: (request: GenerateTemplateRequest) => Promise<GeneratedTemplate>;
  saveTemplate: (values: TemplateSave) => Promise<Template>;
  createJob: (input: JobInput) => Promise<MappingJob>;
  getJob: (id: number, signal?: AbortSignal) => Promise<MappingJob>;
  getCompletedJob: (id: number, signal?: AbortSignal) => Promise<CompletedJob>;
}

export const dataMapperCalls: MappingCalls = {
  getSchema: getDmSchema,
  generateTemplate,
  saveTemplate,
  createJob,
  getJob,
  getCompletedJob,
};

export const MappingCallsContext = createContext<MappingCalls>(dataMapperCalls);

export function useMappingCalls(): MappingCalls {
  return useContext(MappingCallsContext);
}
