import type { Kysely } from 'kysely';
import {
  MEMBER_SEARCH_RULE_MESSAGE,
  PERMISSIONS,
  memberSearchAllowed,
  todayIso,
  type DependentSearchQuery,
  type DependentSearchRow,
  type EmployeeCount,
  type EmployeeSearchQuery,
  type EmployeeSearchRow,
  type OrganizationDependentSearchQuery,
  type OrganizationEmployeeSearchQuery,
  type Page,
} from '@pillar/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { SsnProtector } from '../../platform/crypto/ssn.ts';
import type { DB } from '../../database.ts';
import { badRequest, forbidden } from '../../platform/http/problem.ts';
import {
  countEmployees,
  searchDependents,
  searchEmployees,
  type MemberFilters,
} from './members.repo.ts';
import { requireOrganization } from '../organizations/index.ts';

export interface MembersDeps {
  db: Kysely<DB>;
  ssn: SsnProtector;
  /** Today as YYYY-MM-DD; a parameter so tests can pin it. */
  today?: () => string;
}

type AnySearchQuery =
  | EmployeeSearchQuery
  | OrganizationEmployeeSearchQuery
  | DependentSearchQuery
  | OrganizationDependentSearchQuery;

/**
 * The query's filters for the repository. Searching by SSN needs the SSN permission (spec 1
 * §6), whatever else the user may do; the SSN itself goes no further than its keyed hash.
 */
function filtersOf(deps: MembersDeps, principal: Principal, query: AnySearchQuery): MemberFilters {
  if (query.ssn !== undefined && !principal.permissions.has(PERMISSIONS.viewSsn)) {
    throw forbidden('Searching by SSN needs the permission to view SSNs.');
  }
  return {
    name: query.name || undefined,
    organizationNo: 'organizationNo' in query ? query.organizationNo : undefined,
    groupNo: query.groupNo,
    memberId: query.memberId || undefined,
    ssnHash: query.ssn ? deps.ssn.searchHash(query.ssn) : undefined,
    alternateId: 'alternateId' in query ? query.alternateId || undefined : undefined,
    processStatus: query.processStatus,
    birthDate: query.birthDate,
    effectiveDate: query.effectiveDate,
    expirationDate: query.expirationDate,
  };
}

/**
 * The cross-organization searches are the Members page's (spec 1 §5): two fields unless a member
 * ID or an organization narrows it. One field with the user's "Search Anyway" is the agent
 * desktop's variant (spec 2 §5), not this page's, so `confirmOneField` opens nothing here: a
 * client that sends it (the old page, the home search's link) gets the same 400 as any other.
 */
function requireEnoughFields(query: EmployeeSearchQuery | DependentSearchQuery): void {
  if (!memberSearchAllowed(query, false)) {
    throw badRequest(MEMBER_SEARCH_RULE_MESSAGE, { search: MEMBER_SEARCH_RULE_MESSAGE });
  }
}

/** An SSN lookup is a sensitive read: who searched, and how many they found, never the SSN. */
async function auditSsnSearch(
  deps: MembersDeps,
  principal: Principal,
  entity: 'employee' | 'dependent',
  organizationNo: number | undefined,
  found: number,
): Promise<void> {
  await writeAudit(deps.db, {
    actorUserNo: principal.userNo,
    action: 'member.search-by-ssn',
    entity,
    entityId: organizationNo ?? null,
    detail: { found },
  });
}

/**
 * An organization search answers 404 when the organization is unknown or outside the scope.
 * Rows found prove it is in scope (the search applies the scope), so only an empty page costs
 * the extra look-up.
 */
async function requireOrganizationOf(
  deps: MembersDeps,
  principal: Principal,
  orgNo: number,
  page: Page<unknown>,
): Promise<void> {
  if (page.totalCount > 0) return;
  await requireOrganization(deps.db, principal, orgNo);
}

type MemberSearch<Q, R> = (
  db: Kysely<DB>,
  principal: Principal,
  filters: MemberFilters,
  query: Q,
  today: string,
) => Promise<Page<R>>;

/**
 * One search as every route runs it: filters from the query, the two-field rule across
 * organizations (one organization is narrow enough), the organization's 404 when it found
 * nothing, and an audit row for a search by SSN.
 */
async function runSearch<Q extends AnySearchQuery, R>(
  deps: MembersDeps,
  principal: Principal,
  kind: 'employee' | 'dependent',
  search: MemberSearch<Q, R>,
  query: Q,
  organizationNo?: number,
): Promise<Page<R>> {
  const filters = filtersOf(deps, principal, query);
  if (organizationNo === undefined) {
    requireEnoughFields(query);
  }
  const today = (deps.today ?? todayIso)();
  const page = await search(
    deps.db,
    principal,
    organizationNo === undefined ? filters : { ...filters, organizationNo },
    query,
    today,
  );
  if (organizationNo !== undefined)
    await requireOrganizationOf(deps, principal, organizationNo, page);
  if (filters.ssnHash) {
    await auditSsnSearch(
      deps,
      principal,
      kind,
      organizationNo ?? filters.organizationNo,
      page.totalCount,
    );
  }
  return page;
}

export function findEmployees(
  deps: MembersDeps,
  principal: Principal,
  query: EmployeeSearchQuery,
): Promise<Page<EmployeeSearchRow>> {
  return runSearch(deps, principal, 'employee', searchEmployees, query);
}

export function findOrganizationEmployees(
  deps: MembersDeps,
  principal: Principal,
  organizationNo: number,
  query: OrganizationEmployeeSearchQuery,
): Promise<Page<EmployeeSearchRow>> {
  return runSearch(deps, principal, 'employee', searchEmployees, query, organizationNo);
}

export function findDependents(
  deps: MembersDeps,
  principal: Principal,
  query: DependentSearchQuery,
): Promise<Page<DependentSearchRow>> {
  return runSearch(deps, principal, 'dependent', searchDependents, query);
}

export function findOrganizationDependents(
  deps: MembersDeps,
  principal: Principal,
  organizationNo: number,
  query: OrganizationDependentSearchQuery,
): Promise<Page<DependentSearchRow>> {
  return runSearch(deps, principal, 'dependent', searchDependents, query, organizationNo);
}

export async function countVisibleEmployees(
  deps: MembersDeps,
  principal: Principal,
): Promise<EmployeeCount> {
  return { count: await countEmployees(deps.db, principal) };
}
