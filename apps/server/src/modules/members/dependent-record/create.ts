import {
  DEPENDENT_MESSAGES,
  MEMBER_HISTORY_EVENTS,
  dependentCoverageFromMember,
  dependentCreateSchema,
  dependentSsnRequired,
  dependentStartError,
  type DependentDetail,
  type MemberRecordParams,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { insertScopedDependent, requireEmployee } from '../members.access.ts';
import { settingsOf } from '../../organizations/index.ts';
import { badRequestOf, parseOr400, todayOf } from '../record-support.ts';
import {
  type DependentRecordDeps,
  memberOf,
  refuseUnsupported,
  refuseWhenMemberTerminated,
  writeHistory,
} from './context.ts';
import { reload } from './read.ts';

/* POST .../dependents: a new dependent of a member in scope, checked against the organization's rules. */

export async function createDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: MemberRecordParams,
  body: unknown,
): Promise<DependentDetail> {
  const today = todayOf(deps);
  const dependentNo = await deps.db.transaction().execute(async (trx) => {
    const scopedEmployee = await requireEmployee(trx, principal, params.orgId, params.employeeId);
    const employee = scopedEmployee.row;
    const settings = settingsOf(employee);
    const input = parseOr400(dependentCreateSchema(settings), body);
    refuseUnsupported(input, settings);
    refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.addMemberTerminated);
    const startError = dependentStartError('effective', input.effectiveDate, memberOf(employee));
    if (startError) throw badRequestOf({ effectiveDate: startError });
    // Decision 0073: under a member whose termination lies ahead, the dependent ends with it.
    const coverage = dependentCoverageFromMember(memberOf(employee));

    let ssnEncrypted: Uint8Array | null = null;
    let ssnHash: Uint8Array | null = null;
    if (input.ssn) {
      ssnEncrypted = deps.ssn.encrypt(input.ssn);
      ssnHash = deps.ssn.searchHash(input.ssn);
    } else if (settings.defaultDependentSSN && employee.ssn_encrypted && employee.ssn_hash) {
      // Decision 0047: a defaulted dependent SSN is the member's own.
      ssnEncrypted = employee.ssn_encrypted;
      ssnHash = employee.ssn_hash;
    } else if (settings.defaultDependentSSN && settings.requireDependentSSN) {
      throw badRequestOf({ ssn: DEPENDENT_MESSAGES.noMemberSsnToDefault });
    } else if (dependentSsnRequired(settings)) {
      throw badRequestOf({ ssn: 'SSN is required' });
    }

    const cobSecondary = settings.useCOB && input.isCOBSecondary === true;
    const dependent = await insertScopedDependent(trx, scopedEmployee, {
      employee_no: employee.employee_no,
      organization_no: employee.organization_no,
      relationship: input.relationship,
      first_name: input.firstName,
      middle_initial: input.middleInitial?.toUpperCase() ?? null,
      last_name: input.lastName,
      birthdate: input.birthdate,
      gender: input.gender,
      ssn_encrypted: ssnEncrypted,
      ssn_hash: ssnHash,
      person_code: input.personCode ?? null,
      effective_date: input.effectiveDate,
      original_effective_date: input.effectiveDate,
      process_status: coverage.processStatus,
      expiration_date: coverage.expirationDate,
      address1: input.address1 ?? null,
      address2: input.address2 ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      zip: input.zip ?? null,
      is_cob_secondary: cobSecondary,
      cob_effective_date: settings.useCOB ? (input.cobSecondaryDate ?? null) : null,
      cob_termination_date: settings.useCOB ? (input.cobPrimaryDate ?? null) : null,
      client_defined_data: input.clientDefinedData ?? null,
      created_by: principal.userNo,
      updated_by: principal.userNo,
    });
    await writeHistory(trx, principal, dependent, MEMBER_HISTORY_EVENTS.create, []);
    return dependent.dependentNo;
  });
  return reload(deps, principal, { ...params, dependentId: dependentNo });
}
