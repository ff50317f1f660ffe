import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimsFileContracts as calls,
  type AcceptFileInput,
  type FaIterationInput,
  type RegisterMappedInput,
} from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { callApi, callDownload } from '../../../shared/api/call-api.ts';
import { useClaimsCalls } from '../calls.ts';
import { claimsFileKeys } from '../query-keys.ts';

const retryUnlessRefused = (failures: number, error: Error) =>
  !hasStatus(error, 400, 403, 404) && failures < 3;

/** GET /opps/{id}/claims: the Unmapped Files and Mapped Files lists (spec 3 §2). */
export function useClaimsFiles(id: number) {
  const stage = useClaimsCalls();
  return useQuery({
    queryKey: claimsFileKeys.lists(id),
    queryFn: ({ signal }) => callApi(stage.listFiles, { params: { id }, signal }),
    retry: retryUnlessRefused,
  });
}

/** POST /opps/{id}/upload-file: one file (multipart), answering its hash, columns and preview. */
export function useUploadClaimsFile(id: number) {
  const stage = useClaimsCalls();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callApi(stage.uploadFile, { params: { id }, body: form });
    },
    meta: { title: 'Upload Claims File', method: 'POST' },
  });
}

/** POST /opps/{id}/accept-file: the uploaded file by its hash, with its PHI flag. */
export function useAcceptClaimsFile(id: number) {
  const stage = useClaimsCalls();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptFileInput) => callApi(stage.acceptFile, { params: { id }, body }),
    meta: { title: 'Accept Claims File', method: 'POST', notifySuccess: true },
    onSuccess: () => client.invalidateQueries({ queryKey: claimsFileKeys.lists(id) }),
  });
}

/** POST /opps/{id}/claims-files/{x}/mapping-source: the data mapper's view of an accepted file. */
export function useMappingSource(id: number, claimsFileId: number | null) {
  const stage = useClaimsCalls();
  return useQuery({
    queryKey: [...claimsFileKeys.all(id), 'mapping-source', claimsFileId] as const,
    queryFn: ({ signal }) =>
      callApi(stage.mappingSource, { params: { id, x: claimsFileId ?? 0 }, signal }),
    enabled: claimsFileId !== null,
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });
}

/** POST /opps/{id}/claims: register the mapped file a job wrote (its summary comes back). */
export function useRegisterMapped(id: number) {
  const stage = useClaimsCalls();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterMappedInput) =>
      callApi(stage.registerMapped, { params: { id }, body }),
    meta: { title: 'Register Mapped File', method: 'POST', notifyError: false },
    onSuccess: () => client.invalidateQueries({ queryKey: claimsFileKeys.lists(id) }),
  });
}

/** GET /opps/{id}/claims/{x}?minDate&maxDate: claims and months within a fill date range. */
export function useClaimRange(
  id: number,
  x: number,
  minDate: string | null,
  maxDate: string | null,
  enabled = true,
) {
  const stage = useClaimsCalls();
  return useQuery({
    queryKey: claimsFileKeys.range(id, x, minDate, maxDate),
    queryFn: ({ signal }) =>
      callApi(stage.claimRange, {
        params: { id, x },
        query: { ...(minDate ? { minDate } : {}), ...(maxDate ? { maxDate } : {}) },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** GET /opps/{id}/fa_iterations: the Financial Analysis tab's table, newest first. */
export function useFaIterations(id: number) {
  return useQuery({
    queryKey: claimsFileKeys.iterations(id),
    queryFn: ({ signal }) => callApi(calls.listIterations, { params: { id }, signal }),
    retry: retryUnlessRefused,
  });
}

/** GET /opps/{id}/fa_iterations/{iterationId}: its selections, grid and footnotes. */
export function useFaIteration(id: number, iterationId: number | null) {
  return useQuery({
    queryKey: claimsFileKeys.iteration(id, iterationId ?? 0),
    queryFn: ({ signal }) =>
      callApi(calls.getIteration, { params: { id, iterationId: iterationId ?? 0 }, signal }),
    enabled: iterationId !== null,
    retry: retryUnlessRefused,
  });
}

/** POST /opps/{id}/fa_iterations: the Save modal stores the grid as an iteration. */
export function useSaveIteration(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FaIterationInput) => callApi(calls.saveIteration, { params: { id }, body }),
    meta: { title: 'Save Pricing Grid', method: 'POST', notifySuccess: true },
    onSuccess: () => client.invalidateQueries({ queryKey: claimsFileKeys.iterations(id) }),
  });
}

/** GET .../proposal/{pdf|xlsx}: the proposal in the iteration's output template, saved. */
export function useDownloadProposal(id: number) {
  return useMutation({
    mutationFn: async (v: { iterationId: number; format: 'pdf' | 'xlsx' }) =>
      saveFile(
        await callDownload(calls.proposal, {
          params: { id, iterationId: v.iterationId, format: v.format },
        }),
      ),
    meta: { title: 'Download Proposal' },
  });
}
