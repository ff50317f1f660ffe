import { opportunityKeys } from '../opportunity/index.ts';

/** A mapped claims file's FA job, grid and cell explanations, under the opportunity's root. */
export const pricingKeys = {
  all: (id: number) => [...opportunityKeys.opportunity(id), 'pricing'] as const,
  job: (id: number, x: number) => [...pricingKeys.all(id), 'job', x] as const,
  grid: (id: number, x: number) => [...pricingKeys.all(id), 'grid', x] as const,
  explain: (id: number, x: number, column: string, row: string) =>
    [...pricingKeys.all(id), 'explain', x, column, row] as const,
};
