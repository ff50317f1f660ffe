import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/** GET {authorization}/users/{id}/organization/{orgId}/benefitgroups. */
export function getUserBenefitGroups(userId: number, orgId: number, signal?: AbortSignal) {
  return callApi(usersContracts.benefitGroups, { params: { id: userId, orgId }, signal });
}

export function userBenefitGroupsQueryOptions(userId: number, orgId: number) {
  return queryOptions({
    queryKey: userKeys.benefitGroups(userId, orgId),
    queryFn: ({ signal }) => getUserBenefitGroups(userId, orgId, signal),
  });
}

export function useUserBenefitGroups(userId: number, orgId: number) {
  return useQuery(userBenefitGroupsQueryOptions(userId, orgId));
}
