import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

export interface OrganizationOptionsSearch {
  name?: string;
  /** Only organizations open to client and broker users. */
  activeOnly?: boolean;
  /** Organizations to list whatever the name filter: the ones already chosen. */
  include?: number[];
  limit?: number;
}

/** GET {authorization}/users/{id}/organizations: with the caller's id, what they may grant. */
export function getUserOrganizations(
  userId: number,
  search: OrganizationOptionsSearch,
  signal?: AbortSignal,
) {
  return callApi(usersContracts.organizations, {
    params: { id: userId },
    query: {
      name: search.name,
      activeOnly: search.activeOnly ? 'true' : undefined,
      include: search.include?.map(String),
      limit: search.limit ?? 100,
    },
    signal,
  });
}

export function userOrganizationsQueryOptions(userId: number, search: OrganizationOptionsSearch) {
  return queryOptions({
    queryKey: userKeys.organizations(userId, search),
    queryFn: ({ signal }) => getUserOrganizations(userId, search, signal),
  });
}

export function useUserOrganizations(userId: number, search: OrganizationOptionsSearch) {
  return useQuery({
    ...userOrganizationsQueryOptions(userId, search),
    placeholderData: keepPreviousData,
  });
}
