import { PERMISSIONS } from '../permissions.ts';
import {
  organizationDetail,
  organizationIdParams,
  organizationPage,
  organizationSearchQuery,
} from '../organizations.ts';
import { defineContract } from './define-contract.ts';

const viewOrganizations = { allOf: [PERMISSIONS.viewOrganizations] } as const;

/** Portal service organizations (spec 1 §7). */
export const organizationsContracts = {
  search: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/organizations',
    query: organizationSearchQuery,
    answer: organizationPage,
    access: viewOrganizations,
    tags: ['organizations'],
    summary: 'Search organizations',
  }),
  get: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/organizations/:orgId',
    params: organizationIdParams,
    answer: organizationDetail,
    access: viewOrganizations,
    tags: ['organizations'],
    summary: 'One organization: header, contacts and the flags that drive member forms',
  }),
};
