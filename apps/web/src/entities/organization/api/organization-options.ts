import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationsContracts, type OrganizationSummary, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

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
    queryKey: organizationKeys.options(name),
    queryFn: ({ signal }) => searchOrganizationOptions(name, signal),
  });
}

export function useOrganizationOptions(name: string) {
  return useQuery({ ...organizationOptionsQueryOptions(name), placeholderData: keepPreviousData });
}
