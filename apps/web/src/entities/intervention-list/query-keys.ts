import type { InterventionListsSearch, ListHistorySearch } from './api/intervention-list-calls.ts';

/**
 * Every query key of intervention drug lists and interventions, from one root
 * (`['intervention-list']`), so a write invalidates by prefix: `lists()` covers every page of the
 * lists table and the all-names read the wizard checks duplicates against; `detail(id)` covers
 * one list's detail (today's and each as-of date), its target drugs, PBMs, settings and history.
 */
export const interventionListKeys = {
  all: ['intervention-list'] as const,
  lists: () => [...interventionListKeys.all, 'list'] as const,
  page: (query: InterventionListsSearch) =>
    [...interventionListKeys.lists(), 'page', query] as const,
  names: () => [...interventionListKeys.lists(), 'names'] as const,
  detail: (id: number) => [...interventionListKeys.all, 'detail', id] as const,
  asOf: (id: number, asOf: string | null) =>
    [...interventionListKeys.detail(id), 'as-of', asOf ?? 'today'] as const,
  history: (id: number, query: ListHistorySearch) =>
    [...interventionListKeys.detail(id), 'history', query] as const,
  interventions: () => [...interventionListKeys.all, 'interventions'] as const,
};
