import { PERMISSIONS } from '../permissions.ts';
import {
  claimsHistoryPage,
  claimsHistoryQuery,
  claimsMemberParams,
  pbmLinksAnswer,
} from '../pharmacy-claims.ts';
import { defineContract } from './define-contract.ts';

/**
 * A member's pharmacy claims are read by member viewers (the portal's member page) and by agents
 * (the agent desktop's Claims History tab): either permission (decision 0098).
 */
const readClaims = { anyOf: [PERMISSIONS.viewMember, PERMISSIONS.agentViewMember] } as const;
const tags = ['claims'];
const EMPLOYEE = '/organizations/:orgId/employees/:employeeId';

/** A member's pharmacy claims history and PBM claim links (spec 2 §2 "Member detail", §9). */
export const claimsContracts = {
  history: defineContract({
    method: 'GET',
    service: 'portal',
    path: `${EMPLOYEE}/claims`,
    params: claimsMemberParams,
    query: claimsHistoryQuery,
    answer: claimsHistoryPage,
    access: readClaims,
    tags,
    summary: "The member's pharmacy claims, a page at a time",
    description:
      'Newest fill first unless sort says otherwise. dependentNo reads that dependent’s claims, ' +
      'without it the employee’s own. 404 when the member is unknown or outside the user’s ' +
      'organizations or groups.',
  }),
  pbmLinks: defineContract({
    method: 'GET',
    service: 'portal',
    path: `${EMPLOYEE}/pbm-links`,
    params: claimsMemberParams,
    answer: pbmLinksAnswer,
    access: readClaims,
    tags,
    summary: "Links to the claim systems of the member's PBMs, in the preferred order",
    description:
      'From the PBMs of the member’s organization; each names the browser it needs. Empty: no ' +
      'PBM coverage. 404 as for the claims.',
  }),
};
