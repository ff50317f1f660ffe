import { queryOptions } from '@tanstack/react-query';
import { type OrganizationUser, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

export interface OrganizationUserSearch {
  name?: string;
  roleId?: number[];
  /** Absent for All. */
  active?: boolean;
  limit: number;
  offset: number;
  /** field:asc|desc over name, type, active */
  sort?: string;
}

/** GET {authorization}/organizations/{orgId}/users: the Users tab. */
export function listOrganizationUsers(
  orgId: number,
  search: OrganizationUserSearch,
  signal?: AbortSignal,
) {
  return apiRequest<Page<OrganizationUser>>('authorization', `/organizations/${orgId}/users`, {
    query: { ...search },
    signal,
  });
}

/** Used through SearchTable, which adds keepPreviousData itself. */
export function organizationUsersQueryOptions(orgId: number, search: OrganizationUserSearch) {
  return queryOptions({
    queryKey: ['authorization', 'organizations', orgId, 'organizationUsers', search] as const,
    queryFn: ({ signal }) => listOrganizationUsers(orgId, search, signal),
  });
}
