import { queryOptions, useQuery } from '@tanstack/react-query';
import { coveragesContracts, type TempIdCard } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { coverageKeys } from '../query-keys.ts';

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/tempIDCard?coverageNo */
export function getTempCard(
  orgId: number,
  employeeId: number,
  coverageNo: number,
  signal?: AbortSignal,
): Promise<TempIdCard> {
  return callApi(coveragesContracts.tempCard, {
    params: { orgId, employeeId },
    query: { coverageNo },
    signal,
  });
}

export function tempCardQueryOptions(orgId: number, employeeId: number, coverageNo: number) {
  return queryOptions({
    queryKey: coverageKeys.tempCard(orgId, employeeId, coverageNo),
    queryFn: ({ signal }) => getTempCard(orgId, employeeId, coverageNo, signal),
  });
}

export function useTempCard(orgId: number, employeeId: number, coverageNo: number) {
  return useQuery(tempCardQueryOptions(orgId, employeeId, coverageNo));
}
