import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DependentDetail } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';
import { dependentKey, dependentPath } from './dependent-keys.ts';

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/dependents/{dependentId}. */
export function getDependent(
  orgId: number,
  employeeNo: number,
  dependentNo: number,
  signal?: AbortSignal,
): Promise<DependentDetail> {
  return apiRequest<DependentDetail>('portal', dependentPath(orgId, employeeNo, dependentNo), {
    signal,
  });
}

export function dependentQueryOptions(orgId: number, employeeNo: number, dependentNo: number) {
  return queryOptions({
    queryKey: dependentKey(orgId, employeeNo, dependentNo),
    queryFn: ({ signal }) => getDependent(orgId, employeeNo, dependentNo, signal),
  });
}

export function useDependent(
  orgId: number,
  employeeNo: number,
  dependentNo: number,
  enabled = true,
) {
  return useQuery({ ...dependentQueryOptions(orgId, employeeNo, dependentNo), enabled });
}
