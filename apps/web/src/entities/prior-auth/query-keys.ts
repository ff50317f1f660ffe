import type { PaMemberIdentifiers } from '@pillar/domain';

/**
 * Every query key of prior authorizations, from one root (`['prior-auth']`), so a refresh
 * invalidates by prefix:
 * - `member(ids)` covers everything read about one member: the case list, each case's detail,
 *   the plan (reviewer) history and the interaction logs;
 * - `detail(ids, paCaseId)` one case (the Authorization Detail drawer).
 */
export const priorAuthKeys = {
  all: ['prior-auth'] as const,
  member: (ids: PaMemberIdentifiers) => [...priorAuthKeys.all, 'member', ids] as const,
  cases: (ids: PaMemberIdentifiers) => [...priorAuthKeys.member(ids), 'cases'] as const,
  detail: (ids: PaMemberIdentifiers, paCaseId: string) =>
    [...priorAuthKeys.member(ids), 'case', paCaseId] as const,
  planHistory: (ids: PaMemberIdentifiers) =>
    [...priorAuthKeys.member(ids), 'plan-history'] as const,
  interventionLogs: (ids: PaMemberIdentifiers) =>
    [...priorAuthKeys.member(ids), 'intervention-logs'] as const,
  interventionSummary: (ids: PaMemberIdentifiers, paCaseId: string) =>
    [...priorAuthKeys.member(ids), 'intervention-summary', paCaseId] as const,
};
