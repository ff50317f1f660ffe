import { queryOptions } from '@tanstack/react-query';
import {
  STAGE_MAX,
  STAGE_MIN,
  evaluateContracts,
  type OpportunityPage,
  type OpportunityScope,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { type FilterValue } from '../../../shared/search-table/search-table-state.ts';
import { opportunityKeys } from '../query-keys.ts';

export interface OpportunitySearch {
  employer?: string;
  broker?: string;
  sfId?: string;
  owner?: string;
  fa?: string;
  spa?: string;
  /** Stage numbers 0-9. */
  status?: number[];
  scope: OpportunityScope;
  limit: number;
  offset: number;
  /** field:asc|desc */
  sort?: string;
}

/**
 * The list's scope from the URL (spec 3 §2: 'my' or 'all'; the API's word for mine is 'mine',
 * which the URL also accepts). Anything else is the default, mine.
 */
export function readOpportunityScope(value: string | null): OpportunityScope {
  return value === 'all' ? 'all' : 'mine';
}

/** The URL's word for a scope (spec 3 §2 'my' / 'all'). */
export function opportunityScopeParam(scope: OpportunityScope): 'my' | 'all' {
  return scope === 'all' ? 'all' : 'my';
}

/**
 * The Status filter's stages from the URL (spec 3 §2: "numeric values also read from the URL"):
 * whole numbers 0-9, each once; anything else in a hand-edited link is ignored rather than sent
 * for a 400.
 */
export function readStageFilter(value: FilterValue | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const stages = (Array.isArray(value) ? value : [value])
    .filter((item) => /^\d+$/.test(item))
    .map(Number)
    .filter((stage) => stage >= STAGE_MIN && stage <= STAGE_MAX);
  const unique = [...new Set(stages)];
  return unique.length ? unique : undefined;
}

/** GET {evaluate}/opps: one page of prospect opportunities. */
export function listOpportunities(
  search: OpportunitySearch,
  signal?: AbortSignal,
): Promise<OpportunityPage> {
  return callApi(evaluateContracts.listOpportunities, { query: { ...search }, signal });
}

export function listOpportunitiesQueryOptions(search: OpportunitySearch) {
  return queryOptions({
    queryKey: opportunityKeys.list(search),
    queryFn: ({ signal }) => listOpportunities(search, signal),
  });
}
