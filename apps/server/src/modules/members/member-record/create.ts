import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  PROCESS_STATUS,
  applyClientIdRules,
  employeeCreateSchema,
  type EmployeeDetail,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { isIssuableSsn } from '../../../platform/crypto/ssn.ts';
import type { DB } from '../../../database.ts';
import { badRequest, notFound } from '../../../platform/http/problem.ts';
import { writeMemberHistory } from '../member-history.ts';
import { generatedIdFor } from '../member-ids.ts';
import {
  clientIdTaken,
  findBenefitPackage,
  findDivision,
  nextEmployeeNo,
  ssnHashTaken,
  insertBenefitPackageHistory,
  insertGroupAssignment,
} from '../member-record.repo.ts';
import { findOrganizationForMembers } from '../../organizations/index.ts';
import { insertScopedEmployee } from '../members.access.ts';
import { parseOr400, todayOf } from '../record-support.ts';
import {
  type MemberRecordDeps,
  type Tx,
  fieldError,
  requireEdit,
  selectableGroup,
  settingsRefusals,
  addDivisionHistory,
} from './context.ts';
import { getEmployee } from './read.ts';
import { saveIncentivePrograms } from './incentive-programs.ts';

/* POST .../employees: a new member of the organization (spec 1 §3). */

/** An SSN for an organization that generates them: random, issuable, used by no one else. */
async function generateSsn(deps: MemberRecordDeps, db: Kysely<DB> | Tx): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const digits = String(crypto.randomInt(1_000_000_00, 900_000_000)).padStart(9, '0');
    if (!isIssuableSsn(digits)) continue;
    if (!(await ssnHashTaken(db, deps.ssn.searchHash(digits)))) return digits;
  }
  throw new Error('could not generate an unused SSN');
}

export async function createEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  rawBody: unknown,
): Promise<EmployeeDetail> {
  requireEdit(principal);
  const today = todayOf(deps);
  const org = await findOrganizationForMembers(deps.db, principal, organizationNo);
  if (!org) throw notFound('Organization');
  if (
    org.processStatus === PROCESS_STATUS.terminated &&
    (!org.expirationDate || org.expirationDate <= today)
  ) {
    throw badRequest(MEMBER_RECORD_MESSAGES.organizationTerminated);
  }
  const body = parseOr400(employeeCreateSchema(org.settings), rawBody);
  settingsRefusals(org.settings, body);
  const group = await selectableGroup(
    deps.db,
    principal,
    organizationNo,
    body.benefitGroupId,
    today,
    MEMBER_RECORD_MESSAGES.groupChangeTerminatedGroup,
  );
  const division = body.divisionNo
    ? await findDivision(deps.db, group.benefit_group_no, body.divisionNo)
    : undefined;
  if (body.divisionNo && !division)
    fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionNotInGroup);
  const benefitPackage = body.benefitPackageId
    ? await findBenefitPackage(deps.db, organizationNo, body.benefitPackageId)
    : undefined;
  if (body.benefitPackageId && (!benefitPackage || benefitPackage.process_status !== 1)) {
    fieldError('benefitPackageId', MEMBER_RECORD_MESSAGES.benefitPackageTerminated);
  }
  const clientId = applyClientIdRules(body.clientId, org.settings);
  if (clientId && (await clientIdTaken(deps.db, organizationNo, clientId, null))) {
    fieldError('clientId', MEMBER_RECORD_MESSAGES.clientIdTaken);
  }
  const ssnDigits = body.ssn
    ? body.ssn
    : org.settings.generateEmployeeSSN
      ? await generateSsn(deps, deps.db)
      : null;
  const cobOn = org.settings.useCOB;

  const employeeNo = await deps.db.transaction().execute(async (trx) => {
    const employeeNo = await nextEmployeeNo(trx);
    const employee = await insertScopedEmployee(trx, {
      employee_no: employeeNo,
      organization_no: organizationNo,
      benefit_group_no: group.benefit_group_no,
      group_effective_date: body.effectiveDate,
      group_assignment_date: today,
      first_name: body.firstName,
      middle_initial: body.middleInitial?.toUpperCase() ?? null,
      last_name: body.lastName,
      birthdate: body.birthdate,
      gender: body.gender,
      address1: body.address1 ?? null,
      address2: body.address2 ?? null,
      city: body.city ?? null,
      state: body.state ?? null,
      zip: body.zip ?? null,
      phone: body.phone ?? null,
      email: body.email ?? null,
      ssn_encrypted: ssnDigits ? deps.ssn.encrypt(ssnDigits) : null,
      ssn_hash: ssnDigits ? deps.ssn.searchHash(ssnDigits) : null,
      person_code: body.personCode ?? null,
      client_id: clientId,
      generated_id: generatedIdFor(employeeNo),
      alternate_id: null,
      effective_date: body.effectiveDate,
      original_effective_date: body.effectiveDate,
      expiration_date: null,
      process_status: PROCESS_STATUS.active,
      division_no: division?.division_no ?? null,
      division_effective_date: division ? body.effectiveDate : null,
      benefit_package_no: benefitPackage?.benefit_package_no ?? null,
      benefit_package_effective_date: benefitPackage ? body.effectiveDate : null,
      benefit_package_assignment_date: benefitPackage ? today : null,
      is_cob_secondary: cobOn ? body.isCOBSecondary === true : false,
      cob_effective_date: cobOn ? (body.cobSecondaryDate ?? null) : null,
      cob_termination_date: cobOn ? (body.cobPrimaryDate ?? null) : null,
      client_defined_data: body.clientDefinedData ?? null,
      med_d_subsidy_effective_date: null,
      hic_number: null,
      created_by: principal.userNo,
      updated_by: principal.userNo,
    });
    await insertGroupAssignment(trx, {
      employee,
      benefitGroupNo: group.benefit_group_no,
      effectiveDate: body.effectiveDate,
      assignmentDate: today,
      userNo: principal.userNo,
    });
    if (division) {
      await addDivisionHistory(trx, principal, employee, {
        benefit_group_no: group.benefit_group_no,
        division_no: division.division_no,
        effective_date: body.effectiveDate,
        assignment_date: today,
      });
    }
    if (benefitPackage) {
      await insertBenefitPackageHistory(trx, {
        employee,
        benefitPackageNo: benefitPackage.benefit_package_no,
        effectiveDate: body.effectiveDate,
        assignmentDate: today,
        userNo: principal.userNo,
      });
    }
    await saveIncentivePrograms(
      trx,
      principal,
      group.benefit_group_no,
      employee,
      body.incentivePrograms,
    );
    await writeMemberHistory(trx, {
      changedBy: principal.userNo,
      target: employee,
      event: MEMBER_HISTORY_EVENTS.create,
      always: true,
    });
    return employeeNo;
  });
  return getEmployee(deps, principal, organizationNo, employeeNo);
}
