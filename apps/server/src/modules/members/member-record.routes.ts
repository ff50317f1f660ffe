import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PERMISSIONS,
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
  organizationIdParams,
  reinstatementBody,
  ssnAnswer,
  terminationBody,
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import {
  addEmployeeDivision,
  changeEmployeeBenefitPackage,
  changeEmployeeGroup,
  changeEmployeeTermination,
  createEmployee,
  getEmployee,
  listBenefitPackageHistory,
  listClientIdHistory,
  listDivisionHistory,
  listGroupAssignments,
  listMemberChangeHistory,
  reinstateEmployee,
  removeEmployeeTermination,
  revealEmployeeSsn,
  terminateEmployee,
  updateEmployee,
  type MemberRecordDeps,
} from './member-record.service.ts';

/** An employee's record and its eligibility lifecycle (spec 1 §4, §7). */

const viewMembers = { allOf: [PERMISSIONS.viewMember] } as const;
const editMembers = { allOf: [PERMISSIONS.viewMember, PERMISSIONS.editMember] } as const;
const viewSsn = { allOf: [PERMISSIONS.viewMember, PERMISSIONS.viewSsn] } as const;

const EMPLOYEES = '/portal/v1/organizations/:orgId/employees';
const EMPLOYEE = `${EMPLOYEES}/:employeeId`;
const TAGS = ['members'];
const SCOPE_NOTE = "404 when the organization or member is unknown or outside the user's scope.";
const WRITE_NOTE = `${SCOPE_NOTE} Answers the member as GET does. 400 names the field (params).`;

