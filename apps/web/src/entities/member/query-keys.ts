import { type ApiError } from '../../shared/api/api-error.ts';
import { type MemberChangeHistorySearch } from './api/list-member-change-history.ts';
import { type AgentSearch } from './api/agent-search.ts';
import { type MemberQuery } from './api/member-search.ts';

/** A search's query, or the error that held it back (the key still tells searches apart). */
type SearchQuery = MemberQuery | ApiError;

/** A search's scope: one organization's members, or 'all' across the organizations in scope. */
type SearchScope = number | 'all';

/**
 * Every query key of a member (employee or dependent), from one root, so a write invalidates by
 * prefix:
 * - `searches()` covers every list of members: both searches across organizations and within
 *   each, and a member's Dependents panel, so a write that changes what a list shows refreshes
 *   them all (the agent's Find Member too);
 * - `employee(orgId, employeeNo)` covers everything read about one employee (its detail, its
 *   history, and its dependents' records), so a write to it, or a 404/409 after one, reads them
 *   again;
 * - `dependent(…)` is under its employee: a dependent's write sets `dependentDetail` from the
 *   answer and refreshes only what the answer does not carry (`alternateGroupOptions`).
 */
export const memberKeys = {
  all: ['member'] as const,
  count: () => [...memberKeys.all, 'count'] as const,
  searches: () => [...memberKeys.all, 'search'] as const,
  employeeSearch: (scope: SearchScope, query: SearchQuery) =>
    [...memberKeys.searches(), 'employees', scope, query] as const,
  dependentSearch: (scope: SearchScope, query: SearchQuery) =>
    [...memberKeys.searches(), 'dependents', scope, query] as const,
  /** The agent's Find Member (employees and dependents together), under searches(). */
  agentSearch: (search: AgentSearch) => [...memberKeys.searches(), 'agent', search] as const,
  dependentsOfEmployee: (orgId: number, employeeNo: number) =>
    [...memberKeys.searches(), 'dependents-of-employee', orgId, employeeNo] as const,
  employee: (orgId: number, employeeNo: number) =>
    [...memberKeys.all, 'employee', orgId, employeeNo] as const,
  employeeDetail: (orgId: number, employeeNo: number) =>
    [...memberKeys.employee(orgId, employeeNo), 'detail'] as const,
  history: (orgId: number, employeeNo: number, search: MemberChangeHistorySearch) =>
    [...memberKeys.employee(orgId, employeeNo), 'history', search] as const,
  /** The record's own histories: its groups, divisions by group, benefit packages. */
  recordHistory: (
    orgId: number,
    employeeNo: number,
    kind: 'group-assignments' | 'division-history' | 'benefit-package-history',
  ) => [...memberKeys.employee(orgId, employeeNo), 'record-history', kind] as const,
  dependent: (orgId: number, employeeNo: number, dependentNo: number) =>
    [...memberKeys.employee(orgId, employeeNo), 'dependent', dependentNo] as const,
  dependentDetail: (orgId: number, employeeNo: number, dependentNo: number) =>
    [...memberKeys.dependent(orgId, employeeNo, dependentNo), 'detail'] as const,
  alternateGroupOptions: (orgId: number, employeeNo: number, dependentNo: number) =>
    [...memberKeys.dependent(orgId, employeeNo, dependentNo), 'alternate-group-options'] as const,
};
