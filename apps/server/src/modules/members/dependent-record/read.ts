import {
  DEPENDENT_MESSAGES,
  PERMISSIONS,
  ageInYears,
  dependentActions,
  dependentEffectivePeriod,
  dependentMemberTerminated,
  formatDate,
  formatMemberName,
  isActiveRecord,
  memberStatusKey,
  relationshipLabel,
  statusLabel,
  type AlternateGroupOptions,
  type DependentDetail,
  type DependentRecordParams,
  type SsnAnswer,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { formatSsn } from '../../../platform/crypto/ssn.ts';
import { badRequest } from '../../../platform/http/problem.ts';
import { listScopedGroups, type DependentRow, type EmployeeRef } from '../dependent-record.repo.ts';
import { settingsOf } from '../../organizations/index.ts';
import { todayOf } from '../record-support.ts';
import { auditSsnReveal } from '../ssn-reveal-limit.ts';
import { recordMemberRead } from '../member-read-audit.ts';
import { type DependentRecordDeps, memberOf, requireRecord } from './context.ts';

/* Reads of a dependent's record: the detail, the SSN on demand, the alternate group options. */

export function toDetail(
  principal: Principal,
  employee: EmployeeRef,
  d: DependentRow,
  today: string,
): DependentDetail {
  const settings = settingsOf(employee);
  const memberTerminated = dependentMemberTerminated(memberOf(employee), today);
  return {
    dependentNo: d.dependent_no,
    employeeNo: d.employee_no,
    organizationNo: d.organization_no,
    organizationName: employee.organization_name,
    memberName: formatMemberName({
      firstName: employee.first_name,
      middleInitial: employee.middle_initial,
      lastName: employee.last_name,
    }),
    memberProcessStatus: employee.process_status,
    memberExpirationDate: employee.expiration_date,
    memberStatus: memberStatusKey(employee.process_status, employee.expiration_date, today),
    memberTerminated,
    firstName: d.first_name,
    middleInitial: d.middle_initial,
    lastName: d.last_name,
    fullName: formatMemberName({
      firstName: d.first_name,
      middleInitial: d.middle_initial,
      lastName: d.last_name,
    }),
    birthdate: d.birthdate,
    age: ageInYears(d.birthdate, today),
    gender: d.gender,
    relationship: d.relationship,
    relationshipLabel: relationshipLabel(d.relationship),
    effectiveDate: d.effective_date,
    originalEffectiveDate: d.original_effective_date,
    effectiveDateLabel: dependentEffectivePeriod(d.effective_date, d.expiration_date, formatDate),
    expirationDate: d.expiration_date,
    processStatus: d.process_status,
    status: memberStatusKey(d.process_status, d.expiration_date, today),
    statusLabel: statusLabel(d.process_status, d.expiration_date, today),
    isActive: isActiveRecord(d.process_status, d.expiration_date, today),
    personCode: d.person_code,
    allowPersonCodeEdit: d.allow_person_code_edit,
    ssn: d.ssn_encrypted && d.ssn_encrypted.length > 0 ? 'XXX-XX-XXXX' : null,
    address1: d.address1,
    address2: d.address2,
    city: d.city,
    state: d.state,
    zip: d.zip,
    groupVisible: d.group_visible,
    groupNo: d.group_visible ? d.group_no : null,
    groupId: d.group_visible ? d.group_id : null,
    groupName: d.group_visible ? d.group_name : null,
    alternateDependentGroup: d.group_visible ? d.alternate_benefit_group_no : null,
    alternateDependentGroupDateEff: d.alternate_group_effective_date,
    isCOBSecondary: d.is_cob_secondary,
    isCOBMandatory: d.is_cob_mandatory,
    cobEffectiveDate: d.cob_effective_date,
    cobSecondaryDate: d.cob_effective_date,
    cobPrimaryDate: d.cob_termination_date,
    clientDefinedData: d.client_defined_data,
    settings,
    actions: dependentActions({
      processStatus: d.process_status,
      member: memberOf(employee),
      canEdit: principal.permissions.has(PERMISSIONS.editMember),
      supportsAlternateGroup: settings.supportsDependentAlternateGroup,
      today,
    }),
  };
}

/** The dependent's detail as it is now (every write answers it). */
export async function reload(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
): Promise<DependentDetail> {
  const { employee, dependent } = await requireRecord(deps.db, principal, params);
  return toDetail(principal, employee.row, dependent.row, todayOf(deps));
}

export async function getDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
): Promise<DependentDetail> {
  const { employee, dependent } = await requireRecord(deps.db, principal, params);
  const detail = toDetail(principal, employee.row, dependent.row, todayOf(deps));
  // Opening a dependent's detail is a read of their data: the read-access audit (decision 0097).
  await recordMemberRead(deps.db, principal, dependent, 'member-detail');
  return detail;
}

/**
 * The SSN in full: a sensitive read, written to the audit log (who, which dependent; never the
 * SSN), and limited per user and minute with the member reveals (429).
 */
export async function getDependentSsn(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
): Promise<SsnAnswer> {
  const { dependent: scoped } = await requireRecord(deps.db, principal, params);
  const dependent: DependentRow = scoped.row;
  const ssn = dependent.ssn_encrypted ? formatSsn(deps.ssn.decrypt(dependent.ssn_encrypted)) : null;
  await auditSsnReveal(deps.db, {
    actorUserNo: principal.userNo,
    action: 'dependent.ssn-reveal',
    entity: 'dependent',
    entityId: dependent.dependent_no,
    detail: {
      organizationNo: dependent.organization_no,
      employeeNo: dependent.employee_no,
      found: ssn !== null,
    },
  });
  return { ssn };
}

export async function getAlternateGroupOptions(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
): Promise<AlternateGroupOptions> {
  const record = await requireRecord(deps.db, principal, params);
  const [employee, dependent] = [record.employee.row, record.dependent.row];
  if (!employee.supports_dependent_alternate_group) {
    throw badRequest(DEPENDENT_MESSAGES.alternateGroupsNotSupported);
  }
  const groups = await listScopedGroups(deps.db, principal, employee.organization_no);
  return {
    data: groups.map((g) => ({
      benefitGroupNo: g.benefit_group_no,
      benefitGroupId: g.benefit_group_id,
      name: g.name,
      processStatus: g.process_status,
      expirationDate: g.expiration_date,
      current: g.benefit_group_no === dependent.group_no,
      memberGroup: g.benefit_group_no === employee.benefit_group_no,
    })),
  };
}
