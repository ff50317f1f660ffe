import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  agentSearchContracts,
  type AgentSearchCriteria,
  type AgentSearchRow,
  type Page,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { memberKeys } from '../query-keys.ts';

/** What Find Member sends: the form's fields (agentSearchQueryOf) and the page. */
export type AgentSearch = AgentSearchCriteria & { limit: number; offset: number };

/** GET {msrSearch}/records: employees and dependents together (spec 2 §7). */
export function searchMemberRecords(
  search: AgentSearch,
  signal?: AbortSignal,
): Promise<Page<AgentSearchRow>> {
  return callApi(agentSearchContracts.records, { query: search, signal });
}

export function agentSearchQueryOptions(search: AgentSearch) {
  return queryOptions({
    queryKey: memberKeys.agentSearch(search),
    queryFn: ({ signal }) => searchMemberRecords(search, signal),
    // Spec 2 §7: member queries are not retried on 400 or 404.
    retry: (failures, error) => !hasStatus(error, 400, 403, 404) && failures < 3,
  });
}

/** One page of Find Member's results; nothing is asked until the form has searched. */
export function useAgentSearch(search: AgentSearch | undefined) {
  return useQuery({
    ...agentSearchQueryOptions(search ?? { limit: 0, offset: 0 }),
    enabled: search !== undefined,
    placeholderData: keepPreviousData,
  });
}
