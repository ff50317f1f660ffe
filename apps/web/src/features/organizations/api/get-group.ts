import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BenefitGroup } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {portal}/organizations/{orgId}/groups/{groupId}: the Group Summary drawer. */
export function getGroup(orgId: number, groupId: number, signal?: AbortSignal) {
  return apiRequest<BenefitGroup>('portal', `/organizations/${orgId}/groups/${groupId}`, {
    signal,
  });
}

export function groupQueryOptions(orgId: number, groupId: number) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'group', groupId] as const,
    queryFn: ({ signal }) => getGroup(orgId, groupId, signal),
  });
}

export function useGroup(orgId: number, groupId: number) {
  return useQuery(groupQueryOptions(orgId, groupId));
}
