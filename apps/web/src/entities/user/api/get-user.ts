import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/** GET {authorization}/users/{id}: the user with roles and organization access. */
export function getUser(id: number, signal?: AbortSignal) {
  return callApi(usersContracts.get, { params: { id }, signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 0,
  });
}

export function useUser(id: number, enabled = true) {
  return useQuery({ ...userQueryOptions(id), enabled });
}
