import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RoleOption, rolesContracts, type UserTypeName } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/** GET {authorization}/roles?type=…: the roles a user form offers, with what the caller may grant. */
export async function getRoles(types: UserTypeName[], signal?: AbortSignal): Promise<RoleOption[]> {
  const body = await callApi(rolesContracts.options, { query: { type: types }, signal });
  return body.data;
}

export function rolesQueryOptions(types: UserTypeName[]) {
  return queryOptions({
    queryKey: userKeys.roleOptions(types),
    queryFn: ({ signal }) => getRoles(types, signal),
    staleTime: 5 * 60_000,
  });
}

export function useRoles(types: UserTypeName[], enabled = true) {
  return useQuery({ ...rolesQueryOptions(types), enabled });
}
