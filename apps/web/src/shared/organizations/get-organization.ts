import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationsContracts, type OrganizationDetail } from '@pillar/domain';
import { callApi } from '../api/call-api.ts';

/**
 * GET {portal}/organizations/{orgId}; 404 when unknown or outside the user's scope. The organization
 * page's header and the member forms (whose rules follow its settings) share this one cache entry.
 */
export function getOrganization(orgId: number, signal?: AbortSignal): Promise<OrganizationDetail> {
  return callApi(organizationsContracts.get, { params: { orgId }, signal });
}

export function organizationQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId] as const,
    queryFn: ({ signal }) => getOrganization(orgId, signal),
  });
}

export function useOrganization(orgId: number, enabled = true) {
  return useQuery({ ...organizationQueryOptions(orgId), enabled });
}
