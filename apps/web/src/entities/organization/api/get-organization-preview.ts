import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationsContracts, type OrganizationSummary, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/** Spec 1 §9: the Organizations card lists at most 4 names. */
export const ORGANIZATION_PREVIEW_SIZE = 4;

/** GET {portal}/organizations?limit=4: the first names, and the total in the user's scope. */
export function getOrganizationPreview(signal?: AbortSignal): Promise<Page<OrganizationSummary>> {
  return callApi(organizationsContracts.search, {
    query: { limit: ORGANIZATION_PREVIEW_SIZE, offset: 0, sort: 'name:asc' },
    signal,
  });
}

export function organizationPreviewQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.preview(),
    queryFn: ({ signal }) => getOrganizationPreview(signal),
  });
}

export function useOrganizationPreview(enabled: boolean) {
  return useQuery({ ...organizationPreviewQueryOptions(), enabled });
}
