import { PERMISSIONS } from '../permissions.ts';
import { aorList, aorQuery } from '../plan-info.ts';
import { defineContract } from './define-contract.ts';

/*
 * Communication manager (spec 2 §7): the appointment of representative. Agents only
 * (agentViewMember): a representative's name and address are not part of the portal's member
 * record (docs/decisions/0100-group-info-pbc-aor.md).
 */
export const aorContracts = {
  aorSignature: defineContract({
    method: 'GET',
    service: 'commManager',
    path: '/aorSignature',
    query: aorQuery,
    answer: aorList,
    access: { allOf: [PERMISSIONS.agentViewMember] },
    tags: ['comm-manager'],
    summary: "A member's appointments of representative (AOR), newest signature first",
    description:
      'memberID, orgID and employeeNo are required (400 naming the missing one); dependentNo for a ' +
      "dependent. Each AOR expires one year after the member's signature (expirationDate).",
  }),
};
