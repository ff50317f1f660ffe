import { PERMISSIONS as P } from '../permissions.ts';
import { baseRole, baseRoleList, roleIdParams, roleListQuery, roleOptionList } from '../users.ts';
import { defineContract } from './define-contract.ts';

const viewRoles = { allOf: [P.viewRoles] } as const;

/** Authorization service roles (spec 2 §5, §7): the user forms' choices and the Roles page. */
export const rolesContracts = {
  options: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/roles',
    query: roleListQuery,
    answer: roleOptionList,
    access: { anyOf: [P.viewUsers, P.addUsers, P.editUsers, P.viewRoles] },
    tags: ['roles'],
    summary: 'Roles a user form offers, by user type (repeat type=…)',
  }),
  baseRoles: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/base-roles',
    answer: baseRoleList,
    access: viewRoles,
    tags: ['roles'],
    summary: 'Base roles with their users count and permission groups',
  }),
  baseRole: defineContract({
    method: 'GET',
    service: 'authorization',
    path: '/base-roles/:id',
    params: roleIdParams,
    answer: baseRole,
    access: viewRoles,
    tags: ['roles'],
    summary: 'One base role with its permission groups',
  }),
};
