import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  priorAuthContracts,
  type ContractAnswer,
  type PaCaseDetail,
  type PaMemberIdentifiers,
} from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { callApi } from '../../../shared/api/call-api.ts';
import { priorAuthKeys } from '../query-keys.ts';

export type PaCaseList = ContractAnswer<typeof priorAuthContracts.list>;
export type PaReviewerHistory = ContractAnswer<typeof priorAuthContracts.planHistory>;
export type PaInteractionLog = ContractAnswer<typeof priorAuthContracts.interventionLogs>;

/** GET {portal}/priorauth/agadia?alternateId&firstName&lastName&dateOfBirth */
export function listPriorAuthCases(
  ids: PaMemberIdentifiers,
  signal?: AbortSignal,
): Promise<PaCaseList> {
  return callApi(priorAuthContracts.list, { query: ids, signal });
}

/** GET {portal}/priorauth/agadia/cases/{paCaseId}?{identifiers} */
export function getPriorAuthCase(
  ids: PaMemberIdentifiers,
  paCaseId: string,
  signal?: AbortSignal,
): Promise<PaCaseDetail> {
  return callApi(priorAuthContracts.detail, { params: { paCaseId }, query: ids, signal });
}

/** GET {portal}/priorauth/agadia/plan-history?{identifiers}: the reviewer history. */
export function getPriorAuthPlanHistory(
  ids: PaMemberIdentifiers,
  signal?: AbortSignal,
): Promise<PaReviewerHistory> {
  return callApi(priorAuthContracts.planHistory, { query: ids, signal });
}

/** GET {commManager}/interventionLogs?{identifiers} */
export function listInterventionLogs(
  ids: PaMemberIdentifiers,
  signal?: AbortSignal,
): Promise<PaInteractionLog> {
  return callApi(priorAuthContracts.interventionLogs, { query: ids, signal });
}

/** GET {commManager}/getInterventionSummary?{identifiers}&paCaseId */
export function getInterventionSummary(
  ids: PaMemberIdentifiers,
  paCaseId: string,
  signal?: AbortSignal,
): Promise<PaInteractionLog> {
  return callApi(priorAuthContracts.interventionSummary, {
    query: { ...ids, paCaseId },
    signal,
  });
}

/**
 * A refusal (400, 403, 404) cannot change by asking again, and an unreachable PA system (502)
 * shows its technical-difficulties message at once rather than after retries.
 */
export function priorAuthRetry(failures: number, error: Error): boolean {
  return !hasStatus(error, 400, 403, 404, 502) && failures < 2;
}

/*
 * Every query is skipped until the four identifiers are known (spec 2 §5): `ids` null asks
 * nothing. `paIdentifiersOf` (domain) makes them from the member's record.
 */
const NO_IDS: PaMemberIdentifiers = {
  alternateId: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
};

export function priorAuthCasesQueryOptions(ids: PaMemberIdentifiers | null) {
  return queryOptions({
    queryKey: priorAuthKeys.cases(ids ?? NO_IDS),
    queryFn: ({ signal }) => listPriorAuthCases(ids!, signal),
    enabled: ids !== null,
    retry: priorAuthRetry,
  });
}

export function usePriorAuthCases(ids: PaMemberIdentifiers | null) {
  return useQuery(priorAuthCasesQueryOptions(ids));
}

export function priorAuthCaseQueryOptions(
  ids: PaMemberIdentifiers | null,
  paCaseId: string | null,
) {
  return queryOptions({
    queryKey: priorAuthKeys.detail(ids ?? NO_IDS, paCaseId ?? ''),
    queryFn: ({ signal }) => getPriorAuthCase(ids!, paCaseId!, signal),
    enabled: ids !== null && Boolean(paCaseId),
    retry: priorAuthRetry,
  });
}

export function usePriorAuthCase(ids: PaMemberIdentifiers | null, paCaseId: string | null) {
  return useQuery(priorAuthCaseQueryOptions(ids, paCaseId));
}

export function priorAuthPlanHistoryQueryOptions(ids: PaMemberIdentifiers | null) {
  return queryOptions({
    queryKey: priorAuthKeys.planHistory(ids ?? NO_IDS),
    queryFn: ({ signal }) => getPriorAuthPlanHistory(ids!, signal),
    enabled: ids !== null,
    retry: priorAuthRetry,
  });
}

export function usePriorAuthPlanHistory(ids: PaMemberIdentifiers | null, enabled = true) {
  return useQuery({ ...priorAuthPlanHistoryQueryOptions(ids), enabled: enabled && ids !== null });
}

export function interventionLogsQueryOptions(ids: PaMemberIdentifiers | null) {
  return queryOptions({
    queryKey: priorAuthKeys.interventionLogs(ids ?? NO_IDS),
    queryFn: ({ signal }) => listInterventionLogs(ids!, signal),
    enabled: ids !== null,
    retry: priorAuthRetry,
  });
}

export function useInterventionLogs(ids: PaMemberIdentifiers | null) {
  return useQuery(interventionLogsQueryOptions(ids));
}
