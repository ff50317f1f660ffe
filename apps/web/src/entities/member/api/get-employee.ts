import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberRecordContracts, type EmployeeDetail } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberKeys } from '../query-keys.ts';

/** GET {portal}/organizations/{orgId}/employees/{employeeId}; 404 when unknown or out of scope. */
export function getEmployee(
  orgId: number,
  employeeNo: number,
  signal?: AbortSignal,
): Promise<EmployeeDetail> {
  return callApi(memberRecordContracts.get, {
    params: { orgId, employeeId: employeeNo },
    signal,
  });
}

export function employeeQueryOptions(orgId: number, employeeNo: number) {
  return queryOptions({
    queryKey: memberKeys.employeeDetail(orgId, employeeNo),
    queryFn: ({ signal }) => getEmployee(orgId, employeeNo, signal),
  });
}

export function useEmployee(orgId: number, employeeNo: number, enabled = true) {
  return useQuery({ ...employeeQueryOptions(orgId, employeeNo), enabled });
}
