import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserDetail } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {authorization}/users/{id}: the user with roles and organization access. */
export function getUser(id: number, signal?: AbortSignal): Promise<UserDetail> {
  return apiRequest<UserDetail>('authorization', `/users/${id}`, { signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['authorization', 'users', 'detail', id] as const,
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 0,
  });
}

export function useUser(id: number, enabled = true) {
  return useQuery({ ...userQueryOptions(id), enabled });
}
