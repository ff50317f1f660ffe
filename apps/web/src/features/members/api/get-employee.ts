import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { type EmployeeDetail } from '@pillar/domain';

export function employeePathOf(orgId: number, employeeNo: number): string {
  return `/organizations/${orgId}/employees/${employeeNo}`;
}

/** The key every read of one employee starts with, so a write can refresh them all. */
export function employeeKey(orgId: number, employeeNo: number) {
  return ['portal', 'organizations', orgId, 'employees', employeeNo] as const;
}

/** GET {portal}/organizations/{orgId}/employees/{employeeId}; 404 when unknown or out of scope. */
export function getEmployee(
  orgId: number,
  employeeNo: number,
  signal?: AbortSignal,
): Promise<EmployeeDetail> {
  return apiRequest<EmployeeDetail>('portal', employeePathOf(orgId, employeeNo), { signal });
}

export function employeeQueryOptions(orgId: number, employeeNo: number) {
  return queryOptions({
    queryKey: [...employeeKey(orgId, employeeNo), 'detail'] as const,
    queryFn: ({ signal }) => getEmployee(orgId, employeeNo, signal),
  });
}

export function useEmployee(orgId: number, employeeNo: number, enabled = true) {
  return useQuery({ ...employeeQueryOptions(orgId, employeeNo), enabled });
}
