import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BaseRole } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {authorization}/base-roles: every role with its users count and permission groups. */
export async function listBaseRoles(signal?: AbortSignal): Promise<BaseRole[]> {
  const body = await apiRequest<{ data: BaseRole[] }>('authorization', '/base-roles', { signal });
  return body.data;
}

export function baseRolesQueryOptions() {
  return queryOptions({
    queryKey: ['authorization', 'base-roles'] as const,
    queryFn: ({ signal }) => listBaseRoles(signal),
  });
}

export function useBaseRoles() {
  return useQuery(baseRolesQueryOptions());
}
