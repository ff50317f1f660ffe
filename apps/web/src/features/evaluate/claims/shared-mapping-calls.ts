import {
  MAX_PAGE_SIZE,
  sharedMappingContracts as m,
  type TransformationPage,
} from '@pillar/domain';
import type { MappingCalls } from '../../../entities/mapping-template/index.ts';
import { callApi } from '../../../shared/api/call-api.ts';

/**
 * The Mapping stage's data-mapping calls on an opportunity shared with an external user
 * (/shared-claims/v1, decision 0144 'Mapping for shared users'): each names the opportunity and
 * its claims file, the server answering 404 outside the caller's live share. The read schema is
 * the file's own, whatever id the editor asks for.
 */
export function sharedMappingCalls(id: number, x: number): MappingCalls {
  const params = { id, x };
  return {
    getSchema: (_readSchemaId, signal) => callApi(m.readSchema, { params, signal }),
    generateTemplate: () => callApi(m.generateTemplate, { params }),
    saveTemplate: (values) =>
      'id' in values && typeof values.id === 'number'
        ? callApi(m.updateTemplate, { params, body: values })
        : callApi(m.createTemplate, { params, body: values }),
    createJob: (input) => callApi(m.createJob, { params, body: input }),
    getJob: (jobId, signal) => callApi(m.getJob, { params: { ...params, jobId }, signal }),
    getCompletedJob: (jobId, signal) =>
      callApi(m.getCompletedJob, { params: { ...params, jobId }, signal }),
  };
}

/** The transformation library for the Transform drawer's guide, through the share. */
export function sharedTransformations(
  id: number,
  signal?: AbortSignal,
): Promise<TransformationPage> {
  return callApi(m.listTransformations, {
    params: { id },
    query: { limit: MAX_PAGE_SIZE, offset: 0, sort: 'name:asc' },
    signal,
  });
}
