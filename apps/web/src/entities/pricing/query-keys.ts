import { opportunityKeys } from '../opportunity/index.ts';

/** A mapped claims file's FA job, grid and cell explanations, under the opportunity's root. */
export const pricingKeys = {
  all: (id: number) => [...opportunityKeys.opportunity(id), 'pricing'] as const,
  job: (id: number, x: number) => [...pricingKeys.all(id), 'job', x] as const,
  grid: (id: number, x: number) => [...pricingKeys.all(id), 'grid', x] as const,
  explainAll: (id: number, x: number) => [...pricingKeys.all(id), 'explain', x] as const,
  /** `iteration` 0 is the file's current grid, else a saved iteration's own (decision 0139). */
  explain: (id: number, x: number, column: string, row: string, iteration = 0) =>
    [...pricingKeys.all(id), 'explain', x, column, row, iteration] as const,
};
