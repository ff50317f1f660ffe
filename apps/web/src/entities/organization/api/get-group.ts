import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type BenefitGroup } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/** GET {portal}/organizations/{orgId}/groups/{groupId}: the Group Summary drawer. */
export function getGroup(
  orgId: number,
  groupId: number,
  signal?: AbortSignal,
): Promise<BenefitGroup> {
  return callApi(organizationWorkspaceContracts.group, { params: { orgId, groupId }, signal });
}

export function groupQueryOptions(orgId: number, groupId: number) {
  return queryOptions({
    queryKey: organizationKeys.group(orgId, groupId),
    queryFn: ({ signal }) => getGroup(orgId, groupId, signal),
  });
}

export function useGroup(orgId: number, groupId: number) {
  return useQuery(groupQueryOptions(orgId, groupId));
}
