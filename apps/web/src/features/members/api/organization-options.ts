import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationsContracts, type OrganizationSummary, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';

const OPTION_LIMIT = 20;

/** GET {portal}/organizations?name=…: the first organizations in scope matching a name. */
export function searchOrganizationOptions(
  name: string,
  signal?: AbortSignal,
): Promise<Page<OrganizationSummary>> {
  return callApi(organizationsContracts.search, {
    query: { name: name || undefined, limit: OPTION_LIMIT, offset: 0, sort: 'name:asc' },
    signal,
  });
}

export function organizationOptionsQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['portal', 'organizations', 'options', name] as const,
    queryFn: ({ signal }) => searchOrganizationOptions(name, signal),
  });
}

export function useOrganizationOptions(name: string) {
  return useQuery({ ...organizationOptionsQueryOptions(name), placeholderData: keepPreviousData });
}

/** GET {portal}/organizations/{orgId}: the name of a chosen organization restored from the URL. */
export function useOrganizationName(orgId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'organizations', orgId] as const,
    queryFn: ({ signal }) =>
      callApi(organizationsContracts.get, { params: { orgId: orgId as number }, signal }),
    enabled: enabled && orgId !== undefined,
    select: (organization) => organization.name,
    retry: false,
  });
}
