import { queryOptions } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type OrganizationUser, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

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
): Promise<Page<OrganizationUser>> {
  const { active, ...rest } = search;
  return callApi(organizationWorkspaceContracts.users, {
    params: { orgId },
    // The query's text form: the URL says true or false.
    query: { ...rest, active: active === undefined ? undefined : active ? 'true' : 'false' },
    signal,
  });
}

/** Used through SearchTable, which adds keepPreviousData itself. */
export function organizationUsersQueryOptions(orgId: number, search: OrganizationUserSearch) {
  return queryOptions({
    queryKey: organizationKeys.users(orgId, search),
    queryFn: ({ signal }) => listOrganizationUsers(orgId, search, signal),
  });
}
