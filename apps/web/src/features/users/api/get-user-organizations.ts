import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OrganizationOption } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

export interface OrganizationOptionsSearch {
  name?: string;
  /** Only organizations open to client and broker users. */
  activeOnly?: boolean;
  /** Organizations to list whatever the name filter: the ones already chosen. */
  include?: number[];
  limit?: number;
}

export interface OrganizationOptionsPage {
  data: OrganizationOption[];
  totalCount: number;
  allOrganizations: boolean;
}

/** GET {authorization}/users/{id}/organizations: with the caller's id, what they may grant. */
export function getUserOrganizations(
  userId: number,
  search: OrganizationOptionsSearch,
  signal?: AbortSignal,
): Promise<OrganizationOptionsPage> {
  return apiRequest<OrganizationOptionsPage>('authorization', `/users/${userId}/organizations`, {
    query: {
      name: search.name,
      activeOnly: search.activeOnly ? 'true' : undefined,
      include: search.include,
      limit: search.limit ?? 100,
    },
    signal,
  });
}

export function userOrganizationsQueryOptions(userId: number, search: OrganizationOptionsSearch) {
  return queryOptions({
    queryKey: ['authorization', 'users', userId, 'organizations', search] as const,
    queryFn: ({ signal }) => getUserOrganizations(userId, search, signal),
  });
}

export function useUserOrganizations(userId: number, search: OrganizationOptionsSearch) {
  return useQuery({
    ...userOrganizationsQueryOptions(userId, search),
    placeholderData: keepPreviousData,
  });
}
