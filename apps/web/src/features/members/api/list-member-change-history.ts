import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MemberChangeHistoryRow, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { employeeKey } from './get-employee.ts';

export interface MemberChangeHistorySearch {
  limit: number;
  offset: number;
}

/** GET {portal}/datanet/memberchangehistory: who changed what on a member, newest first. */
export function listMemberChangeHistory(
  employeeNo: number,
  search: MemberChangeHistorySearch,
  signal?: AbortSignal,
): Promise<Page<MemberChangeHistoryRow>> {
  return apiRequest<Page<MemberChangeHistoryRow>>('portal', '/datanet/memberchangehistory', {
    query: { employeeId: employeeNo, sort: 'changedAt:desc', ...search },
    signal,
  });
}

export function memberChangeHistoryQueryOptions(
  orgId: number,
  employeeNo: number,
  search: MemberChangeHistorySearch,
) {
  return queryOptions({
    queryKey: [...employeeKey(orgId, employeeNo), 'history', search] as const,
    queryFn: ({ signal }) => listMemberChangeHistory(employeeNo, search, signal),
  });
}

export function useMemberChangeHistory(
  orgId: number,
  employeeNo: number,
  search: MemberChangeHistorySearch,
  enabled: boolean,
) {
  return useQuery({ ...memberChangeHistoryQueryOptions(orgId, employeeNo, search), enabled });
}
