import { type ClinicalHistorySearch, type HealthConditionSearch } from './api/condition-calls.ts';

/**
 * Every query key of health conditions, from one root (`['health-condition']`), so a write
 * invalidates by prefix:
 * - `lists()` covers every list of conditions (the Conditions tab and page, the name check of
 *   the edit modal, the wizard's dropdown; a rename or a drug count changes them);
 * - `condition(id)` covers everything read about one condition: the condition, its drugs and
 *   its history.
 */
export const healthConditionKeys = {
  all: ['health-condition'] as const,
  lists: () => [...healthConditionKeys.all, 'list'] as const,
  list: (search: HealthConditionSearch) => [...healthConditionKeys.lists(), search] as const,
  condition: (id: number) => [...healthConditionKeys.all, id] as const,
  detail: (id: number) => [...healthConditionKeys.condition(id), 'detail'] as const,
  drugs: (id: number) => [...healthConditionKeys.condition(id), 'drugs'] as const,
  history: (id: number, search: ClinicalHistorySearch) =>
    [...healthConditionKeys.condition(id), 'history', search] as const,
};
