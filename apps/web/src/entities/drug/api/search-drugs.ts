import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { drugReferenceContracts, readDrugSearchTerm, type DrugSearchPage } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { drugKeys } from '../query-keys.ts';

/** The drug search's query as the screens send it (spec 2 §7: sort=ndc:desc, offset, limit). */
export interface DrugSearchQuery {
  /** A name, an NDC or a class code; the domain's readDrugSearchTerm says whether it may run. */
  q: string;
  /** gpi_10: one row per class code. */
  distinct?: 'gpi_10';
  sort?: 'ndc:desc' | 'ndc:asc';
  offset: number;
  limit: number;
}

/** GET {keystoneFile}/drug-details (spec 2 §7 "Drug search"). */
export function searchDrugs(query: DrugSearchQuery, signal?: AbortSignal): Promise<DrugSearchPage> {
  return callApi(drugReferenceContracts.search, { query, signal });
}

export function drugSearchQueryOptions(query: DrugSearchQuery) {
  return queryOptions({
    queryKey: drugKeys.search(query),
    queryFn: ({ signal }) => searchDrugs(query, signal),
    // A refused term stays refused; the reference changes only when a file is loaded.
    retry: (failures, error) => !hasStatus(error, 400, 403) && failures < 3,
    staleTime: 5 * 60_000,
  });
}

/**
 * A drug search that runs only for a term the domain's rule accepts (spec 2 §5: a numeric entry
 * must have an even number of digits); the caller debounces the term.
 */
export function useDrugSearch(query: DrugSearchQuery, enabled = true) {
  return useQuery({
    ...drugSearchQueryOptions(query),
    enabled: enabled && readDrugSearchTerm(query.q).ok,
    placeholderData: keepPreviousData,
  });
}
