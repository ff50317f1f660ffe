import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { claimsContracts, type ClaimsHistoryPage, type PbmLinksAnswer } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { claimKeys } from '../query-keys.ts';

/** A page of a member's claims: the employee's own, or one dependent's (dependentNo). */
export interface ClaimsSearch {
  limit: number;
  offset: number;
  /** field:asc|desc over CLAIM_SORT_FIELDS; newest fill first when absent. */
  sort?: string;
  dependentNo?: number;
}

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/claims */
export function getClaimsHistory(
  orgId: number,
  employeeId: number,
  query: ClaimsSearch,
  signal?: AbortSignal,
): Promise<ClaimsHistoryPage> {
  return callApi(claimsContracts.history, {
    params: { orgId, employeeId },
    query: { ...query },
    signal,
  });
}

export function claimsHistoryQueryOptions(orgId: number, employeeId: number, query: ClaimsSearch) {
  return queryOptions({
    queryKey: claimKeys.history(orgId, employeeId, query),
    queryFn: ({ signal }) => getClaimsHistory(orgId, employeeId, query, signal),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useClaimsHistory(orgId: number, employeeId: number, query: ClaimsSearch) {
  return useQuery(claimsHistoryQueryOptions(orgId, employeeId, query));
}

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/pbm-links */
export function getPbmLinks(
  orgId: number,
  employeeId: number,
  signal?: AbortSignal,
): Promise<PbmLinksAnswer> {
  return callApi(claimsContracts.pbmLinks, { params: { orgId, employeeId }, signal });
}

export function pbmLinksQueryOptions(orgId: number, employeeId: number) {
  return queryOptions({
    queryKey: claimKeys.pbmLinks(orgId, employeeId),
    queryFn: ({ signal }) => getPbmLinks(orgId, employeeId, signal),
  });
}

export function usePbmLinks(orgId: number, employeeId: number) {
  return useQuery(pbmLinksQueryOptions(orgId, employeeId));
}
