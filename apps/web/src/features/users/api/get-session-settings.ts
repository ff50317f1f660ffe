import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SessionSettings } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/**
 * GET {authorization}/session-settings (public): the access-end dates, the newer portal and the
 * landing page's products (spec 2 §1), configured on the server.
 */
export function getSessionSettings(signal?: AbortSignal): Promise<SessionSettings> {
  return apiRequest<SessionSettings>('authorization', '/session-settings', { signal });
}

export function sessionSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['authorization', 'session-settings'] as const,
    queryFn: ({ signal }) => getSessionSettings(signal),
    staleTime: Infinity,
  });
}

export function useSessionSettings() {
  return useQuery(sessionSettingsQueryOptions());
}
