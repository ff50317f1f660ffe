import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

export interface UserHistoryEntry {
  id: number;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  changedAt: string;
  changedBy: string | null;
}

/** GET {authorization}/users/{id}/history: who changed what, newest first. */
export function getUserHistory(id: number, signal?: AbortSignal): Promise<Page<UserHistoryEntry>> {
  return apiRequest<Page<UserHistoryEntry>>('authorization', `/users/${id}/history`, {
    query: { limit: 50 },
    signal,
  });
}

export function userHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['authorization', 'users', 'history', id] as const,
    queryFn: ({ signal }) => getUserHistory(id, signal),
    staleTime: 0,
  });
}

export function useUserHistory(id: number, enabled: boolean) {
  return useQuery({ ...userHistoryQueryOptions(id), enabled });
}
