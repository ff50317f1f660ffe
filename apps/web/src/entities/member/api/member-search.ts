import { queryOptions } from '@tanstack/react-query';
import {
  membersContracts,
  type DependentSearchRow,
  type EmployeeSearchQuery,
  type EmployeeSearchRow,
  type MemberSearchField,
  type Page,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { ApiError, hasStatus } from '../../../shared/api/api-error.ts';
import { type SearchParams } from '../../../shared/search-table/search-table-state.ts';
import { groupsQueryOptions } from '../../organization/index.ts';
import { memberKeys } from '../query-keys.ts';
import { SSN_FORGOTTEN_MESSAGE, isSsnRef, ssnOfRef } from '../ssn-refs.ts';

export type MemberKind = 'employee' | 'dependent';

/** The member searches' query, as GET /employees and /dependents take it (spec 1 §7). */
export interface MemberQuery {
  name?: string;
  organizationNo?: number;
  groupNo?: number;
  memberId?: string;
  ssn?: string;
  alternateId?: string;
  processStatus?: EmployeeSearchQuery['processStatus'];
  birthDate?: string;
  effectiveDate?: string;
  expirationDate?: string;
  limit: number;
  offset: number;
  sort?: string;
}

/** The filter names a member search table keeps in the URL, under its per-table prefix. */
export const MEMBER_FILTER_NAMES = [
  'name',
  'organizationNo',
  'groupNo',
  'memberId',
  'ssn',
  'alternateId',
  'processStatus',
  'birthDate',
  'effectiveDate',
  'expirationDate',
] as const satisfies readonly MemberSearchField[];

function text(filters: SearchParams['filters'], name: string): string | undefined {
  const value = filters[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function whole(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The table's URL state as the API's query. The SSN comes out of this tab's memory (the URL
 * holds a reference). No one-field confirmation is ever sent: the Members page keeps the
 * two-field rule (spec 1 §5), and the page holds back a search the rule refuses.
 */
export function memberQueryOf(params: SearchParams): MemberQuery | ApiError {
  const { filters } = params;
  const ssnValue = text(filters, 'ssn');
  let ssn: string | undefined;
  if (ssnValue) {
    ssn = isSsnRef(ssnValue) ? ssnOfRef(ssnValue) : undefined;
    if (!ssn) return new ApiError({ status: 400, title: 'SSN', detail: SSN_FORGOTTEN_MESSAGE });
  }
  const query: MemberQuery = {
    name: text(filters, 'name'),
    organizationNo: whole(text(filters, 'organizationNo')),
    groupNo: whole(text(filters, 'groupNo')),
    memberId: text(filters, 'memberId'),
    ssn,
    alternateId: text(filters, 'alternateId'),
    // Sent as the URL holds it: the server answers an unknown status with its 400, as it did.
    processStatus: text(filters, 'processStatus') as MemberQuery['processStatus'],
    birthDate: text(filters, 'birthDate'),
    effectiveDate: text(filters, 'effectiveDate'),
    expirationDate: text(filters, 'expirationDate'),
    limit: params.limit,
    offset: params.offset,
    sort: params.sortParam,
  };
  return query;
}

/**
 * GET {portal}/employees across the organizations in scope (orgId undefined), or
 * GET {portal}/organizations/{orgId}/employees within one.
 */
export function searchEmployees(
  orgId: number | undefined,
  query: MemberQuery,
  signal?: AbortSignal,
): Promise<Page<EmployeeSearchRow>> {
  return orgId === undefined
    ? callApi(membersContracts.searchEmployees, { query, signal })
    : callApi(membersContracts.searchOrganizationEmployees, {
        params: { orgId },
        query: withinOrganization(query),
        signal,
      });
}

/** GET {portal}/dependents, or {portal}/organizations/{orgId}/dependents; as searchEmployees. */
export function searchDependents(
  orgId: number | undefined,
  query: MemberQuery,
  signal?: AbortSignal,
): Promise<Page<DependentSearchRow>> {
  return orgId === undefined
    ? callApi(membersContracts.searchDependents, { query, signal })
    : callApi(membersContracts.searchOrganizationDependents, {
        params: { orgId },
        query: withinOrganization(query),
        signal,
      });
}

/** Within one organization the path names it: the query has no organizationNo. */
function withinOrganization(query: MemberQuery): Omit<MemberQuery, 'organizationNo'> {
  const { organizationNo: _inPath, ...rest } = query;
  return rest;
}

function failing<T>(error: ApiError): () => Promise<T> {
  return () => Promise.reject(error);
}

/** Spec 1 §8: employee and dependent queries are not retried on 400 or 404. */
function retryUnlessRefused(failures: number, error: Error): boolean {
  return !hasStatus(error, 400, 403, 404) && failures < 3;
}

/** One page of employees for a search table; `orgId` as for searchEmployees. */
export function employeeSearchQueryOptions(orgId: number | undefined, params: SearchParams) {
  const query = memberQueryOf(params);
  return queryOptions({
    queryKey: memberKeys.employeeSearch(orgId ?? 'all', query),
    queryFn:
      query instanceof ApiError
        ? failing<Page<EmployeeSearchRow>>(query)
        : ({ signal }) => searchEmployees(orgId, query, signal),
    retry: retryUnlessRefused,
  });
}

export function dependentSearchQueryOptions(orgId: number | undefined, params: SearchParams) {
  const query = memberQueryOf(params);
  return queryOptions({
    queryKey: memberKeys.dependentSearch(orgId ?? 'all', query),
    queryFn:
      query instanceof ApiError
        ? failing<Page<DependentSearchRow>>(query)
        : ({ signal }) => searchDependents(orgId, query, signal),
    retry: retryUnlessRefused,
  });
}

/** The group filter's choices: the organization's groups the user may see, by name. */
export function organizationGroupsQueryOptions(orgId: number) {
  return groupsQueryOptions(orgId, { limit: 100, offset: 0, sort: 'name:asc' });
}
