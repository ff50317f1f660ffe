import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type BenefitGroup, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

export interface GroupSearch {
  limit: number;
  offset: number;
  /** field:asc|desc over groupId, name, effectiveDate, processStatus */
  sort?: string;
}

/** GET {portal}/organizations/{orgId}/groups: the groups the user may see. */
export function listGroups(
  orgId: number,
  search: GroupSearch,
  signal?: AbortSignal,
): Promise<Page<BenefitGroup>> {
  return callApi(organizationWorkspaceContracts.groups, {
    params: { orgId },
    query: { ...search },
    signal,
  });
}

export function groupsQueryOptions(orgId: number, search: GroupSearch) {
  return queryOptions({
    queryKey: organizationKeys.groupPage(orgId, search),
    queryFn: ({ signal }) => listGroups(orgId, search, signal),
  });
}

export function useGroups(orgId: number, search: GroupSearch) {
  return useQuery({ ...groupsQueryOptions(orgId, search), placeholderData: keepPreviousData });
}
