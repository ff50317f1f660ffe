import { queryOptions, useQuery } from '@tanstack/react-query';
import { evaluateContracts, type OpportunityDetail } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { opportunityKeys } from '../query-keys.ts';

/** The id of a URL's opportunity: a positive int4, else null (the page answers not found). */
export function parseOpportunityId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** GET {evaluate}/opps/{id}: one prospect opportunity with its basic information. */
export function getOpportunity(id: number, signal?: AbortSignal): Promise<OpportunityDetail> {
  return callApi(evaluateContracts.getOpportunity, { params: { id }, signal });
}

export function opportunityQueryOptions(id: number) {
  return queryOptions({
    queryKey: opportunityKeys.detail(id),
    queryFn: ({ signal }) => getOpportunity(id, signal),
    // An opportunity outside the user's reach stays so; asking again only delays the page.
    retry: (failures, error) => !hasStatus(error, 400, 403, 404) && failures < 2,
  });
}

export function useOpportunity(id: number | null) {
  return useQuery({ ...opportunityQueryOptions(id ?? 0), enabled: id !== null });
}
