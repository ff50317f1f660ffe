import { queryOptions, useQuery } from '@tanstack/react-query';
import { dependentRecordContracts, type DependentDetail } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberKeys } from '../query-keys.ts';
import { dependentParams } from './dependent-writes.ts';

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/dependents/{dependentId}. */
export function getDependent(
  orgId: number,
  employeeNo: number,
  dependentNo: number,
  signal?: AbortSignal,
): Promise<DependentDetail> {
  return callApi(dependentRecordContracts.get, {
    params: dependentParams(orgId, employeeNo, dependentNo),
    signal,
  });
}

export function dependentQueryOptions(orgId: number, employeeNo: number, dependentNo: number) {
  return queryOptions({
    queryKey: memberKeys.dependentDetail(orgId, employeeNo, dependentNo),
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
