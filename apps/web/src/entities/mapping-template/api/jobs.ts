import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataMappingContracts,
  type CompletedJob,
  type JobInput,
  type MappingJob,
  type TemplateJobs,
} from '@pillar/domain';
import { callApi, callDownload } from '../../../shared/api/call-api.ts';
import { saveFile } from '../../../shared/api/api-client.ts';
import { mappingTemplateKeys } from '../query-keys.ts';
import { useMappingCalls } from './calls.ts';

/** The poll interval of a running job (spec 3 §2: every 3 seconds). */
export const JOB_POLL_MS = 3000;

/** POST /datamapping/v1/jobs: the template applied to a stored source file. */
export function createJob(input: JobInput): Promise<MappingJob> {
  return callApi(dataMappingContracts.createJob, { body: input });
}

export function useCreateJob() {
  const client = useQueryClient();
  const calls = useMappingCalls();
  return useMutation({
    mutationFn: calls.createJob,
    // The template's job list shows the new job at its top.
    onSuccess: (job) =>
      client.invalidateQueries({ queryKey: mappingTemplateKeys.templateJobs(job.templateId) }),
    meta: { title: 'Run Mapping Job', method: 'POST', notifyError: true },
  });
}

export function getJob(id: number, signal?: AbortSignal): Promise<MappingJob> {
  return callApi(dataMappingContracts.getJob, { params: { id }, signal });
}

/** Whether the poll goes on after `polls` answers: not once done, and at most `maxPolls`. */
export function keepPolling(job: MappingJob | undefined, polls: number, maxPolls?: number) {
  if (job && (job.status === 'completed' || job.status === 'failed')) return false;
  return maxPolls === undefined || polls < maxPolls;
}

/**
 * GET /jobs/{id} every 3 s until the job is done; `maxPolls` bounds it (the claims flow asks at
 * most 20 times, the schema wizard waits until done).
 */
export function useJob(id: number | null, maxPolls?: number) {
  const calls = useMappingCalls();
  return useQuery({
    queryKey: mappingTemplateKeys.job(id ?? 0),
    queryFn: ({ signal }) => calls.getJob(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: (query) =>
      keepPolling(query.state.data, query.state.dataUpdateCount, maxPolls) ? JOB_POLL_MS : false,
  });
}

export function getCompletedJob(id: number, signal?: AbortSignal): Promise<CompletedJob> {
  return callApi(dataMappingContracts.getCompletedJob, { params: { id }, signal });
}

/** The finished job's output (created columns, the output file); asked once it completed. */
export function useCompletedJob(id: number | null, completed: boolean) {
  const calls = useMappingCalls();
  return useQuery({
    queryKey: mappingTemplateKeys.completedJob(id ?? 0),
    queryFn: ({ signal }) => calls.getCompletedJob(id ?? 0, signal),
    enabled: id !== null && completed,
  });
}

/** GET /jobs/{id}/output: the completed job's CSV, saved under its template's name. */
export async function downloadJobOutput(jobId: number): Promise<void> {
  saveFile(await callDownload(dataMappingContracts.downloadJobOutput, { params: { id: jobId } }));
}

/** GET /templates/{id}/jobs: one page of a template's jobs, newest first. */
export function getTemplateJobs(
  templateId: number,
  paging: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<TemplateJobs> {
  return callApi(dataMappingContracts.templateJobs, {
    params: { id: templateId },
    query: paging,
    signal,
  });
}

/** A page of the template's jobs; asked again every 3 s while one of them is still running. */
export function useTemplateJobs(templateId: number, paging: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...mappingTemplateKeys.templateJobs(templateId), paging.limit, paging.offset],
    queryFn: ({ signal }) => getTemplateJobs(templateId, paging, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((j) => j.status === 'queued' || j.status === 'running')
        ? JOB_POLL_MS
        : false,
  });
}
