import type { Kysely } from 'kysely';
import {
  AGENT_SEARCH_EMPTY_MESSAGE,
  AGENT_SEARCH_NEEDS_CONFIRM_MESSAGE,
  agentSearchCase,
  agentSearchFieldsOfQuery,
  todayIso,
  type AgentOrganizationPage,
  type AgentOrganizationQuery,
  type AgentSearchQuery,
  type AgentSearchRow,
  type OrganizationDetail,
  type Page,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import { badRequest } from '../../platform/http/problem.ts';
import { searchMemberRecords } from '../members/index.ts';
import { getOrganization, searchOrganizationOptions } from '../organizations/index.ts';

export interface AgentSearchDeps {
  db: Kysely<DB>;
  /** Today as YYYY-MM-DD; a parameter so tests can pin it. */
  today?: () => string;
}

/**
 * The two-field rule on the server (spec 2 §5, the form's agentSearchCase): nothing is a 400
 * in the spec's words; one plain field only with the user's confirmation.
 */
function requireEnoughFields(query: AgentSearchQuery): void {
  const verdict = agentSearchCase(agentSearchFieldsOfQuery(query));
  if (verdict.case === 'none') {
    throw badRequest(AGENT_SEARCH_EMPTY_MESSAGE, { search: AGENT_SEARCH_EMPTY_MESSAGE });
  }
  if (verdict.case === 'needsConfirm' && !query.confirmOneField) {
    throw badRequest(AGENT_SEARCH_NEEDS_CONFIRM_MESSAGE, {
      search: AGENT_SEARCH_NEEDS_CONFIRM_MESSAGE,
    });
  }
}

/**
 * Find Member across every organization in the agent's scope. An organization outside the
 * scope simply finds nothing (the scope is in the statement), like any other filter.
 */
export function findMemberRecords(
  deps: AgentSearchDeps,
  principal: Principal,
  query: AgentSearchQuery,
): Promise<Page<AgentSearchRow>> {
  requireEnoughFields(query);
  return searchMemberRecords(
    deps.db,
    principal,
    {
      firstName: query.firstname || undefined,
      lastName: query.lastname || undefined,
      birthDate: query.birthdate,
      memberId: query.memberId || undefined,
      organizationNo: query.organizationNo,
    },
    query,
    (deps.today ?? todayIso)(),
  );
}

/** The Find Member picker's pages: the organizations in scope, by name. */
export function listAgentOrganizations(
  deps: AgentSearchDeps,
  principal: Principal,
  query: AgentOrganizationQuery,
): Promise<AgentOrganizationPage> {
  return searchOrganizationOptions(deps.db, principal, query);
}

/** The organization detail's panel: 404 outside the agent's scope, as the portal's read. */
export function getAgentOrganization(
  deps: AgentSearchDeps,
  principal: Principal,
  organizationNo: number,
): Promise<OrganizationDetail> {
  return getOrganization(deps.db, principal, organizationNo);
}