export async function memberRecordRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: MemberRecordDeps = {
    db: app.ctx.db,
    ssn: createSsnProtector(app.ctx.secrets.ssnKey),
  };

  r.post(
    EMPLOYEES,
    {
      config: { access: editMembers },
      schema: {
        summary: 'Create an employee',
        description:
          "Validated against the organization's settings (employeeCreateSchema): SSN required unless the organization generates it, address when required, client ID length; the client ID is padded or trimmed as the organization says. 201 with the member.",
        tags: TAGS,
        params: organizationIdParams,
        body: employeeCreateBody,
        response: { 201: employeeDetail },
      },
    },
    async (request, reply) => {
      const detail = await createEmployee(
        deps,
        principalOf(request),
        request.params.orgId,
        request.body,
      );
      return reply.code(201).send(detail);
    },
  );

  r.get(
    EMPLOYEE,
    {
      config: { access: viewMembers },
      schema: {
        summary: "An employee's record",
        description: `${SCOPE_NOTE} The SSN only masked; settings and allowed actions included.`,
        tags: TAGS,
        params: memberRecordParams,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      getEmployee(deps, principalOf(request), request.params.orgId, request.params.employeeId),
  );

  r.put(
    EMPLOYEE,
    {
      config: { access: editMembers },
      schema: {
        summary: "Update an employee's details",
        description: `Fields left out stay unchanged, null clears. The person code changes only where allowPersonCodeEdit. One history row per changed field. ${WRITE_NOTE}`,
        tags: TAGS,
        params: memberRecordParams,
        body: employeeUpdateBody,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      updateEmployee(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
        request.body,
      ),
  );

  r.get(
    `${EMPLOYEE}/ssn`,
    {
      config: { access: viewSsn },
      schema: {
        summary: "Reveal an employee's SSN",
        description: `Each reveal is written to the audit log. ${SCOPE_NOTE}`,
        tags: TAGS,
        params: memberRecordParams,
        response: { 200: ssnAnswer },
      },
    },
    async (request) =>
      revealEmployeeSsn(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
      ),
  );

  r.get(
    `${EMPLOYEE}/idHistory`,
    {
      config: { access: viewMembers },
      schema: {
        summary: "An employee's earlier client IDs",
        tags: TAGS,
        params: memberRecordParams,
        response: { 200: clientIdHistoryList },
      },
    },
    async (request) =>
      listClientIdHistory(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
      ),
  );

  r.get(
    `${EMPLOYEE}/division-history`,
    {
      config: { access: viewMembers },
      schema: {
        summary: "An employee's divisions, by group",
        tags: TAGS,
        params: memberRecordParams,
        response: { 200: divisionHistoryList },
      },
    },
    async (request) =>
      listDivisionHistory(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
      ),
  );

  r.get(
    `${EMPLOYEE}/benefit-package-history`,
    {
      config: { access: viewMembers },
      schema: {
        summary: "An employee's benefit packages",
        tags: TAGS,
        params: memberRecordParams,
        response: { 200: benefitPackageHistoryList },
      },
    },
    async (request) =>
      listBenefitPackageHistory(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
      ),
  );

  r.get(
    `${EMPLOYEE}/group-assignments`,
    {
      config: { access: viewMembers },
      schema: {
        summary: "An employee's group assignments, newest first",
        tags: TAGS,
        params: memberRecordParams,
        response: { 200: groupAssignmentList },
      },
    },
    async (request) =>
      listGroupAssignments(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
      ),
  );

  r.put(
    `${EMPLOYEE}/termination`,
    {
      config: { access: editMembers },
      schema: {
        summary: 'Terminate an employee',
        description: `Not earlier than the effective date; active dependents end on the same date. ${WRITE_NOTE}`,
        tags: TAGS,
        params: memberRecordParams,
        body: terminationBody,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      terminateEmployee(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
        request.body,
      ),
  );

  r.patch(
    `${EMPLOYEE}/termination`,
    {
      config: { access: editMembers },
      schema: {
        summary: "Change a terminated employee's termination date",
        tags: TAGS,
        description: WRITE_NOTE,
        params: memberRecordParams,
        body: terminationBody,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      changeEmployeeTermination(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
        request.body,
      ),
  );

  r.delete(
    `${EMPLOYEE}/termination`,
    {
      config: { access: editMembers },
      schema: {
        summary: "Remove an employee's termination",
        description: `Refused (400) unless the member's group continues past the termination date (docs/decisions/0045). ${WRITE_NOTE}`,
        tags: TAGS,
        params: memberRecordParams,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      removeEmployeeTermination(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
      ),
  );

  r.patch(
    `${EMPLOYEE}/reinstatement`,
    {
      config: { access: editMembers },
      schema: {
        summary: 'Reinstate a terminated employee',
        description: `Into a non-terminated group, from a date not earlier than the effective date. ${WRITE_NOTE}`,
        tags: TAGS,
        params: memberRecordParams,
        body: reinstatementBody,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      reinstateEmployee(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
        request.body,
      ),
  );

  r.patch(
    `${EMPLOYEE}/group`,
    {
      config: { access: editMembers },
      schema: {
        summary: "Change an employee's group (and division)",
        description: `Refused for a terminated member; 400 with the spec's warning when neither group nor division changes. ${WRITE_NOTE}`,
        tags: TAGS,
        params: memberRecordParams,
        body: groupChangeBody,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      changeEmployeeGroup(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
        request.body,
      ),
  );

  r.post(
    `${EMPLOYEE}/divisions`,
    {
      config: { access: editMembers },
      schema: {
        summary: 'Put an employee into a division of the current group',
        description: `An existing division by divisionId, or a new one (divisionId and divisionName). Organizations with divisions only. ${WRITE_NOTE}`,
        tags: TAGS,
        params: memberRecordParams,
        body: addDivisionBody,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      addEmployeeDivision(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
        request.body,
      ),
  );

  r.patch(
    `${EMPLOYEE}/benefit-package`,
    {
      config: { access: editMembers },
      schema: {
        summary: "Change an employee's benefit package",
        description: `Organizations with divisions only; an active package of the organization. ${WRITE_NOTE}`,
        tags: TAGS,
        params: memberRecordParams,
        body: benefitPackageChangeBody,
        response: { 200: employeeDetail },
      },
    },
    async (request) =>
      changeEmployeeBenefitPackage(
        deps,
        principalOf(request),
        request.params.orgId,
        request.params.employeeId,
        request.body,
      ),
  );

  r.get(
    '/portal/v1/datanet/memberchangehistory',
    {
      config: { access: viewMembers },
      schema: {
        summary: 'Who changed what on a member or dependent, newest first',
        description:
          "employeeId alone: the employee's own rows; with dependentId: that dependent's rows. 404 when outside the user's scope.",
        tags: TAGS,
        querystring: memberChangeHistoryQuery,
        response: { 200: memberChangeHistoryPage },
      },
    },
    async (request) => listMemberChangeHistory(deps, principalOf(request), request.query),
  );
}
