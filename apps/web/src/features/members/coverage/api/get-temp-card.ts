import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TempIdCard } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/tempIDCard?coverageNo */
export function getTempCard(
  orgId: number,
  employeeId: number,
  coverageNo: number,
  signal?: AbortSignal,
) {
  return apiRequest<TempIdCard>(
    'portal',
    `/organizations/${orgId}/employees/${employeeId}/tempIDCard`,
    {
      query: { coverageNo },
      signal,
    },
  );
}

export function tempCardQueryOptions(orgId: number, employeeId: number, coverageNo: number) {
  return queryOptions({
    queryKey: [
      'portal',
      'organizations',
      orgId,
      'employees',
      employeeId,
      'tempIDCard',
      coverageNo,
    ] as const,
    queryFn: ({ signal }) => getTempCard(orgId, employeeId, coverageNo, signal),
  });
}

export function useTempCard(orgId: number, employeeId: number, coverageNo: number) {
  return useQuery(tempCardQueryOptions(orgId, employeeId, coverageNo));
}
