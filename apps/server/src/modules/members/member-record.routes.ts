import type { FastifyInstance } from 'fastify';
import { memberReadAuditContracts, memberRecordContracts as contracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
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
import { listMemberReads } from './member-read-audit.ts';

/**
 * An employee's record and its eligibility lifecycle (spec 1 §4, §7); paths, schemas and rules
 * are the contracts'. Registration order is the OpenAPI document's order.
 */
export async function memberRecordRoutes(app: FastifyInstance): Promise<void> {
  const deps: MemberRecordDeps = {
    db: app.ctx.db,
    ssn: createSsnProtector(app.ctx.secrets.ssnKey),
  };

  registerRoute(app, contracts.create, async ({ request, params, body }) =>
    createEmployee(deps, principalOf(request), params.orgId, body),
  );

  registerRoute(app, contracts.get, async ({ request, params }) =>
    getEmployee(deps, principalOf(request), params.orgId, params.employeeId),
  );

  registerRoute(app, contracts.update, async ({ request, params, body }) =>
    updateEmployee(deps, principalOf(request), params.orgId, params.employeeId, body),
  );

  registerRoute(app, contracts.revealSsn, async ({ request, params }) =>
    revealEmployeeSsn(deps, principalOf(request), params.orgId, params.employeeId),
  );

  registerRoute(app, contracts.clientIdHistory, async ({ request, params }) =>
    listClientIdHistory(deps, principalOf(request), params.orgId, params.employeeId),
  );

  registerRoute(app, contracts.divisionHistory, async ({ request, params }) =>
    listDivisionHistory(deps, principalOf(request), params.orgId, params.employeeId),
  );

  registerRoute(app, contracts.benefitPackageHistory, async ({ request, params }) =>
    listBenefitPackageHistory(deps, principalOf(request), params.orgId, params.employeeId),
  );

  registerRoute(app, contracts.groupAssignments, async ({ request, params }) =>
    listGroupAssignments(deps, principalOf(request), params.orgId, params.employeeId),
  );

  registerRoute(app, contracts.terminate, async ({ request, params, body }) =>
    terminateEmployee(deps, principalOf(request), params.orgId, params.employeeId, body),
  );

  registerRoute(app, contracts.changeTermination, async ({ request, params, body }) =>
    changeEmployeeTermination(deps, principalOf(request), params.orgId, params.employeeId, body),
  );

  registerRoute(app, contracts.removeTermination, async ({ request, params }) =>
    removeEmployeeTermination(deps, principalOf(request), params.orgId, params.employeeId),
  );

  registerRoute(app, contracts.reinstate, async ({ request, params, body }) =>
    reinstateEmployee(deps, principalOf(request), params.orgId, params.employeeId, body),
  );

  registerRoute(app, contracts.changeGroup, async ({ request, params, body }) =>
    changeEmployeeGroup(deps, principalOf(request), params.orgId, params.employeeId, body),
  );

  registerRoute(app, contracts.addDivision, async ({ request, params, body }) =>
    addEmployeeDivision(deps, principalOf(request), params.orgId, params.employeeId, body),
  );

  registerRoute(app, contracts.changeBenefitPackage, async ({ request, params, body }) =>
    changeEmployeeBenefitPackage(deps, principalOf(request), params.orgId, params.employeeId, body),
  );

  registerRoute(app, contracts.changeHistory, async ({ request, query }) =>
    listMemberChangeHistory(deps, principalOf(request), query),
  );

  registerRoute(app, memberReadAuditContracts.list, async ({ request, params, query }) =>
    listMemberReads(app.ctx.db, principalOf(request), params.orgId, params.employeeId, query),
  );
}
