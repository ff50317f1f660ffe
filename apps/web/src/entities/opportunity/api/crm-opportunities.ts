import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EVALUATE_MESSAGES,
  crmContracts,
  evaluateContracts,
  sfOppIdSchema,
  type CrmOpportunity,
  type OpportunityDetail,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus, isApiError } from '../../../shared/api/api-error.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { opportunityKeys } from '../query-keys.ts';

/** 'Problem getting data from Salesforce' (spec 3 §8): what any CRM failure tells the user. */
export const CRM_FAILURE_MESSAGE = EVALUATE_MESSAGES.crmProblem;

/** One search of the Find dialog: by employer name, or by Salesforce ID. */
export interface CrmSearch {
  by: 'name' | 'id';
  term: string;
}

/** The CRM could not answer (the server's 502), as opposed to a refusal or a missing record. */
export function isCrmFailure(error: unknown): boolean {
  return (
    hasStatus(error, 502) || (isApiError(error) && error.detail === EVALUATE_MESSAGES.crmProblem)
  );
}

/** The Salesforce ID field's rule: the domain's ('Invalid ID length provided' under 15). */
export function sfIdRule() {
  return zodRule(sfOppIdSchema);
}

/**
 * GET {salesforce}/opportunities?employerName (the first 25), or GET /opportunities/{id}: both
 * answer a list, so the dialog shows one table. An ID the CRM does not know is an empty list.
 */
export async function searchCrm(
  search: CrmSearch,
  signal?: AbortSignal,
): Promise<CrmOpportunity[]> {
  if (search.by === 'name') {
    return callApi(crmContracts.searchOpportunities, {
      query: { employerName: search.term },
      signal,
    });
  }
  try {
    return [await callApi(crmContracts.getOpportunity, { params: { id: search.term }, signal })];
  } catch (error) {
    if (hasStatus(error, 404)) return [];
    throw error;
  }
}

export function crmSearchQueryOptions(search: CrmSearch) {
  return queryOptions({
    queryKey: opportunityKeys.crm(search),
    queryFn: ({ signal }) => searchCrm(search, signal),
    // A failing CRM is told at once ('Problem getting data from Salesforce'), not after retries.
    retry: false,
    staleTime: 0,
  });
}

export function useCrmSearch(search: CrmSearch | null) {
  return useQuery({
    ...crmSearchQueryOptions(search ?? { by: 'name', term: '' }),
    enabled: search !== null,
  });
}

/** POST {evaluate}/opps: the prospect opportunity of a CRM opportunity (the existing one if made). */
export function createOpportunity(sfOppId: string): Promise<OpportunityDetail> {
  return callApi(evaluateContracts.createOpportunity, { body: { sfOppId } });
}

export function useCreateOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOpportunity,
    onSuccess: async (opportunity) => {
      queryClient.setQueryData(opportunityKeys.detail(opportunity.id), opportunity);
      await queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() });
    },
  });
}

/** POST {evaluate}/opps/sf-update: reload the opportunity's basic information from the CRM. */
export function refreshFromCrm(prospectOppId: number): Promise<OpportunityDetail> {
  return callApi(evaluateContracts.sfUpdate, { body: { prospectOppId } });
}

export function useRefreshFromCrm(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshFromCrm(id),
    onSuccess: async (opportunity) => {
      queryClient.setQueryData(opportunityKeys.detail(id), opportunity);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: opportunityKeys.history(id) }),
      ]);
    },
  });
}
