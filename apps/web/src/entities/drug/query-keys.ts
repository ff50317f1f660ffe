import { type DrugSearchQuery } from './api/search-drugs.ts';

/**
 * Every query key of the drug reference, from one root (`['drug']`): `searches()` covers every
 * drug search (the select's, the header's, a class's products in the drug drawer). The
 * reference changes only when a file is loaded, so nothing in the screens invalidates it.
 */
export const drugKeys = {
  all: ['drug'] as const,
  searches: () => [...drugKeys.all, 'search'] as const,
  search: (query: DrugSearchQuery) => [...drugKeys.searches(), query] as const,
};
