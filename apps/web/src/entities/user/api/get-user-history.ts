import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/** GET {authorization}/users/{id}/history: who changed what, newest first. */
export function getUserHistory(id: number, signal?: AbortSignal) {
  return callApi(usersContracts.history, { params: { id }, query: { limit: 50 }, signal });
}

export function userHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.history(id),
    queryFn: ({ signal }) => getUserHistory(id, signal),
    staleTime: 0,
  });
}

export function useUserHistory(id: number, enabled: boolean) {
  return useQuery({ ...userHistoryQueryOptions(id), enabled });
}
