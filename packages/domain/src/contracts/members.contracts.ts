import { PERMISSIONS } from '../permissions.ts';
import {
  dependentSearchPage,
  dependentSearchQuery,
  employeeCount,
  employeeSearchPage,
  employeeSearchQuery,
  organizationDependentSearchQuery,
  organizationEmployeeSearchQuery,
} from '../members.ts';
import { organizationIdParams } from '../organizations.ts';
import { defineContract } from './define-contract.ts';

const viewMembers = { allOf: [PERMISSIONS.viewMember] } as const;
const tags = ['members'];

const SSN_NOTE =
  'Searching by ssn needs portal-view-ssn as well (403 otherwise); it matches by a keyed hash and the SSN is never answered or logged.';

/** Portal service member searches and the count (spec 1 §5, §7). */
export const membersContracts = {
  searchEmployees: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/employees',
    query: employeeSearchQuery,
    answer: employeeSearchPage,
    access: viewMembers,
    tags,
    summary: 'Search employees across the organizations in scope',
    description: `The Members page's search (spec 1 §5): at least two fields unless a member ID, SSN, alternate ID, organization or group is given, 400 otherwise; confirmOneField (the agent desktop's one-field variant, spec 2 §5) does not lift the rule here. ${SSN_NOTE}`,
  }),
  countEmployees: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/employees/count',
    answer: employeeCount,
    access: viewMembers,
    tags,
    summary: 'How many employees the user may see',
  }),
  searchDependents: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/dependents',
    query: dependentSearchQuery,
    answer: dependentSearchPage,
    access: viewMembers,
    tags,
    summary: 'Search dependents across the organizations in scope',
    description: `The same two-field rule as the employee search. ${SSN_NOTE}`,
  }),
  searchOrganizationEmployees: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/organizations/:orgId/employees',
    params: organizationIdParams,
    query: organizationEmployeeSearchQuery,
    answer: employeeSearchPage,
    access: viewMembers,
    tags,
    summary: "Search one organization's employees",
    description: `404 when the organization is unknown or outside the user's scope. ${SSN_NOTE}`,
  }),
  searchOrganizationDependents: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/organizations/:orgId/dependents',
    params: organizationIdParams,
    query: organizationDependentSearchQuery,
    answer: dependentSearchPage,
    access: viewMembers,
    tags,
    summary: "Search one organization's dependents",
    description: `404 when the organization is unknown or outside the user's scope. ${SSN_NOTE}`,
  }),
};
