import { queryOptions } from '@tanstack/react-query';
import { type Page, type Plan } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

export interface PlanSearch {
  name?: string;
  planStatus?: number;
  limit: number;
  offset: number;
  /** field:asc|desc over name, planStatus, expirationDate */
  sort?: string;
}

/** GET {portal}/organizations/{orgId}/plans/coverages: the Plans panel. */
export function listPlans(orgId: number, search: PlanSearch, signal?: AbortSignal) {
  return apiRequest<Page<Plan>>('portal', `/organizations/${orgId}/plans/coverages`, {
    query: { ...search },
    signal,
  });
}

/** Used through SearchTable, which adds keepPreviousData itself. */
export function plansQueryOptions(orgId: number, search: PlanSearch) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'plans', search] as const,
    queryFn: ({ signal }) => listPlans(orgId, search, signal),
  });
}
