import { queryOptions } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type Page, type Plan } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

export interface PlanSearch {
  name?: string;
  planStatus?: number;
  limit: number;
  offset: number;
  /** field:asc|desc over name, planStatus, expirationDate */
  sort?: string;
}

/** GET {portal}/organizations/{orgId}/plans/coverages: the Plans panel. */
export function listPlans(
  orgId: number,
  search: PlanSearch,
  signal?: AbortSignal,
): Promise<Page<Plan>> {
  return callApi(organizationWorkspaceContracts.plans, {
    params: { orgId },
    query: { ...search },
    signal,
  });
}

/** Used through SearchTable, which adds keepPreviousData itself. */
export function plansQueryOptions(orgId: number, search: PlanSearch) {
  return queryOptions({
    queryKey: organizationKeys.plans(orgId, search),
    queryFn: ({ signal }) => listPlans(orgId, search, signal),
  });
}
