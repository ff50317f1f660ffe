import { PERMISSIONS } from '../permissions.ts';
import { groupInfoParams, groupInformation, pbcDocument, pbcQuery } from '../plan-info.ts';
import { defineContract } from './define-contract.ts';

const tags = ['plans'];

/*
 * Plans service (spec 2 §7). Both calls are open to the agent (agentViewMember) and to the
 * portal's own readers of the same data: group information to whoever may view organizations,
 * the PBC to whoever may view members (docs/decisions/0100-group-info-pbc-aor.md).
 */
export const plansContracts = {
  groupInfo: defineContract({
    method: 'GET',
    service: 'plans',
    path: '/groupinfo/:orgId',
    params: groupInfoParams,
    answer: groupInformation,
    access: { anyOf: [PERMISSIONS.agentViewMember, PERMISSIONS.viewOrganizations] },
    tags,
    summary:
      "An organization's group information: contacts, materials, programs, plan notes and changes",
  }),
  pbc: defineContract({
    method: 'GET',
    service: 'plans',
    path: '/pbc',
    query: pbcQuery,
    answer: pbcDocument,
    answerKind: 'file',
    access: { anyOf: [PERMISSIONS.agentViewMember, PERMISSIONS.viewMember] },
    tags,
    summary: 'The plan benefit content (PBC) document of a member or an organization, as a PDF',
    description:
      'employeeNo (with dependentNo for a dependent) or orgId. 404 "PBC not available" when the ' +
      'organization has no plan benefit content in effect. The file name is in Content-Disposition.',
  }),
};
