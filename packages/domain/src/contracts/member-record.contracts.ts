import { MEMBER_READERS, PERMISSIONS } from '../permissions.ts';
import {
  addDivisionBody,
  benefitPackageChangeBody,
  benefitPackageHistoryList,
  clientIdHistoryList,
  divisionHistoryList,
  employeeCreateBody,
  employeeDetail,
  employeeUpdateBody,
  groupAssignmentList,
  groupChangeBody,
  memberChangeHistoryPage,
  memberChangeHistoryQuery,
  memberRecordParams,
  reinstatementBody,
  ssnAnswer,
  terminationBody,
} from '../member-record.ts';
import { organizationIdParams } from '../organizations.ts';
import { defineContract } from './define-contract.ts';

const viewMembers = { allOf: [PERMISSIONS.viewMember] } as const;
/** The reads the agent's member detail needs: member viewers or agents (decision 0097). */
const readMembers = { anyOf: MEMBER_READERS } as const;
const editMembers = { allOf: [PERMISSIONS.viewMember, PERMISSIONS.editMember] } as const;
const viewSsn = { allOf: [PERMISSIONS.viewMember, PERMISSIONS.viewSsn] } as const;

const EMPLOYEES = '/organizations/:orgId/employees';
const EMPLOYEE = `${EMPLOYEES}/:employeeId`;
const tags = ['members'];
const SCOPE_NOTE = "404 when the organization or member is unknown or outside the user's scope.";
const WRITE_NOTE = `${SCOPE_NOTE} Answers the member as GET does. 400 names the field (params).`;

/** A read of one member, named by the path's organization and employee. */
const memberRead = { method: 'GET', service: 'portal', params: memberRecordParams, tags } as const;
/** A write on one member that answers the member as GET does (200 employeeDetail). */
const memberWrite = {
  service: 'portal',
  params: memberRecordParams,
  answer: employeeDetail,
  access: editMembers,
  tags,
} as const;

/** An employee's record and its eligibility lifecycle (spec 1 §4, §7). */
export const memberRecordContracts = {
  create: defineContract({
    method: 'POST',
    service: 'portal',
    path: EMPLOYEES,
    params: organizationIdParams,
    body: employeeCreateBody,
    answer: employeeDetail,
    status: 201,
    access: editMembers,
    tags,
    summary: 'Create an employee',
    description:
      "Validated against the organization's settings (employeeCreateSchema): SSN required unless the organization generates it, address when required, client ID length; the client ID is padded or trimmed as the organization says. 201 with the member.",
  }),
  get: defineContract({
    ...memberRead,
    path: EMPLOYEE,
    answer: employeeDetail,
    access: readMembers,
    summary: "An employee's record",
    description: `${SCOPE_NOTE} The SSN only masked; settings and allowed actions included.`,
  }),
  update: defineContract({
    ...memberWrite,
    method: 'PUT',
    path: EMPLOYEE,
    body: employeeUpdateBody,
    summary: "Update an employee's details",
    description: `Fields left out stay unchanged, null clears. The person code changes only where allowPersonCodeEdit. One history row per changed field. ${WRITE_NOTE}`,
  }),
  revealSsn: defineContract({
    ...memberRead,
    path: `${EMPLOYEE}/ssn`,
    answer: ssnAnswer,
    access: viewSsn,
    summary: "Reveal an employee's SSN",
    description: `Each reveal is written to the audit log. ${SCOPE_NOTE}`,
  }),
  clientIdHistory: defineContract({
    ...memberRead,
    path: `${EMPLOYEE}/idHistory`,
    answer: clientIdHistoryList,
    access: viewMembers,
    summary: "An employee's earlier client IDs",
  }),
  divisionHistory: defineContract({
    ...memberRead,
    path: `${EMPLOYEE}/division-history`,
    answer: divisionHistoryList,
    access: readMembers,
    summary: "An employee's divisions, by group",
  }),
  benefitPackageHistory: defineContract({
    ...memberRead,
    path: `${EMPLOYEE}/benefit-package-history`,
    answer: benefitPackageHistoryList,
    access: readMembers,
    summary: "An employee's benefit packages",
  }),
  groupAssignments: defineContract({
    ...memberRead,
    path: `${EMPLOYEE}/group-assignments`,
    answer: groupAssignmentList,
    access: readMembers,
    summary: "An employee's group assignments, newest first",
  }),
  terminate: defineContract({
    ...memberWrite,
    method: 'PUT',
    path: `${EMPLOYEE}/termination`,
    body: terminationBody,
    summary: 'Terminate an employee',
    description: `Not earlier than the effective date; active dependents end on the same date. ${WRITE_NOTE}`,
  }),
  changeTermination: defineContract({
    ...memberWrite,
    method: 'PATCH',
    path: `${EMPLOYEE}/termination`,
    body: terminationBody,
    summary: "Change a terminated employee's termination date",
    description: WRITE_NOTE,
  }),
  removeTermination: defineContract({
    ...memberWrite,
    method: 'DELETE',
    path: `${EMPLOYEE}/termination`,
    summary: "Remove an employee's termination",
    description: `Refused (400) unless the member's group continues past the termination date (docs/decisions/0045). ${WRITE_NOTE}`,
  }),
  reinstate: defineContract({
    ...memberWrite,
    method: 'PATCH',
    path: `${EMPLOYEE}/reinstatement`,
    body: reinstatementBody,
    summary: 'Reinstate a terminated employee',
    description: `Into a non-terminated group, from a date not earlier than the effective date. ${WRITE_NOTE}`,
  }),
  changeGroup: defineContract({
    ...memberWrite,
    method: 'PATCH',
    path: `${EMPLOYEE}/group`,
    body: groupChangeBody,
    summary: "Change an employee's group (and division)",
    description: `Refused for a terminated member; 400 with the spec's warning when neither group nor division changes. ${WRITE_NOTE}`,
  }),
  addDivision: defineContract({
    ...memberWrite,
    method: 'POST',
    path: `${EMPLOYEE}/divisions`,
    body: addDivisionBody,
    summary: 'Put an employee into a division of the current group',
    description: `An existing division by divisionId, or a new one (divisionId and divisionName). Organizations with divisions only. ${WRITE_NOTE}`,
  }),
  changeBenefitPackage: defineContract({
    ...memberWrite,
    method: 'PATCH',
    path: `${EMPLOYEE}/benefit-package`,
    body: benefitPackageChangeBody,
    summary: "Change an employee's benefit package",
    description: `Organizations with divisions only; an active package of the organization. ${WRITE_NOTE}`,
  }),
  changeHistory: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/datanet/memberchangehistory',
    query: memberChangeHistoryQuery,
    answer: memberChangeHistoryPage,
    access: readMembers,
    tags,
    summary: 'Who changed what on a member or dependent, newest first',
    description:
      "employeeId alone: the employee's own rows; with dependentId: that dependent's rows. 404 when outside the user's scope.",
  }),
};
