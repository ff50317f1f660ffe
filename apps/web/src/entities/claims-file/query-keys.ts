import { opportunityKeys } from '../opportunity/index.ts';

/**
 * An opportunity's claims files and FA iterations, under the opportunity's root so whatever
 * invalidates everything read about one opportunity covers them too.
 */
export const claimsFileKeys = {
  all: (id: number) => [...opportunityKeys.opportunity(id), 'claims'] as const,
  lists: (id: number) => [...claimsFileKeys.all(id), 'lists'] as const,
  range: (id: number, x: number, minDate: string | null, maxDate: string | null) =>
    [...claimsFileKeys.all(id), 'range', x, minDate, maxDate] as const,
  iterations: (id: number) => [...claimsFileKeys.all(id), 'iterations'] as const,
  iteration: (id: number, iterationId: number) =>
    [...claimsFileKeys.iterations(id), iterationId] as const,
};
