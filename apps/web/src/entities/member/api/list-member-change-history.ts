import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberRecordContracts, type MemberChangeHistoryRow, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberKeys } from '../query-keys.ts';

export interface MemberChangeHistorySearch {
  limit: number;
  offset: number;
  /** A dependent's own rows instead of the employee's. */
  dependentId?: number;
}

/** GET {portal}/datanet/memberchangehistory: who changed what on a member, newest first. */
export function listMemberChangeHistory(
  employeeNo: number,
  search: MemberChangeHistorySearch,
  signal?: AbortSignal,
): Promise<Page<MemberChangeHistoryRow>> {
  return callApi(memberRecordContracts.changeHistory, {
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
    queryKey: memberKeys.history(orgId, employeeNo, search),
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
