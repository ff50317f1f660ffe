import {
  communicationPrefAnswer,
  communicationPrefQuery,
  confidentialityBody,
  confidentialityDetails,
  confidentialityQuery,
  updateCommsPrefBody,
} from '../communication-preferences.ts';
import { PERMISSIONS as P } from '../permissions.ts';
import { defineContract } from './define-contract.ts';

const viewMember = { allOf: [P.agentViewMember] } as const;
const managePreferences = { allOf: [P.agentManagePreferences] } as const;

/**
 * Members hub (spec 2 §7): a member's communication and confidentiality preferences, kept in
 * our database by the built-in hub (decision 0099). The agent is the updater, never the body.
 */
export const membersHubContracts = {
  getConfidentiality: defineContract({
    method: 'GET',
    service: 'membersHub',
    path: '/member/confidentiality',
    query: confidentialityQuery,
    answer: confidentialityDetails,
    access: viewMember,
    tags: ['members-hub'],
    summary: "A dependent's confidentiality preference",
  }),
  setConfidentiality: defineContract({
    method: 'POST',
    service: 'membersHub',
    path: '/member/confidentiality',
    body: confidentialityBody,
    answer: confidentialityDetails,
    access: managePreferences,
    tags: ['members-hub'],
    summary: "Set a dependent's confidentiality preference (Confidential or NonConfidential)",
  }),
  getCommunicationPref: defineContract({
    method: 'POST',
    service: 'membersHub',
    path: '/member/GetCommunicationPref',
    body: communicationPrefQuery,
    answer: communicationPrefAnswer,
    access: viewMember,
    tags: ['members-hub'],
    summary: "A member's or dependent's communication details and opt-ins (null when none)",
  }),
  updateCommsPref: defineContract({
    method: 'POST',
    service: 'membersHub',
    path: '/member/UpdateCommsPref',
    body: updateCommsPrefBody,
    answer: communicationPrefAnswer.unwrap(),
    access: managePreferences,
    tags: ['members-hub'],
    summary:
      "Update a member's or dependent's phone, e-mail and opt-ins (and a dependent's confidentiality), by the rules of spec 2 §5",
  }),
};
