import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  eligibilityImportContracts,
  MAX_PAGE_SIZE,
  type PREVIEW_DOWNLOADS,
  type ChangeKind,
  type ImportRun,
  type RejectedFilter,
} from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { callApi, callDownload } from '../../../shared/api/call-api.ts';
import { importRunKeys } from '../query-keys.ts';
import { isRunWorking, RUN_POLL_MS } from '../run-rules.ts';

const C = eligibilityImportContracts;

export interface RunPage {
  limit: number;
  offset: number;
  sort?: string;
}

export interface ChangesQuery extends RunPage {
  kind?: ChangeKind;
}

export type RunDownload = (typeof PREVIEW_DOWNLOADS)[number];

/**
 * GET organizations/{orgId}/eligibility-import-configs: the organization's import configurations
 * for running imports (clients' and brokers' manage-eligibility reaches them too), paged.
 */
export function useRunConfigurations(orgId: number, page: RunPage, enabled = true) {
  return useQuery({
    queryKey: importRunKeys.configurations(orgId, page),
    queryFn: ({ signal }) =>
      callApi(C.listRunConfigurations, {
        params: { orgId },
        query: { sort: 'eicName:asc', ...page },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET eligibility-import-configs/{eicNo}/runs: a configuration's runs, newest first, paged. */
export function useConfigurationRuns(eicNo: number | null, page: RunPage) {
  return useQuery({
    queryKey: importRunKeys.runs(eicNo ?? 0, page),
    queryFn: ({ signal }) =>
      callApi(C.listRuns, {
        params: { eicNo: eicNo ?? 0 },
        query: { sort: 'createdAt:desc', ...page },
        signal,
      }),
    enabled: eicNo !== null,
    placeholderData: keepPreviousData,
    // A run of the list still working is shown with its live status.
    refetchInterval: (query) =>
      query.state.data?.data.some((run) => isRunWorking(run.status)) ? RUN_POLL_MS : false,
  });
}

/** Puts a run's answer into its cache and refreshes its preview pages and its configuration's list. */
async function storeRun(queryClient: QueryClient, run: ImportRun): Promise<void> {
  queryClient.setQueryData(importRunKeys.run(run.runId), run);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: importRunKeys.ofConfiguration(run.eicNo) }),
    queryClient.invalidateQueries({
      queryKey: importRunKeys.run(run.runId),
      predicate: (q) => q.queryKey.length > importRunKeys.run(run.runId).length,
    }),
  ]);
}

/**
 * POST eligibility-import-configs/{eicNo}/runs (multipart: the fields, then one file): starts a
 * run; `fullFile` marks the file as the whole roster (its absent members are listed).
 */
export function useStartRun(eicNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fullFile }: { file: File; fullFile: boolean }): Promise<ImportRun> => {
      const form = new FormData();
      form.append('fullFile', String(fullFile));
      form.append('file', file, file.name);
      return callApi(C.startRun, { params: { eicNo }, body: form });
    },
    meta: { title: 'Run Import', method: 'POST', notifyError: true },
    onSuccess: (run) => storeRun(queryClient, run),
  });
}

export function getRun(runId: number, signal?: AbortSignal): Promise<ImportRun> {
  return callApi(C.getRun, { params: { runId }, signal });
}

/**
 * GET eligibility-import-runs/{runId}, asked again every 3 s while the run is queued, reading or
 * applying: the progress comes from the job, so a reload picks it up where it is.
 */
export function useImportRun(runId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importRunKeys.run(runId ?? 0),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ImportRun>(importRunKeys.run(runId ?? 0));
      const run = await getRun(runId ?? 0, signal);
      // The job finished since the last answer: its preview and result are new. The page shows
      // no changes or rejected rows while the job works, so their queries are inactive now and
      // are fetched again at once (refetchType 'all'): the client never refetches on mount.
      if (before && before.status !== run.status) {
        void queryClient.invalidateQueries({
          queryKey: importRunKeys.run(run.runId),
          predicate: (q) => q.queryKey.length > importRunKeys.run(run.runId).length,
          refetchType: 'all',
        });
        void queryClient.invalidateQueries({ queryKey: importRunKeys.ofConfiguration(run.eicNo) });
      }
      return run;
    },
    enabled: runId !== null,
    refetchInterval: (query) => (isRunWorking(query.state.data?.status) ? RUN_POLL_MS : false),
  });
}

/** GET eligibility-import-runs/{runId}/changes: the preview's changes, paged, by kind. */
export function useRunChanges(runId: number, query: ChangesQuery, enabled: boolean) {
  return useQuery({
    queryKey: importRunKeys.changes(runId, query),
    queryFn: ({ signal }) => callApi(C.listChanges, { params: { runId }, query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET eligibility-import-runs/{runId}/rejected: the rejected rows, paged, filtered. */
export function useRunRejected(runId: number, query: RunPage & RejectedFilter, enabled: boolean) {
  return useQuery({
    queryKey: importRunKeys.rejected(runId, query),
    queryFn: ({ signal }) => callApi(C.listRejected, { params: { runId }, query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every deselected change of a run, read page by page: the selection call takes the whole list,
 * so a page opened after some rows were deselected (a reload) learns them before it saves.
 */
export async function listDeselected(runId: number, signal?: AbortSignal): Promise<number[]> {
  const out: number[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await callApi(C.listChanges, {
      params: { runId },
      query: { limit: MAX_PAGE_SIZE, offset },
      signal,
    });
    for (const change of page.data) if (!change.selected) out.push(change.changeId);
    if (page.data.length < MAX_PAGE_SIZE || offset + MAX_PAGE_SIZE >= page.totalCount) return out;
  }
}

/** PUT eligibility-import-runs/{runId}/selection: every valid change but the deselected ones. */
export function useSaveSelection(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deselected: readonly number[]): Promise<ImportRun> =>
      callApi(C.saveSelection, {
        params: { runId },
        body: { acceptAll: deselected.length === 0, deselected: [...deselected] },
      }),
    meta: { title: 'Save Selection', method: 'PUT', notifySuccess: false },
    onSuccess: (run) => storeRun(queryClient, run),
  });
}

/** POST eligibility-import-runs/{runId}/apply: the job applies the selected changes. */
export function useApplyRun(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ImportRun> => callApi(C.apply, { params: { runId } }),
    meta: { title: 'Apply Import', method: 'POST', notifyError: true },
    onSuccess: (run) => storeRun(queryClient, run),
  });
}

/**
 * GET eligibility-import-runs/{runId}/files/{file}, handed to the browser's save dialog; the
 * rejected rows' files follow the table's filter.
 */
export function useDownloadRunFile(runId: number) {
  return useMutation({
    mutationFn: async ({ file, filter = {} }: { file: RunDownload; filter?: RejectedFilter }) =>
      saveFile(await callDownload(C.download, { params: { runId, file }, query: filter })),
    meta: { title: 'Download', notifySuccess: false },
  });
}
