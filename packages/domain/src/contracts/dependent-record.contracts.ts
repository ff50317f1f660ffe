import { MEMBER_READERS, PERMISSIONS } from '../permissions.ts';
import {
  alternateGroupOptions,
  dependentAlternateGroupBody,
  dependentCreateBody,
  dependentDetail,
  dependentRecordParams,
  dependentReinstatementBody,
  dependentSsnBody,
  dependentUpdateBody,
} from '../dependent-record.ts';
import { memberRecordParams, ssnAnswer, terminationBody } from '../member-record.ts';
import { defineContract } from './define-contract.ts';

const view = { allOf: [PERMISSIONS.viewMember] } as const;
/** The dependent as the agent's member detail reads it: member viewers or agents (decision 0097). */
const read = { anyOf: MEMBER_READERS } as const;
const edit = { allOf: [PERMISSIONS.editMember] } as const;
const viewSsn = { allOf: [PERMISSIONS.viewMember, PERMISSIONS.viewSsn] } as const;
const editSsn = { allOf: [PERMISSIONS.editMember, PERMISSIONS.viewSsn] } as const;

const BASE = '/organizations/:orgId/employees/:employeeId/dependents';
const ONE = `${BASE}/:dependentId`;
const SCOPE_NOTE =
  "404 when the organization, member or dependent is unknown, outside the user's organizations or groups, or the dependent is not the member's.";
const tags = ['dependents'];

/** A read of one dependent, named by the path's organization, member and dependent. */
const dependentRead = {
  method: 'GET',
  service: 'portal',
  params: dependentRecordParams,
  tags,
} as const;
/** A write on one dependent that answers the dependent as GET does (200 dependentDetail). */
const dependentWrite = {
  service: 'portal',
  params: dependentRecordParams,
  answer: dependentDetail,
  tags,
} as const;

/** A dependent's record and lifecycle (spec 1 §4, §7). */
export const dependentRecordContracts = {
  create: defineContract({
    method: 'POST',
    service: 'portal',
    path: BASE,
    params: memberRecordParams,
    body: dependentCreateBody,
    answer: dependentDetail,
    status: 201,
    access: edit,
    tags,
    summary: 'Add a dependent to a member',
    description: `Checked against the organization's settings: the SSN (9 digits, no dashes) is required when the organization requires dependent SSNs and does not default them; with defaultDependentSSN an SSN left out is the member's. Address fields only where the organization supports a dependent's own address, COB only with useCOB, client defined data only where supported (400 naming the field otherwise). Refused for a terminated member. ${SCOPE_NOTE}`,
  }),
  get: defineContract({
    ...dependentRead,
    path: ONE,
    answer: dependentDetail,
    access: read,
    summary: 'One dependent',
    description: `The SSN only masked. When the dependent's group lies outside the user's groups, groupVisible is false and the group is not answered. ${SCOPE_NOTE}`,
  }),
  update: defineContract({
    ...dependentWrite,
    method: 'PUT',
    path: ONE,
    body: dependentUpdateBody,
    access: edit,
    summary: "Edit a dependent's details",
    description: `The same rules as the create, checked against the organization's settings; fields left out are unchanged. Refused while the member is terminated. ${SCOPE_NOTE}`,
  }),
  revealSsn: defineContract({
    ...dependentRead,
    path: `${ONE}/ssn`,
    answer: ssnAnswer,
    access: viewSsn,
    summary: "Reveal a dependent's SSN",
    description: `Each call is written to the audit log. ${SCOPE_NOTE}`,
  }),
  updateSsn: defineContract({
    ...dependentWrite,
    method: 'PUT',
    path: `${ONE}/ssn`,
    body: dependentSsnBody,
    access: editSsn,
    summary: "Change a dependent's SSN",
    description: `999-99-9999; null removes it (not where the organization requires dependent SSNs). ${SCOPE_NOTE}`,
  }),
  terminate: defineContract({
    ...dependentWrite,
    method: 'PUT',
    path: `${ONE}/termination`,
    body: terminationBody,
    access: edit,
    summary: 'Terminate a dependent',
    description: `The termination date may not be earlier than the effective date (400). 409 when already terminated; 400 while the member is terminated. ${SCOPE_NOTE}`,
  }),
  removeTermination: defineContract({
    ...dependentWrite,
    method: 'DELETE',
    path: `${ONE}/termination`,
    access: edit,
    summary: "Remove a dependent's termination",
    description: `Only while the member is active (400 otherwise); 409 when the dependent is not terminated. ${SCOPE_NOTE}`,
  }),
  reinstate: defineContract({
    ...dependentWrite,
    method: 'PATCH',
    path: `${ONE}/reinstatement`,
    body: dependentReinstatementBody,
    access: edit,
    summary: 'Reinstate a dependent',
    description: `The reinstatement date may not be earlier than the effective date and becomes the new effective date. 400 'Dependent cannot be reinstated because the member is terminated.' for a terminated member; 409 when the dependent is not terminated. ${SCOPE_NOTE}`,
  }),
  alternateGroupOptions: defineContract({
    ...dependentRead,
    path: `${ONE}/alternate-group-options`,
    answer: alternateGroupOptions,
    access: view,
    summary: "The groups a dependent's alternate group may be",
    description: `The organization's groups inside the user's groups, the current one flagged (current: listed, not a choice). 400 when the organization does not support dependent alternate groups. ${SCOPE_NOTE}`,
  }),
  changeAlternateGroup: defineContract({
    ...dependentWrite,
    method: 'PATCH',
    path: `${ONE}/alternate-group`,
    body: dependentAlternateGroupBody,
    access: edit,
    summary: "Change a dependent's group",
    description: `benefitGroupID is the group's number (benefitGroupNo); choosing the member's own group ends the alternate group. 400 for the current group, a terminated or unknown group, a change date before the effective date, a terminated dependent or member, or an organization without alternate groups. ${SCOPE_NOTE}`,
  }),
};
