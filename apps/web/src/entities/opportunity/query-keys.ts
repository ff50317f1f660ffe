import { type EvaluateHistoryPart } from '@pillar/domain';
import { type OpportunitySearch } from './api/list-opportunities.ts';
import { type CrmSearch } from './api/crm-opportunities.ts';

/**
 * Every query key of a prospect opportunity, from one root, so a write invalidates by prefix:
 * - `lists()` covers every page of the opportunity list (a create or a refresh changes them);
 * - `opportunity(id)` covers everything read about one opportunity: its detail (header, Basic
 *   Information), its contract and its history;
 * - `crm(search)` is one search of the CRM in the Find dialog (never invalidated: it is read
 *   again on each Search).
 */
export const opportunityKeys = {
  all: ['opportunity'] as const,
  lists: () => [...opportunityKeys.all, 'list'] as const,
  list: (search: OpportunitySearch) => [...opportunityKeys.lists(), search] as const,
  opportunity: (id: number) => [...opportunityKeys.all, id] as const,
  detail: (id: number) => [...opportunityKeys.opportunity(id), 'detail'] as const,
  contract: (id: number) => [...opportunityKeys.opportunity(id), 'contract'] as const,
  history: (id: number) => [...opportunityKeys.opportunity(id), 'history'] as const,
  versions: (id: number, part: EvaluateHistoryPart | undefined) =>
    [...opportunityKeys.history(id), 'versions', part ?? 'all'] as const,
  version: (id: number, part: EvaluateHistoryPart, versionNo: number) =>
    [...opportunityKeys.history(id), part, versionNo] as const,
  crm: (search: CrmSearch) => [...opportunityKeys.all, 'crm', search] as const,
};
