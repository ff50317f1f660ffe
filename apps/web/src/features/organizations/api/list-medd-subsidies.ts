import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MeddSubsidy, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {portal}/organizations/{orgId}/meddsubsidy: the Med D Subsidy panel. */
export function listMeddSubsidies(orgId: number, signal?: AbortSignal) {
  return apiRequest<Page<MeddSubsidy>>('portal', `/organizations/${orgId}/meddsubsidy`, {
    query: { limit: 100 },
    signal,
  });
}

export function meddSubsidiesQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'meddsubsidy'] as const,
    queryFn: ({ signal }) => listMeddSubsidies(orgId, signal),
  });
}

export function useMeddSubsidies(orgId: number) {
  return useQuery(meddSubsidiesQueryOptions(orgId));
}
