import { queryOptions } from '@tanstack/react-query';
import {
  type BenefitGroup,
  type DependentSearchRow,
  type EmployeeSearchRow,
  type MemberSearchField,
  type Page,
} from '@pillar/domain';
import { apiRequest } from '../api/api-client.ts';
import { ApiError, hasStatus } from '../api/api-error.ts';
import { type SearchParams } from '../search-table/search-table-state.ts';
import { SSN_FORGOTTEN_MESSAGE, isSsnRef, ssnOfRef } from './ssn-refs.ts';

export type MemberKind = 'employee' | 'dependent';

/** The member searches' query, as GET /employees and /dependents take it (spec 1 §7). */
export interface MemberQuery {
  name?: string;
  organizationNo?: number;
  groupNo?: number;
  memberId?: string;
  ssn?: string;
  alternateId?: string;
  processStatus?: string;
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
    processStatus: text(filters, 'processStatus'),
    birthDate: text(filters, 'birthDate'),
    effectiveDate: text(filters, 'effectiveDate'),
    expirationDate: text(filters, 'expirationDate'),
    limit: params.limit,
    offset: params.offset,
    sort: params.sortParam,
  };
  return query;
}

/** GET {portal}{base}/employees: base '' across organizations, '/organizations/{id}' within one. */
export function searchEmployees(
  base: string,
  query: MemberQuery,
  signal?: AbortSignal,
): Promise<Page<EmployeeSearchRow>> {
  return apiRequest<Page<EmployeeSearchRow>>('portal', `${base}/employees`, {
    query: { ...query },
    signal,
  });
}

/** GET {portal}{base}/dependents. */
export function searchDependents(
  base: string,
  query: MemberQuery,
  signal?: AbortSignal,
): Promise<Page<DependentSearchRow>> {
  return apiRequest<Page<DependentSearchRow>>('portal', `${base}/dependents`, {
    query: { ...query },
    signal,
  });
}

function failing<T>(error: ApiError): () => Promise<T> {
  return () => Promise.reject(error);
}

/** Spec 1 §8: employee and dependent queries are not retried on 400 or 404. */
function retryUnlessRefused(failures: number, error: Error): boolean {
  return !hasStatus(error, 400, 403, 404) && failures < 3;
}

/** One page of employees for a search table; `base` as for searchEmployees. */
export function employeeSearchQueryOptions(base: string, params: SearchParams) {
  const query = memberQueryOf(params);
  return queryOptions({
    queryKey: ['portal', base, 'employees', 'search', query] as const,
    queryFn:
      query instanceof ApiError
        ? failing<Page<EmployeeSearchRow>>(query)
        : ({ signal }) => searchEmployees(base, query, signal),
    retry: retryUnlessRefused,
  });
}

export function dependentSearchQueryOptions(base: string, params: SearchParams) {
  const query = memberQueryOf(params);
  return queryOptions({
    queryKey: ['portal', base, 'dependents', 'search', query] as const,
    queryFn:
      query instanceof ApiError
        ? failing<Page<DependentSearchRow>>(query)
        : ({ signal }) => searchDependents(base, query, signal),
    retry: retryUnlessRefused,
  });
}

/** GET {portal}/organizations/{orgId}/groups: the groups the user may see, by name. */
export function organizationGroupsQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'groups', 'options'] as const,
    queryFn: ({ signal }) =>
      apiRequest<Page<BenefitGroup>>('portal', `/organizations/${orgId}/groups`, {
        query: { limit: 100, offset: 0, sort: 'name:asc' },
        signal,
      }),
  });
}
