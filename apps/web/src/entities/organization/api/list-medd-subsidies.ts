import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type MeddSubsidy, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/** GET {portal}/organizations/{orgId}/meddsubsidy: the Med D Subsidy panel. */
export function listMeddSubsidies(orgId: number, signal?: AbortSignal): Promise<Page<MeddSubsidy>> {
  return callApi(organizationWorkspaceContracts.meddSubsidies, {
    params: { orgId },
    query: { limit: 100 },
    signal,
  });
}

export function meddSubsidiesQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: organizationKeys.meddSubsidies(orgId),
    queryFn: ({ signal }) => listMeddSubsidies(orgId, signal),
  });
}

export function useMeddSubsidies(orgId: number) {
  return useQuery(meddSubsidiesQueryOptions(orgId));
}
