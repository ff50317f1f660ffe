import { PERMISSIONS } from '../permissions.ts';
import {
  memberReadAuditPage,
  memberReadAuditParams,
  memberReadAuditQuery,
} from '../member-detail.ts';
import { defineContract } from './define-contract.ts';

/**
 * Who read a member's health data (issue 12 read-access audit, decision 0097): the rows written
 * when a member's detail, a prior-authorization case or the claims history was opened. A
 * compliance question, so super admins only; a screen comes later.
 */
export const memberReadAuditContracts = {
  list: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/organizations/:orgId/employees/:employeeId/read-audit',
    params: memberReadAuditParams,
    query: memberReadAuditQuery,
    answer: memberReadAuditPage,
    access: { allOf: [PERMISSIONS.viewMember], userTypes: ['i'], rxbAdmin: true },
    tags: ['members'],
    summary: "Who read a member's detail, prior authorizations and claims, newest first",
    description:
      "One row per read (who, when, what, the dependent if one was read); the member's own and their dependents' reads. Super admins only (403 otherwise); 404 when the organization or member is unknown. Paged: limit, offset, sort=at:asc|desc.",
  }),
};
