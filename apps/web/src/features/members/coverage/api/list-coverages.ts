import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CoverageList } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/coverages */
export function listCoverages(orgId: number, employeeId: number, signal?: AbortSignal) {
  return apiRequest<CoverageList>(
    'portal',
    `/organizations/${orgId}/employees/${employeeId}/coverages`,
    { signal },
  );
}

export function coveragesQueryKey(orgId: number, employeeId: number) {
  return ['portal', 'organizations', orgId, 'employees', employeeId, 'coverages'] as const;
}

export function coveragesQueryOptions(orgId: number, employeeId: number) {
  return queryOptions({
    queryKey: coveragesQueryKey(orgId, employeeId),
    queryFn: ({ signal }) => listCoverages(orgId, employeeId, signal),
  });
}

export function useCoverages(orgId: number, employeeId: number) {
  return useQuery(coveragesQueryOptions(orgId, employeeId));
}
