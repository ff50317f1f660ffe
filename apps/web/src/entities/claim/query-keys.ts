import type { ClaimsSearch } from './api/claims-history.ts';

/**
 * Every query key of a member's pharmacy claims, from one root, so a refresh invalidates by
 * prefix: `member(orgId, employeeNo)` covers the member's claim pages (each dependent's too) and
 * their PBM links.
 */
export const claimKeys = {
  all: ['claim'] as const,
  member: (orgId: number, employeeNo: number) =>
    [...claimKeys.all, 'member', orgId, employeeNo] as const,
  history: (orgId: number, employeeNo: number, query: ClaimsSearch) =>
    [...claimKeys.member(orgId, employeeNo), 'history', query] as const,
  pbmLinks: (orgId: number, employeeNo: number) =>
    [...claimKeys.member(orgId, employeeNo), 'pbm-links'] as const,
};
