import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  evaluateContracts,
  type EvaluateHistoryPart,
  type EvaluateVersionDetail,
  type EvaluateVersionPage,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { opportunityKeys } from '../query-keys.ts';

export interface VersionSearch {
  part?: EvaluateHistoryPart;
  limit: number;
  offset: number;
}

/** GET {evaluate}/opps/{id}/history: the versions of the incumbent parts, newest first. */
export function listVersions(
  id: number,
  search: VersionSearch,
  signal?: AbortSignal,
): Promise<EvaluateVersionPage> {
  return callApi(evaluateContracts.listVersions, {
    params: { id },
    query: { ...search, sort: 'savedAt:desc' },
    signal,
  });
}

export function useVersions(id: number, search: VersionSearch, enabled = true) {
  return useQuery({
    queryKey: [...opportunityKeys.versions(id, search.part), search.limit, search.offset],
    queryFn: ({ signal }) => listVersions(id, search, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A version's reference: its part and number. */
export interface VersionRef {
  part: EvaluateHistoryPart;
  versionNo: number;
}

/** GET {evaluate}/opps/{id}/history/{part}/{versionNo}: one version with its whole state. */
export function getVersion(
  id: number,
  ref: VersionRef,
  signal?: AbortSignal,
): Promise<EvaluateVersionDetail> {
  return callApi(evaluateContracts.getVersion, { params: { id, ...ref }, signal });
}

export function versionQueryOptions(id: number, ref: VersionRef) {
  return queryOptions({
    queryKey: opportunityKeys.version(id, ref.part, ref.versionNo),
    queryFn: ({ signal }) => getVersion(id, ref, signal),
    // A saved version never changes.
    staleTime: Infinity,
  });
}

/** Both sides of a comparison, read together. */
export function useVersionPair(id: number, pair: readonly [VersionRef, VersionRef] | null) {
  return useQueries({
    queries: (pair ?? []).map((ref) => versionQueryOptions(id, ref)),
  });
}
