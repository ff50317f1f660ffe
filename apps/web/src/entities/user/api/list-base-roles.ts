import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BaseRole, rolesContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/** GET {authorization}/base-roles: every role with its users count and permission groups. */
export async function listBaseRoles(signal?: AbortSignal): Promise<BaseRole[]> {
  const body = await callApi(rolesContracts.baseRoles, { signal });
  return body.data;
}

export function baseRolesQueryOptions() {
  return queryOptions({
    queryKey: userKeys.baseRoles(),
    queryFn: ({ signal }) => listBaseRoles(signal),
  });
}

export function useBaseRoles() {
  return useQuery(baseRolesQueryOptions());
}
