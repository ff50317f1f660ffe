import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
  type EmployeeDetail,
} from '@pillar/domain';
import { principalOf, type AccessRule } from '../../platform/auth/access.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { recordRoute } from '../../platform/http/record-route.ts';
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

  /** A GET of one member (organizationNo, employeeNo from the path): 200 with `response`. */
  function memberRead<R extends z.ZodType>(
    url: string,
    route: { access: AccessRule; summary: string; description?: string; response: R },
    read: (
      deps: MemberRecordDeps,
      principal: Principal,
      organizationNo: number,
      employeeNo: number,
    ) => Promise<z.input<R>>,
  ): void {
    recordRoute(
      app,
      { method: 'GET', url, ...route, tags: TAGS, params: memberRecordParams },
      (principal, params) => read(deps, principal, params.orgId, params.employeeId),
    );
  }

  /** A write on one member that answers the member as GET does (200 employeeDetail). */
  function memberWrite<B extends z.ZodType>(
    method: 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    url: string,
    route: { access: AccessRule; summary: string; description: string; body?: B },
    write: (
      deps: MemberRecordDeps,
      principal: Principal,
      organizationNo: number,
      employeeNo: number,
      body: z.output<B>,
    ) => Promise<EmployeeDetail>,
  ): void {
    recordRoute(
      app,
      { method, url, ...route, tags: TAGS, params: memberRecordParams, response: employeeDetail },
      (principal, params, body) => write(deps, principal, params.orgId, params.employeeId, body),
    );
  }

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

  memberRead(
    EMPLOYEE,
    {
      access: viewMembers,
      summary: "An employee's record",
      description: `${SCOPE_NOTE} The SSN only masked; settings and allowed actions included.`,
      response: employeeDetail,
    },
    getEmployee,
  );

  memberWrite(
    'PUT',
    EMPLOYEE,
    {
      access: editMembers,
      summary: "Update an employee's details",
      description: `Fields left out stay unchanged, null clears. The person code changes only where allowPersonCodeEdit. One history row per changed field. ${WRITE_NOTE}`,
      body: employeeUpdateBody,
    },
    updateEmployee,
  );

  memberRead(
    `${EMPLOYEE}/ssn`,
    {
      access: viewSsn,
      summary: "Reveal an employee's SSN",
      description: `Each reveal is written to the audit log. ${SCOPE_NOTE}`,
      response: ssnAnswer,
    },
    revealEmployeeSsn,
  );

  memberRead(
    `${EMPLOYEE}/idHistory`,
    {
      access: viewMembers,
      summary: "An employee's earlier client IDs",
      response: clientIdHistoryList,
    },
    listClientIdHistory,
  );

  memberRead(
    `${EMPLOYEE}/division-history`,
    {
      access: viewMembers,
      summary: "An employee's divisions, by group",
      response: divisionHistoryList,
    },
    listDivisionHistory,
  );

  memberRead(
    `${EMPLOYEE}/benefit-package-history`,
    {
      access: viewMembers,
      summary: "An employee's benefit packages",
      response: benefitPackageHistoryList,
    },
    listBenefitPackageHistory,
  );

  memberRead(
    `${EMPLOYEE}/group-assignments`,
    {
      access: viewMembers,
      summary: "An employee's group assignments, newest first",
      response: groupAssignmentList,
    },
    listGroupAssignments,
  );

  memberWrite(
    'PUT',
    `${EMPLOYEE}/termination`,
    {
      access: editMembers,
      summary: 'Terminate an employee',
      description: `Not earlier than the effective date; active dependents end on the same date. ${WRITE_NOTE}`,
      body: terminationBody,
    },
    terminateEmployee,
  );

  memberWrite(
    'PATCH',
    `${EMPLOYEE}/termination`,
    {
      access: editMembers,
      summary: "Change a terminated employee's termination date",
      description: WRITE_NOTE,
      body: terminationBody,
    },
    changeEmployeeTermination,
  );

  memberWrite(
    'DELETE',
    `${EMPLOYEE}/termination`,
    {
      access: editMembers,
      summary: "Remove an employee's termination",
      description: `Refused (400) unless the member's group continues past the termination date (docs/decisions/0045). ${WRITE_NOTE}`,
    },
    removeEmployeeTermination,
  );

  memberWrite(
    'PATCH',
    `${EMPLOYEE}/reinstatement`,
    {
      access: editMembers,
      summary: 'Reinstate a terminated employee',
      description: `Into a non-terminated group, from a date not earlier than the effective date. ${WRITE_NOTE}`,
      body: reinstatementBody,
    },
    reinstateEmployee,
  );

  memberWrite(
    'PATCH',
    `${EMPLOYEE}/group`,
    {
      access: editMembers,
      summary: "Change an employee's group (and division)",
      description: `Refused for a terminated member; 400 with the spec's warning when neither group nor division changes. ${WRITE_NOTE}`,
      body: groupChangeBody,
    },
    changeEmployeeGroup,
  );

  memberWrite(
    'POST',
    `${EMPLOYEE}/divisions`,
    {
      access: editMembers,
      summary: 'Put an employee into a division of the current group',
      description: `An existing division by divisionId, or a new one (divisionId and divisionName). Organizations with divisions only. ${WRITE_NOTE}`,
      body: addDivisionBody,
    },
    addEmployeeDivision,
  );

  memberWrite(
    'PATCH',
    `${EMPLOYEE}/benefit-package`,
    {
      access: editMembers,
      summary: "Change an employee's benefit package",
      description: `Organizations with divisions only; an active package of the organization. ${WRITE_NOTE}`,
      body: benefitPackageChangeBody,
    },
    changeEmployeeBenefitPackage,
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
