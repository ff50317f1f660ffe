import { queryOptions, useQuery } from '@tanstack/react-query';
import { coveragesContracts, type CoverageList } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { coverageKeys } from '../query-keys.ts';

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/coverages */
export function listCoverages(
  orgId: number,
  employeeId: number,
  signal?: AbortSignal,
): Promise<CoverageList> {
  return callApi(coveragesContracts.list, { params: { orgId, employeeId }, signal });
}

export function coveragesQueryOptions(orgId: number, employeeId: number) {
  return queryOptions({
    queryKey: coverageKeys.list(orgId, employeeId),
    queryFn: ({ signal }) => listCoverages(orgId, employeeId, signal),
  });
}

export function useCoverages(orgId: number, employeeId: number) {
  return useQuery(coveragesQueryOptions(orgId, employeeId));
}
