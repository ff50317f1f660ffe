import { opportunityKeys } from '../opportunity/index.ts';

/** The incumbent parts and RxB pricing lists, each read and replaced by its own call. */
export type IncumbentPart =
  | 'fees'
  | 'credits'
  | 'insights'
  | 'aggregates'
  | 'contacts'
  | 'renewals'
  | 'pricing-fees'
  | 'pricing-credits'
  | 'pricing-insights';

/**
 * Keys under the opportunity's own root (`opportunityKeys.opportunity(id)`), so whatever
 * invalidates everything read about one opportunity covers these parts too.
 */
export const incumbentKeys = {
  all: (id: number) => [...opportunityKeys.opportunity(id), 'incumbent'] as const,
  part: (id: number, part: IncumbentPart) => [...incumbentKeys.all(id), part] as const,
};
