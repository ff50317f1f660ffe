import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RoleOption, type UserTypeName } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {authorization}/roles?type=…: the roles a user form offers, with what the caller may grant. */
export async function getRoles(types: UserTypeName[], signal?: AbortSignal): Promise<RoleOption[]> {
  const body = await apiRequest<{ data: RoleOption[] }>('authorization', '/roles', {
    query: { type: types },
    signal,
  });
  return body.data;
}

export function rolesQueryOptions(types: UserTypeName[]) {
  return queryOptions({
    queryKey: ['authorization', 'roles', types] as const,
    queryFn: ({ signal }) => getRoles(types, signal),
    staleTime: 5 * 60_000,
  });
}

export function useRoles(types: UserTypeName[], enabled = true) {
  return useQuery({ ...rolesQueryOptions(types), enabled });
}
