import { PERMISSIONS as P } from '../permissions.ts';
import {
  organizationOptionPage,
  userAccess,
  userBenefitGroups,
  userCreateInput,
  userDetail,
  userHistoryPage,
  userHistoryQuery,
  userIdParams,
  userOrganizationParams,
  userOrganizationsQuery,
  userPage,
  userSearchQuery,
  userUpdateInput,
  userWriteResult,
} from '../users.ts';
import { defineContract } from './define-contract.ts';

const viewUsers = { allOf: [P.viewUsers] } as const;
/** The user forms' pickers: whoever may open a user form. */
const userForms = { anyOf: [P.viewUsers, P.addUsers, P.editUsers] } as const;
const tags = ['users'];

/** Authorization service users (spec 2 §7): the list, one user, their access and history. */
export const usersContracts = {
  search: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/users',
    query: userSearchQuery,
    answer: userPage,
    access: viewUsers,
    tags,
    summary: 'Search users (name, username, active; paged and sorted)',
  }),
  create: defineContract({
    method: 'POST',
    service: 'authorization',
    path: '/users',
    body: userCreateInput,
    answer: userWriteResult,
    status: 201,
    access: { allOf: [P.addUsers] },
    tags,
    summary: 'Create a user',
    description:
      'Client and broker creators create users of their own type only, inside their own organizations; nobody grants a role, organization or group they do not hold.',
  }),
  get: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/users/:id',
    params: userIdParams,
    answer: userDetail,
    access: viewUsers,
    tags,
    summary: 'One user with roles and organization access',
  }),
  update: defineContract({
    method: 'PUT',
    service: 'authorization',
    path: '/users/:id',
    params: userIdParams,
    body: userUpdateInput,
    answer: userWriteResult,
    access: { allOf: [P.editUsers] },
    tags,
    summary: 'Update a user (email is read-only)',
  }),
  access: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/users/:id/access',
    params: userIdParams,
    answer: userAccess,
    access: viewUsers,
    tags,
    summary: "A user's rxbAdmin flag, roles and organizations",
  }),
  organizations: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/users/:id/organizations',
    params: userIdParams,
    query: userOrganizationsQuery,
    answer: organizationOptionPage,
    access: userForms,
    tags,
    summary: 'Organizations the user holds, within the caller’s own',
    description:
      'Called with the caller’s own id, it lists what the caller may grant; activeOnly=true keeps the organizations open to client and broker users.',
  }),
  benefitGroups: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/users/:id/organization/:orgId/benefitgroups',
    params: userOrganizationParams,
    answer: userBenefitGroups,
    access: userForms,
    tags,
    summary: 'Benefit groups of an organization the user holds',
  }),
  history: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/users/:id/history',
    params: userIdParams,
    query: userHistoryQuery,
    answer: userHistoryPage,
    access: viewUsers,
    tags,
    summary: 'Changes to a user: who, when, field, old and new value',
  }),
};
