import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PERMISSIONS,
  dependentSearchPage,
  dependentSearchQuery,
  employeeCount,
  employeeSearchPage,
  employeeSearchQuery,
  organizationDependentSearchQuery,
  organizationEmployeeSearchQuery,
  organizationIdParams,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import {
  countVisibleEmployees,
  findDependents,
  findEmployees,
  findOrganizationDependents,
  findOrganizationEmployees,
  type MembersDeps,
} from './members.service.ts';

const viewMembers = { allOf: [PERMISSIONS.viewMember] } as const;

const SSN_NOTE =
  'Searching by ssn needs portal-view-ssn as well (403 otherwise); it matches by a keyed hash and the SSN is never answered or logged.';

/** Members and dependents. Registered at the root: routes carry their full service paths. */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: MembersDeps = { db: app.ctx.db, ssn: createSsnProtector(app.ctx.secrets.ssnKey) };

  r.get(
    '/portal/v1/employees',
    {
      config: { access: viewMembers },
      schema: {
        summary: 'Search employees across the organizations in scope',
        description: `The Members page's search (spec 1 §5): at least two fields unless a member ID, SSN, alternate ID, organization or group is given, 400 otherwise; confirmOneField (the agent desktop's one-field variant, spec 2 §5) does not lift the rule here. ${SSN_NOTE}`,
        tags: ['members'],
        querystring: employeeSearchQuery,
        response: { 200: employeeSearchPage },
      },
    },
    async (request) => findEmployees(deps, principalOf(request), request.query),
  );

  r.get(
    '/portal/v1/employees/count',
    {
      config: { access: viewMembers },
      schema: {
        summary: 'How many employees the user may see',
        tags: ['members'],
        response: { 200: employeeCount },
      },
    },
    async (request) => countVisibleEmployees(deps, principalOf(request)),
  );

  r.get(
    '/portal/v1/dependents',
    {
      config: { access: viewMembers },
      schema: {
        summary: 'Search dependents across the organizations in scope',
        description: `The same two-field rule as the employee search. ${SSN_NOTE}`,
        tags: ['members'],
        querystring: dependentSearchQuery,
        response: { 200: dependentSearchPage },
      },
    },
    async (request) => findDependents(deps, principalOf(request), request.query),
  );

  r.get(
    '/portal/v1/organizations/:orgId/employees',
    {
      config: { access: viewMembers },
      schema: {
        summary: "Search one organization's employees",
        description: `404 when the organization is unknown or outside the user's scope. ${SSN_NOTE}`,
        tags: ['members'],
        params: organizationIdParams,
        querystring: organizationEmployeeSearchQuery,
        response: { 200: employeeSearchPage },
      },
    },
    async (request) =>
      findOrganizationEmployees(deps, principalOf(request), request.params.orgId, request.query),
  );

  r.get(
    '/portal/v1/organizations/:orgId/dependents',
    {
      config: { access: viewMembers },
      schema: {
        summary: "Search one organization's dependents",
        description: `404 when the organization is unknown or outside the user's scope. ${SSN_NOTE}`,
        tags: ['members'],
        params: organizationIdParams,
        querystring: organizationDependentSearchQuery,
        response: { 200: dependentSearchPage },
      },
    },
    async (request) =>
      findOrganizationDependents(deps, principalOf(request), request.params.orgId, request.query),
  );
}
