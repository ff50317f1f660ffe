import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BenefitGroup, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

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
  return apiRequest<Page<BenefitGroup>>('portal', `/organizations/${orgId}/groups`, {
    query: { ...search },
    signal,
  });
}

export function groupsQueryOptions(orgId: number, search: GroupSearch) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'groups', search] as const,
    queryFn: ({ signal }) => listGroups(orgId, search, signal),
  });
}

export function useGroups(orgId: number, search: GroupSearch) {
  return useQuery({ ...groupsQueryOptions(orgId, search), placeholderData: keepPreviousData });
}
