import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type FeeList } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/** GET {portal}/organizations/{orgId}/fees?groupId: one group's fees (planFees). */
export function listGroupFees(
  orgId: number,
  groupId: number,
  signal?: AbortSignal,
): Promise<FeeList> {
  return callApi(organizationWorkspaceContracts.fees, {
    params: { orgId },
    query: { groupId },
    signal,
  });
}

export function groupFeesQueryOptions(orgId: number, groupId: number) {
  return queryOptions({
    queryKey: organizationKeys.groupFees(orgId, groupId),
    queryFn: ({ signal }) => listGroupFees(orgId, groupId, signal),
  });
}

export function useGroupFees(orgId: number, groupId: number) {
  return useQuery(groupFeesQueryOptions(orgId, groupId));
}
