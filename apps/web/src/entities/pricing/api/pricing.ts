import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FA_JOB_POLL_MS,
  pricingContracts as calls,
  type FaJobInput,
  type FaJobStatus,
  type RecalculateInput,
} from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { callApi, callDownload } from '../../../shared/api/call-api.ts';
import { pricingKeys } from '../query-keys.ts';

const retryUnlessRefused = (failures: number, error: Error) =>
  !hasStatus(error, 400, 403, 404) && failures < 3;

/** CREATED and IN_PROGRESS keep the 5 s poll going; COMPLETE, ERROR or no job stop it (§4). */
export function jobRunning(job: FaJobStatus | undefined): boolean {
  return job?.status === 'CREATED' || job?.status === 'IN_PROGRESS';
}

/** GET /opps/fa_jobs/{id}/{fileId}, polled every 5 s while the job runs. */
export function useFaJobStatus(id: number, fileId: number | null) {
  return useQuery({
    queryKey: pricingKeys.job(id, fileId ?? 0),
    queryFn: ({ signal }) =>
      callApi(calls.faJobStatus, { params: { id, fileId: fileId ?? 0 }, signal }),
    enabled: fileId !== null,
    staleTime: 0,
    refetchInterval: (query) => (jobRunning(query.state.data) ? FA_JOB_POLL_MS : false),
    retry: retryUnlessRefused,
  });
}

/** POST /opps/fa_jobs/{id}: the Run Financial Analysis modal; the screen shows the failure. */
export function useCreateFaJob(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FaJobInput) => callApi(calls.createFaJob, { params: { id }, body }),
    meta: { title: 'Run Financial Analysis', method: 'POST', notifyError: false },
    onSuccess: (status, body) => {
      client.setQueryData(pricingKeys.job(id, body.fileStorageID), status);
      return client.invalidateQueries({ queryKey: pricingKeys.grid(id, body.fileStorageID) });
    },
  });
}

/** GET /opps/{id}/fa/{x}: the grid of the newest complete job, asked once it is COMPLETE. */
export function usePricingGrid(id: number, x: number | null, complete: boolean) {
  return useQuery({
    queryKey: pricingKeys.grid(id, x ?? 0),
    queryFn: ({ signal }) => callApi(calls.pricingGrid, { params: { id, x: x ?? 0 }, signal }),
    enabled: x !== null && complete,
    retry: retryUnlessRefused,
  });
}

/** POST /opps/{id}/fa/{x}: Recalculate; the answer is the grid under the new selections. */
export function useRecalculate(id: number, x: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecalculateInput) => callApi(calls.recalculate, { params: { id, x }, body }),
    meta: { title: 'Recalculate', method: 'POST' },
    onSuccess: (grid) => {
      client.setQueryData(pricingKeys.grid(id, x), grid);
      // Explanations of the file's cells are asked again: the current grid was just replaced.
      client.removeQueries({ queryKey: pricingKeys.explainAll(id, x) });
    },
  });
}

/** GET /opps/{id}/fa/{x}/explain?column&row: how one cell of the grid was computed. */
export function useExplainCell(
  id: number,
  x: number,
  cell: { column: string; row: string } | null,
  /** A saved iteration's grid (decision 0139) rather than the file's current one. */
  iteration?: number,
) {
  return useQuery({
    queryKey: pricingKeys.explain(id, x, cell?.column ?? '', cell?.row ?? '', iteration ?? 0),
    queryFn: ({ signal }) =>
      callApi(calls.explainCell, {
        params: { id, x },
        query: {
          column: cell?.column ?? '',
          row: cell?.row ?? '',
          ...(iteration ? { iteration } : {}),
        },
        signal,
      }),
    enabled: cell !== null,
    retry: retryUnlessRefused,
  });
}

/** GET /opps/{id}/fa/{x}/explain/claims: the claims behind a cell as CSV, saved. */
export function useDownloadCellClaims(id: number, x: number, iteration?: number) {
  return useMutation({
    mutationFn: async (cell: { column: string; row: string }) =>
      saveFile(
        await callDownload(calls.explainClaims, {
          params: { id, x },
          query: { ...cell, ...(iteration ? { iteration } : {}) },
        }),
      ),
    meta: { title: 'Download Claims' },
  });
}
