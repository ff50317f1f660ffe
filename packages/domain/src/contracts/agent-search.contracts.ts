import { AGENT_ACCESS } from '../permissions.ts';
import {
  agentOrganizationPage,
  agentOrganizationQuery,
  agentSearchPage,
  agentSearchQuery,
} from '../agent-search.ts';
import { organizationDetail, organizationIdParams } from '../organizations.ts';
import { defineContract } from './define-contract.ts';

/** Any one agent permission opens the agent desktop (spec 2 §6, decision 0101). */
const agent = { anyOf: [...AGENT_ACCESS] } as const;
const tags = ['agent-search'];

/** Search service (spec 2 §7): the agent desktop's Find Member and the organizations it names. */
export const agentSearchContracts = {
  records: defineContract({
    method: 'GET',
    service: 'msrSearch',
    path: '/records',
    query: agentSearchQuery,
    answer: agentSearchPage,
    access: agent,
    tags,
    summary: 'Find members: employees and dependents together, across the organizations in scope',
    description:
      "Spec 2 §5: at least two of firstname, lastname, birthdate, or a memberId or organizationNo; one plain field only with confirmOneField=true (the user's confirm), 400 'Enter more information to search' otherwise. Names match by prefix, case-insensitive; the birth date exactly; memberId a generated or client ID, finding the member and the dependents. Ordered by last name, first name; the total is capped at 1,000.",
  }),
  organizations: defineContract({
    method: 'GET',
    service: 'msrSearch',
    path: '/organizations',
    query: agentOrganizationQuery,
    answer: agentOrganizationPage,
    access: agent,
    tags,
    summary: "The organizations an agent may search in, by name (the Find Member picker's pages)",
  }),
  organization: defineContract({
    method: 'GET',
    service: 'msrSearch',
    path: '/organizations/:orgId',
    params: organizationIdParams,
    answer: organizationDetail,
    access: agent,
    tags,
    summary: "One organization as the agent's organization detail shows it",
    description: "404 when the organization is unknown or outside the agent's scope.",
  }),
};
