import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FeeList } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {portal}/organizations/{orgId}/fees?groupId: one group's fees (planFees). */
export function listGroupFees(orgId: number, groupId: number, signal?: AbortSignal) {
  return apiRequest<FeeList>('portal', `/organizations/${orgId}/fees`, {
    query: { groupId },
    signal,
  });
}

export function groupFeesQueryOptions(orgId: number, groupId: number) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'fees', groupId] as const,
    queryFn: ({ signal }) => listGroupFees(orgId, groupId, signal),
  });
}

export function useGroupFees(orgId: number, groupId: number) {
  return useQuery(groupFeesQueryOptions(orgId, groupId));
}
