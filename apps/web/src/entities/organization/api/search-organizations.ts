import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationsContracts, type OrganizationSummary, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

export interface OrganizationSearch {
  name?: string;
  processStatus?: number;
  /** YYYY-MM-DD */
  effectiveDate?: string;
  /** YYYY-MM-DD */
  expirationDate?: string;
  limit: number;
  offset: number;
  /** field:asc|desc over name, type, effectiveDate, processStatus */
  sort?: string;
}

/** GET {portal}/organizations: one page of the organizations in the user's scope. */
export function searchOrganizations(
  search: OrganizationSearch,
  signal?: AbortSignal,
): Promise<Page<OrganizationSummary>> {
  return callApi(organizationsContracts.search, { query: { ...search }, signal });
}

export function searchOrganizationsQueryOptions(search: OrganizationSearch) {
  return queryOptions({
    queryKey: organizationKeys.search(search),
    queryFn: ({ signal }) => searchOrganizations(search, signal),
  });
}

export function useSearchOrganizations(search: OrganizationSearch) {
  return useQuery({
    ...searchOrganizationsQueryOptions(search),
    placeholderData: keepPreviousData,
  });
}
