import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type Location, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/** GET {portal}/organizations/{orgId}/locations: the Locations panel. */
export function listLocations(orgId: number, signal?: AbortSignal): Promise<Page<Location>> {
  return callApi(organizationWorkspaceContracts.locations, {
    params: { orgId },
    query: { limit: 100 },
    signal,
  });
}

export function locationsQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: organizationKeys.locations(orgId),
    queryFn: ({ signal }) => listLocations(orgId, signal),
  });
}

export function useLocations(orgId: number) {
  return useQuery(locationsQueryOptions(orgId));
}
