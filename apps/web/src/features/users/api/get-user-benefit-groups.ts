import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserBenefitGroups } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {authorization}/users/{id}/organization/{orgId}/benefitgroups. */
export function getUserBenefitGroups(
  userId: number,
  orgId: number,
  signal?: AbortSignal,
): Promise<UserBenefitGroups> {
  return apiRequest<UserBenefitGroups>(
    'authorization',
    `/users/${userId}/organization/${orgId}/benefitgroups`,
    { signal },
  );
}

export function userBenefitGroupsQueryOptions(userId: number, orgId: number) {
  return queryOptions({
    queryKey: ['authorization', 'users', userId, 'benefitgroups', orgId] as const,
    queryFn: ({ signal }) => getUserBenefitGroups(userId, orgId, signal),
  });
}

export function useUserBenefitGroups(userId: number, orgId: number) {
  return useQuery(userBenefitGroupsQueryOptions(userId, orgId));
}
