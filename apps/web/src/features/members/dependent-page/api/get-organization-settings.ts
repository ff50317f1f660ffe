import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OrganizationDetail } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';

/**
 * GET {portal}/organizations/{orgId}: the organization's flags the Add Dependent form follows.
 * The organization page's query key, so the two share one cached answer.
 */
export function organizationSettingsQuery(orgId: number) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId] as const,
    queryFn: ({ signal }) =>
      apiRequest<OrganizationDetail>('portal', `/organizations/${orgId}`, { signal }),
  });
}

export function useOrganizationSettings(orgId: number, enabled = true) {
  return useQuery({ ...organizationSettingsQuery(orgId), enabled });
}
