import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationsContracts, type OrganizationDetail } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/**
 * GET {portal}/organizations/{orgId}; 404 when unknown or outside the user's scope. The organization
 * page's header and the member forms (whose rules follow its settings) share this one cache entry.
 */
export function getOrganization(orgId: number, signal?: AbortSignal): Promise<OrganizationDetail> {
  return callApi(organizationsContracts.get, { params: { orgId }, signal });
}

export function organizationQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: organizationKeys.detail(orgId),
    queryFn: ({ signal }) => getOrganization(orgId, signal),
  });
}

export function useOrganization(orgId: number, enabled = true) {
  return useQuery({ ...organizationQueryOptions(orgId), enabled });
}

/** The name of a chosen organization restored from the URL (the same cache entry). */
export function useOrganizationName(orgId: number | undefined, enabled: boolean) {
  return useQuery({
    ...organizationQueryOptions(orgId ?? 0),
    enabled: enabled && orgId !== undefined,
    select: (organization) => organization.name,
    retry: false,
  });
}
