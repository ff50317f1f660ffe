import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionSettingsContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/**
 * GET {authorization}/session-settings (public): the access-end dates, the newer portal and the
 * landing page's products (spec 2 §1), configured on the server.
 */
export function getSessionSettings(signal?: AbortSignal) {
  return callApi(sessionSettingsContracts.get, { signal });
}

export function sessionSettingsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.sessionSettings(),
    queryFn: ({ signal }) => getSessionSettings(signal),
    staleTime: Infinity,
  });
}

export function useSessionSettings() {
  return useQuery(sessionSettingsQueryOptions());
}
