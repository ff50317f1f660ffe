import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Location, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {portal}/organizations/{orgId}/locations: the Locations panel. */
export function listLocations(orgId: number, signal?: AbortSignal) {
  return apiRequest<Page<Location>>('portal', `/organizations/${orgId}/locations`, {
    query: { limit: 100 },
    signal,
  });
}

export function locationsQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'locations'] as const,
    queryFn: ({ signal }) => listLocations(orgId, signal),
  });
}

export function useLocations(orgId: number) {
  return useQuery(locationsQueryOptions(orgId));
}
