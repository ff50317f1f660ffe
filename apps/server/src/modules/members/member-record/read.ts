import type { Kysely } from 'kysely';
import {
  INCENTIVE_PROGRAMS,
  MEMBER_STATUS_LABELS,
  PERMISSIONS,
  ageInYears,
  formatMemberName,
  memberActions,
  memberStatusKey,
  type BenefitPackageHistoryRow,
  type ClientIdHistoryRow,
  type DivisionHistoryGroup,
  type EmployeeDetail,
  type GroupAssignmentRow,
  type MemberChangeHistoryQuery,
  type MemberChangeHistoryRow,
  type MemberIncentiveProgram,
  type Page,
  type SsnAnswer,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { formatSsn } from '../../../platform/crypto/ssn.ts';
import type { DB } from '../../../database.ts';
import { forbidden } from '../../../platform/http/problem.ts';
import {
  benefitPackageHistory,
  changeHistoryPage,
  clientIdHistory,
  divisionHistory,
  groupAssignments,
  incentiveProgramsOf,
} from '../member-record.repo.ts';
import { settingsOf } from '../../organizations/index.ts';
import { todayOf } from '../record-support.ts';
import { auditSsnReveal } from '../ssn-reveal-limit.ts';
import { recordMemberRead } from '../member-read-audit.ts';
import { type MemberRecordDeps, type Tx } from './context.ts';
import {
  requireDependentOf,
  requireEmployee,
  requireVisibleEmployee,
  type ScopedEmployee,
  type ScopedEmployeeNo,
} from '../members.access.ts';

/*
 * Reads of the employee record: the detail the member page shows, the SSN on demand, and the
 * member's histories (client IDs, groups, divisions, benefit packages, changes).
 */

export async function programsOf(
  db: Kysely<DB> | Tx,
  employee: ScopedEmployee,
): Promise<MemberIncentiveProgram[]> {
  const rows = await incentiveProgramsOf(db, employee.row.benefit_group_no, employee);
  const byKey = new Map(rows.map((r) => [r.program, r]));
  return INCENTIVE_PROGRAMS.filter((p) => byKey.has(p.key)).map((p) => {
    const r = byKey.get(p.key)!;
    return {
      key: p.key,
      label: p.label,
      enrolled: r.enrolled ?? false,
      effectiveDate: r.effective_date ?? null,
      terminationDate: r.termination_date ?? null,
      mandatory:
        r.member_incentive_program_no === null ? r.group_mandatory : (r.mandatory ?? false),
    };
  });
}

export async function detailOf(
  deps: MemberRecordDeps,
  db: Kysely<DB> | Tx,
  principal: Principal,
  employee: ScopedEmployee,
): Promise<EmployeeDetail> {
  const { row } = employee;
  const today = todayOf(deps);
  const settings = settingsOf(row);
  const status = memberStatusKey(row.process_status, row.expiration_date, today);
  return {
    employeeNo: row.employee_no,
    organizationNo: row.organization_no,
    organizationName: row.organization_name,
    firstName: row.first_name,
    middleInitial: row.middle_initial,
    lastName: row.last_name,
    name: formatMemberName({
      firstName: row.first_name,
      middleInitial: row.middle_initial,
      lastName: row.last_name,
    }),
    birthdate: row.birthdate,
    age: ageInYears(row.birthdate, today),
    gender: row.gender,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    email: row.email,
    ssn: row.ssn_encrypted && row.ssn_encrypted.length > 0 ? 'XXX-XX-XXXX' : null,
    personCode: row.person_code,
    clientId: row.client_id,
    generatedId: row.generated_id,
    alternateId: row.alternate_id,
    effectiveDate: row.effective_date,
    originalEffectiveDate: row.original_effective_date,
    expirationDate: row.expiration_date,
    reinstatementDate: row.reinstatement_date,
    processStatus: row.process_status,
    status,
    statusLabel: MEMBER_STATUS_LABELS[status],
    groupNo: row.benefit_group_no,
    groupId: row.group_id,
    groupName: row.group_name,
    groupProcessStatus: row.group_process_status,
    groupEffectiveDate: row.group_effective_date,
    groupAssignmentDate: row.group_assignment_date,
    benefitGroupExpirationDate: row.group_expiration_date,
    divisionNo: row.division_no,
    divisionId: row.division_id,
    divisionName: row.division_name,
    divisionEffectiveDate: row.division_effective_date,
    benefitPackageNo: row.benefit_package_no,
    benefitPackageId: row.benefit_package_id,
    benefitPackageName: row.benefit_package_name,
    benefitPackageEffectiveDate: row.benefit_package_effective_date,
    benefitPackageCreatedDate: row.benefit_package_assignment_date,
    isCobra: row.is_cobra,
    isRetiree: row.is_retiree,
    isEGWP: row.is_egwp,
    isCOBSecondary: row.is_cob_secondary,
    isCOBMandatory: row.is_cob_mandatory,
    cobEffectiveDate: row.cob_effective_date,
    cobSecondaryDate: row.cob_effective_date,
    cobPrimaryDate: row.cob_termination_date,
    clientDefinedData: row.client_defined_data,
    medDSubsidyEffectiveDate: row.med_d_subsidy_effective_date,
    hicNumber: row.hic_number,
    allowPersonCodeEdit: row.allow_person_code_edit,
    incentivePrograms: await programsOf(db, employee),
    settings,
    actions: memberActions({
      processStatus: row.process_status,
      expirationDate: row.expiration_date,
      group: { processStatus: row.group_process_status, expirationDate: row.group_expiration_date },
      canEdit: principal.permissions.has(PERMISSIONS.editMember),
      supportsDivisions: settings.supportsDivisions,
    }),
  };
}

export async function getEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<EmployeeDetail> {
  const employee = await requireEmployee(deps.db, principal, organizationNo, employeeNo);
  const detail = await detailOf(deps, deps.db, principal, employee);
  // Opening a member's detail is a read of their data: the read-access audit (decision 0097).
  await recordMemberRead(deps.db, principal, employee, 'member-detail');
  return detail;
}

/**
 * The SSN revealed on demand (spec 1 §2); each reveal is written to the audit log, and a user's
 * reveals are limited per minute (429).
 */
export async function revealEmployeeSsn(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<SsnAnswer> {
  if (!principal.permissions.has(PERMISSIONS.viewSsn)) throw forbidden();
  const { row } = await requireEmployee(deps.db, principal, organizationNo, employeeNo);
  await auditSsnReveal(deps.db, {
    actorUserNo: principal.userNo,
    action: 'member.ssn-reveal',
    entity: 'employee',
    entityId: employeeNo,
    detail: { organizationNo },
  });
  if (!row.ssn_encrypted || row.ssn_encrypted.length === 0) return { ssn: null };
  return { ssn: formatSsn(deps.ssn.decrypt(row.ssn_encrypted)) };
}

/** Rows of an in-scope employee's history, all of them (404 outside scope). */
async function listOfEmployee<R, T>(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  load: (db: Kysely<DB>, employee: ScopedEmployeeNo) => Promise<R[]>,
  map: (row: R) => T,
): Promise<{ data: T[]; totalCount: number }> {
  const employee = await requireEmployee(deps.db, principal, organizationNo, employeeNo);
  const data = (await load(deps.db, employee)).map(map);
  return { data, totalCount: data.length };
}

export async function listClientIdHistory(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<{ data: ClientIdHistoryRow[]; totalCount: number }> {
  return listOfEmployee(deps, principal, organizationNo, employeeNo, clientIdHistory, (r) => ({
    idHistoryNo: r.id_history_no,
    historicalId: r.historical_id,
    effectiveDate: r.effective_date,
    createdDate: r.created_date,
  }));
}

export async function listGroupAssignments(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<{ data: GroupAssignmentRow[]; totalCount: number }> {
  return listOfEmployee(deps, principal, organizationNo, employeeNo, groupAssignments, (r) => ({
    groupAssignmentNo: r.group_assignment_no,
    benefitGroupNo: r.benefit_group_no,
    benefitGroupId: r.benefit_group_id,
    name: r.name,
    processStatus: r.process_status,
    recordType: r.record_type,
    effectiveDate: r.effective_date,
    expirationDate: r.expiration_date,
    assignmentDate: r.assignment_date,
  }));
}

/** Per group the member was in (newest first), the divisions it had there (newest first). */
export async function listDivisionHistory(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<{ data: DivisionHistoryGroup[]; totalCount: number }> {
  const employee = await requireEmployee(deps.db, principal, organizationNo, employeeNo);
  const [groups, divisions] = await Promise.all([
    groupAssignments(deps.db, employee),
    divisionHistory(deps.db, employee),
  ]);
  const data: DivisionHistoryGroup[] = [];
  const seen = new Set<number>();
  for (const g of groups) {
    if (seen.has(g.benefit_group_no)) continue;
    seen.add(g.benefit_group_no);
    const inGroup = divisions.filter((d) => d.benefit_group_no === g.benefit_group_no);
    if (inGroup.length === 0) continue;
    data.push({
      groupNo: g.benefit_group_no,
      groupId: g.benefit_group_id,
      groupName: g.name,
      groupEffectiveDate: g.effective_date,
      groupAssignmentDate: g.assignment_date,
      divisionHistory: inGroup.map((d) => ({
        divisionId: d.division_id,
        divisionName: d.division_name,
        divisionEffectiveDate: d.effective_date,
        divisionAssignmentDate: d.assignment_date,
      })),
    });
  }
  return { data, totalCount: data.length };
}

export async function listBenefitPackageHistory(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<{ data: BenefitPackageHistoryRow[]; totalCount: number }> {
  return listOfEmployee(
    deps,
    principal,
    organizationNo,
    employeeNo,
    benefitPackageHistory,
    (r) => ({
      benefitPackageNo: r.benefit_package_no,
      benefitPackageId: r.benefit_package_id,
      name: r.name,
      effectiveDate: r.effective_date,
      assignmentDate: r.assignment_date,
    }),
  );
}

/**
 * GET /portal/v1/datanet/memberchangehistory: the employee's own rows, or with dependentId the
 * dependent's, newest first unless sort=changedAt:asc.
 */
export async function listMemberChangeHistory(
  deps: MemberRecordDeps,
  principal: Principal,
  query: MemberChangeHistoryQuery,
): Promise<Page<MemberChangeHistoryRow>> {
  const employee = await requireVisibleEmployee(deps.db, principal, query.employeeId);
  const dependent =
    query.dependentId === undefined
      ? undefined
      : await requireDependentOf(deps.db, employee, query.dependentId);
  const { rows, totalCount } = await changeHistoryPage(deps.db, employee, dependent, {
    limit: query.limit,
    offset: query.offset,
    direction: query.sort?.direction ?? 'desc',
  });
  return {
    totalCount,
    data: rows.map((r) => ({
      historyNo: Number(r.history_no),
      changedAt: new Date(r.changed_at).toISOString(),
      changedBy: r.changed_by,
      changedByName: r.changed_by_name,
      employeeNo: r.employee_no,
      dependentNo: r.dependent_no,
      event: r.event,
      field: r.field,
      oldValue: r.old_value,
      newValue: r.new_value,
    })),
  };
}
