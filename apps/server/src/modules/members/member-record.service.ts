import crypto from 'node:crypto';
import type { Kysely, Transaction, Updateable } from 'kysely';
import {
  INCENTIVE_PROGRAMS,
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  MEMBER_STATUS_LABELS,
  PERMISSIONS,
  PROCESS_STATUS,
  ageInYears,
  applyClientIdRules,
  employeeCreateSchema,
  employeeUpdateSchema,
  formatMemberName,
  groupAllowsTerminationRemoval,
  groupChangeWarning,
  groupSelectable,
  lifecycleDateError,
  memberActions,
  memberStatusKey,
  personCodeChangeAllowed,
  type AddDivisionBody,
  type BenefitPackageChangeBody,
  type BenefitPackageHistoryRow,
  type ClientIdHistoryRow,
  type DivisionHistoryGroup,
  type EmployeeDetail,
  type GroupAssignmentRow,
  type GroupChangeBody,
  type IncentiveProgramInput,
  type MemberChangeHistoryQuery,
  type MemberChangeHistoryRow,
  type MemberHistoryEvent,
  type MemberIncentiveProgram,
  type OrganizationMemberSettings,
  type Page,
  type ReinstatementBody,
  type SsnAnswer,
  type TerminationBody,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { formatSsn, isIssuableSsn, type SsnProtector } from '../../platform/crypto/ssn.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/problem.ts';
import {
  diffFields,
  writeMemberHistory,
  type FieldChange,
  type HistoryValue,
} from './member-history.ts';
import { generatedIdFor } from './member-ids.ts';
import {
  benefitPackageHistory,
  changeHistoryPage,
  clientIdHistory,
  clientIdTaken,
  dependentOfEmployee,
  divisionHistory,
  endDependentsAt,
  employeeVisible,
  findBenefitPackage,
  findDivision,
  findDivisionById,
  findEmployee,
  findGroup,
  findOrganizationForMembers,
  groupAssignments,
  incentiveProgramsOf,
  latestClientIdHistoryDate,
  lockEmployee,
  nextEmployeeNo,
  ssnHashTaken,
  type EmployeeRecordRow,
} from './member-record.repo.ts';
import type { EmployeeTable } from './members.tables.ts';
import { settingsOf } from '../organizations/organization-settings.ts';
import { parseOr400, todayOf } from './record-support.ts';
import { auditSsnReveal } from './ssn-reveal-limit.ts';

/*
 * The employee record and its lifecycle (spec 1 §3, §4, §5, §7). Every rule the member page's
 * forms enforce is enforced here again, with the organization's own settings; every write runs in
 * a transaction with its history rows. Definitions: docs/decisions/0045-member-lifecycle.md.
 */

export interface MemberRecordDeps {
  db: Kysely<DB>;
  ssn: SsnProtector;
  /** Today as YYYY-MM-DD; a parameter so tests can pin it. */
  today?: () => string;
}

type Tx = Transaction<DB>;

function fieldError(field: string, message: string): never {
  throw badRequest(message, { [field]: message });
}

function requireEdit(principal: Principal): void {
  if (!principal.permissions.has(PERMISSIONS.editMember)) throw forbidden();
}

async function loadEmployee(
  db: Kysely<DB> | Tx,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<EmployeeRecordRow> {
  const row = await findEmployee(db, principal, organizationNo, employeeNo);
  if (!row) throw notFound('Member');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reads

async function programsOf(
  db: Kysely<DB> | Tx,
  row: { benefit_group_no: number; employee_no: number },
): Promise<MemberIncentiveProgram[]> {
  const rows = await incentiveProgramsOf(db, row.benefit_group_no, row.employee_no);
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

async function detailOf(
  deps: MemberRecordDeps,
  db: Kysely<DB> | Tx,
  principal: Principal,
  row: EmployeeRecordRow,
): Promise<EmployeeDetail> {
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
    incentivePrograms: await programsOf(db, row),
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
  const row = await loadEmployee(deps.db, principal, organizationNo, employeeNo);
  return detailOf(deps, deps.db, principal, row);
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
  const row = await loadEmployee(deps.db, principal, organizationNo, employeeNo);
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
  load: (db: Kysely<DB>, employeeNo: number) => Promise<R[]>,
  map: (row: R) => T,
): Promise<{ data: T[]; totalCount: number }> {
  await loadEmployee(deps.db, principal, organizationNo, employeeNo);
  const data = (await load(deps.db, employeeNo)).map(map);
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
  await loadEmployee(deps.db, principal, organizationNo, employeeNo);
  const [groups, divisions] = await Promise.all([
    groupAssignments(deps.db, employeeNo),
    divisionHistory(deps.db, employeeNo),
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
  if (!(await employeeVisible(deps.db, principal, query.employeeId))) throw notFound('Member');
  if (
    query.dependentId !== undefined &&
    !(await dependentOfEmployee(deps.db, query.employeeId, query.dependentId))
  ) {
    throw notFound('Dependent');
  }
  const { rows, totalCount } = await changeHistoryPage(
    deps.db,
    query.employeeId,
    query.dependentId,
    {
      limit: query.limit,
      offset: query.offset,
      direction: query.sort?.direction ?? 'desc',
    },
  );
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

// ---------------------------------------------------------------------------------------------
// Shared checks of the writes

/** A group to put a member into: the organization's, in scope, not terminated. */
async function selectableGroup(
  db: Kysely<DB> | Tx,
  principal: Principal,
  organizationNo: number,
  benefitGroupNo: number,
  today: string,
  messageIfTerminated: string,
) {
  const group = await findGroup(db, principal, organizationNo, benefitGroupNo);
  if (!group) fieldError('benefitGroupId', 'Group not found');
  if (
    !groupSelectable(
      { processStatus: group.process_status, expirationDate: group.expiration_date },
      today,
    )
  ) {
    fieldError('benefitGroupId', messageIfTerminated);
  }
  return group;
}

function dateRule(
  field: string,
  kind: Parameters<typeof lifecycleDateError>[0],
  date: string,
  effectiveDate: string,
): void {
  const message = lifecycleDateError(kind, date, effectiveDate);
  if (message) fieldError(field, message);
}

/** The incentive programs of a body: each must be one the group supports. */
async function saveIncentivePrograms(
  trx: Tx,
  principal: Principal,
  benefitGroupNo: number,
  employeeNo: number,
  programs: readonly IncentiveProgramInput[] | undefined,
): Promise<{ field: string; oldValue: HistoryValue; newValue: HistoryValue }[]> {
  if (!programs || programs.length === 0) return [];
  const current = await incentiveProgramsOf(trx, benefitGroupNo, employeeNo);
  const byKey = new Map(current.map((r) => [r.program, r]));
  const changes: { field: string; oldValue: HistoryValue; newValue: HistoryValue }[] = [];
  for (const [index, program] of programs.entries()) {
    const existing = byKey.get(program.key);
    if (!existing) {
      fieldError(
        `incentivePrograms.${index}.key`,
        MEMBER_RECORD_MESSAGES.incentiveProgramNotSupported,
      );
    }
    const next = {
      enrolled: program.enrolled,
      effective_date: program.effectiveDate ?? null,
      termination_date: program.terminationDate ?? null,
    };
    const effective =
      program.effectiveDate !== undefined ? next.effective_date : (existing.effective_date ?? null);
    const termination =
      program.terminationDate !== undefined
        ? next.termination_date
        : (existing.termination_date ?? null);
    if (effective && termination && termination < effective) {
      fieldError(
        `incentivePrograms.${index}.terminationDate`,
        MEMBER_RECORD_MESSAGES.incentiveProgramDates,
      );
    }
    const before = {
      enrolled: existing.enrolled ?? false,
      effective_date: existing.effective_date ?? null,
      termination_date: existing.termination_date ?? null,
    };
    for (const [column, label] of [
      ['enrolled', 'enrolled'],
      ['effective_date', 'effectiveDate'],
      ['termination_date', 'terminationDate'],
    ] as const) {
      if (program[label] === undefined) continue;
      if (String(before[column]) !== String(next[column])) {
        changes.push({
          field: `incentivePrograms.${program.key}.${label}`,
          oldValue: before[column],
          newValue: next[column],
        });
      }
    }
    const values = {
      enrolled: next.enrolled,
      ...(program.effectiveDate !== undefined ? { effective_date: next.effective_date } : {}),
      ...(program.terminationDate !== undefined ? { termination_date: next.termination_date } : {}),
      updated_by: principal.userNo,
      updated_at: new Date(),
    };
    if (existing.member_incentive_program_no === null) {
      await trx
        .insertInto('member_incentive_program')
        .values({
          employee_no: employeeNo,
          dependent_no: null,
          program: program.key,
          enrolled: next.enrolled,
          effective_date: next.effective_date,
          termination_date: next.termination_date,
          mandatory: existing.group_mandatory,
          created_by: principal.userNo,
          updated_by: principal.userNo,
        })
        .execute();
    } else {
      await trx
        .updateTable('member_incentive_program')
        .set(values)
        .where('member_incentive_program_no', '=', existing.member_incentive_program_no)
        .execute();
    }
  }
  return changes;
}

/** An SSN for an organization that generates them: random, issuable, used by no one else. */
async function generateSsn(deps: MemberRecordDeps, db: Kysely<DB> | Tx): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const digits = String(crypto.randomInt(1_000_000_00, 900_000_000)).padStart(9, '0');
    if (!isIssuableSsn(digits)) continue;
    if (!(await ssnHashTaken(db, deps.ssn.searchHash(digits)))) return digits;
  }
  throw new Error('could not generate an unused SSN');
}

function settingsRefusals(
  settings: OrganizationMemberSettings,
  body: {
    clientDefinedData?: string | null | undefined;
    isCOBSecondary?: boolean | null | undefined;
    divisionNo?: number | null | undefined;
    benefitPackageId?: number | null | undefined;
  },
): void {
  if (!settings.supportsClientDefinedData && body.clientDefinedData) {
    fieldError('clientDefinedData', 'The organization does not support client defined data.');
  }
  if (!settings.useCOB && body.isCOBSecondary === true) {
    fieldError('isCOBSecondary', 'The organization does not use COB.');
  }
  if (!settings.supportsDivisions && body.divisionNo) {
    fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionsNotSupported);
  }
  if (!settings.supportsDivisions && body.benefitPackageId) {
    fieldError('benefitPackageId', MEMBER_RECORD_MESSAGES.divisionsNotSupported);
  }
}

// ---------------------------------------------------------------------------------------------
// Create and edit

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
    await trx
      .insertInto('employee')
      .values({
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
      })
      .execute();
    await trx
      .insertInto('member_group_assignment')
      .values({
        employee_no: employeeNo,
        benefit_group_no: group.benefit_group_no,
        effective_date: body.effectiveDate,
        expiration_date: null,
        assignment_date: today,
        created_by: principal.userNo,
        updated_by: principal.userNo,
      })
      .execute();
    if (division) {
      await addDivisionHistory(trx, principal, employeeNo, {
        benefit_group_no: group.benefit_group_no,
        division_no: division.division_no,
        effective_date: body.effectiveDate,
        assignment_date: today,
      });
    }
    if (benefitPackage) {
      await trx
        .insertInto('member_benefit_package_history')
        .values({
          employee_no: employeeNo,
          benefit_package_no: benefitPackage.benefit_package_no,
          effective_date: body.effectiveDate,
          assignment_date: today,
          created_by: principal.userNo,
          updated_by: principal.userNo,
        })
        .execute();
    }
    await saveIncentivePrograms(
      trx,
      principal,
      group.benefit_group_no,
      employeeNo,
      body.incentivePrograms,
    );
    await writeMemberHistory(trx, {
      changedBy: principal.userNo,
      target: { employeeNo },
      event: MEMBER_HISTORY_EVENTS.create,
      always: true,
    });
    return employeeNo;
  });
  return getEmployee(deps, principal, organizationNo, employeeNo);
}

/** Runs a write (an edit or a lifecycle action) on the locked, in-scope employee; answers the fresh detail. */
async function writeEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  write: (trx: Tx, row: EmployeeRecordRow, today: string) => Promise<void>,
): Promise<EmployeeDetail> {
  requireEdit(principal);
  const today = todayOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    await lockEmployee(trx, employeeNo);
    const row = await loadEmployee(trx, principal, organizationNo, employeeNo);
    await write(trx, row, today);
  });
  return getEmployee(deps, principal, organizationNo, employeeNo);
}

/** Sets columns of the employee row, stamped with who changed it and when. */
async function setEmployee(
  trx: Tx,
  principal: Principal,
  employeeNo: number,
  values: Updateable<EmployeeTable>,
): Promise<void> {
  await trx
    .updateTable('employee')
    .set({ ...values, updated_by: principal.userNo, updated_at: new Date() })
    .where('employee_no', '=', employeeNo)
    .execute();
}

/** The employee's own member_change_history rows of one event. */
async function employeeHistory(
  trx: Tx,
  principal: Principal,
  employeeNo: number,
  event: MemberHistoryEvent,
  changes: readonly FieldChange[],
): Promise<void> {
  await writeMemberHistory(trx, {
    changedBy: principal.userNo,
    target: { employeeNo },
    event,
    changes,
  });
}

/** A row of the member's division history (a division change or a division added). */
async function addDivisionHistory(
  trx: Tx,
  principal: Principal,
  employeeNo: number,
  entry: {
    benefit_group_no: number;
    division_no: number;
    effective_date: string;
    assignment_date: string;
  },
): Promise<void> {
  await trx
    .insertInto('member_division_history')
    .values({
      ...entry,
      employee_no: employeeNo,
      created_by: principal.userNo,
      updated_by: principal.userNo,
    })
    .execute();
}

/** The editable fields as the API names them, and their columns. */
const EDITABLE = {
  firstName: 'first_name',
  middleInitial: 'middle_initial',
  lastName: 'last_name',
  birthdate: 'birthdate',
  gender: 'gender',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  phone: 'phone',
  email: 'email',
  personCode: 'person_code',
  clientId: 'client_id',
  clientDefinedData: 'client_defined_data',
  isCOBSecondary: 'is_cob_secondary',
  cobSecondaryDate: 'cob_effective_date',
  cobPrimaryDate: 'cob_termination_date',
} as const;
type EditableField = keyof typeof EDITABLE;

export async function updateEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  rawBody: unknown,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, row) => {
    const settings = settingsOf(row);
    const body = parseOr400(
      employeeUpdateSchema(settings, { isCOBMandatory: row.is_cob_mandatory }),
      rawBody,
    );
    settingsRefusals(settings, body);
    // Whoever may not see the SSN may not overwrite it blind (the form does not offer it either).
    if (body.ssn !== undefined && !principal.permissions.has(PERMISSIONS.viewSsn)) {
      throw forbidden('Changing an SSN needs the permission to view SSNs.');
    }
    if (!personCodeChangeAllowed(row.person_code, body.personCode, row.allow_person_code_edit)) {
      fieldError('personCode', MEMBER_RECORD_MESSAGES.personCodeNotEditable);
    }
    const next: Partial<Record<EditableField, HistoryValue>> = {
      firstName: body.firstName,
      middleInitial:
        body.middleInitial === undefined ? undefined : (body.middleInitial?.toUpperCase() ?? null),
      lastName: body.lastName,
      birthdate: body.birthdate,
      gender: body.gender,
      address1: body.address1,
      address2: body.address2,
      city: body.city,
      state: body.state,
      zip: body.zip,
      phone: body.phone,
      email: body.email,
      personCode: body.personCode,
      clientId:
        body.clientId === undefined ? undefined : applyClientIdRules(body.clientId, settings),
      clientDefinedData: body.clientDefinedData,
    };
    if (settings.useCOB && body.isCOBSecondary !== undefined) {
      next.isCOBSecondary = body.isCOBSecondary === true;
      next.cobSecondaryDate = body.cobSecondaryDate;
      next.cobPrimaryDate = body.cobPrimaryDate;
    }
    const before: Record<EditableField, HistoryValue> = {
      firstName: row.first_name,
      middleInitial: row.middle_initial,
      lastName: row.last_name,
      birthdate: row.birthdate,
      gender: row.gender,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      state: row.state,
      zip: row.zip,
      phone: row.phone,
      email: row.email,
      personCode: row.person_code,
      clientId: row.client_id,
      clientDefinedData: row.client_defined_data,
      isCOBSecondary: row.is_cob_secondary,
      cobSecondaryDate: row.cob_effective_date,
      cobPrimaryDate: row.cob_termination_date,
    };
    const changes = diffFields(before, next, Object.keys(EDITABLE));
    const newClientId = next.clientId as string | null | undefined;
    if (
      newClientId &&
      newClientId !== row.client_id &&
      (await clientIdTaken(trx, organizationNo, newClientId, employeeNo))
    ) {
      fieldError('clientId', MEMBER_RECORD_MESSAGES.clientIdTaken);
    }
    const set: Record<string, unknown> = {};
    for (const change of changes) {
      const field = change.field as EditableField;
      set[EDITABLE[field]] = next[field] ?? null;
    }
    if (body.ssn !== undefined) {
      const digits = body.ssn.replace(/-/g, '');
      const current = row.ssn_encrypted ? deps.ssn.decrypt(row.ssn_encrypted) : null;
      if (digits !== current) {
        set.ssn_encrypted = deps.ssn.encrypt(digits);
        set.ssn_hash = deps.ssn.searchHash(digits);
        changes.push({ field: 'ssn', oldValue: current, newValue: digits });
      }
    }
    if (changes.some((c) => c.field === 'clientId') && row.client_id) {
      const since =
        (await latestClientIdHistoryDate(trx, employeeNo)) ?? row.original_effective_date;
      await trx
        .insertInto('member_client_id_history')
        .values({
          employee_no: employeeNo,
          historical_id: row.client_id,
          effective_date: since,
          created_by: principal.userNo,
          updated_by: principal.userNo,
        })
        .execute();
    }
    if (Object.keys(set).length > 0) {
      await setEmployee(trx, principal, employeeNo, set);
    }
    const programChanges = await saveIncentivePrograms(
      trx,
      principal,
      row.benefit_group_no,
      employeeNo,
      body.incentivePrograms,
    );
    await employeeHistory(trx, principal, employeeNo, MEMBER_HISTORY_EVENTS.update, [
      ...changes,
      ...programChanges,
    ]);
  });
}

// ---------------------------------------------------------------------------------------------
// Lifecycle

const isTerminated = (row: EmployeeRecordRow) => row.process_status === PROCESS_STATUS.terminated;

/**
 * PUT .../termination. The member's dependents whose coverage would outlast the member's are
 * terminated on the same date (each with its history rows; decision 0073).
 */
export function terminateEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: TerminationBody,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, row) => {
    if (isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.alreadyTerminated);
    dateRule('terminationDate', 'termination', body.terminationDate, row.effective_date);
    await setEmployee(trx, principal, employeeNo, {
      process_status: PROCESS_STATUS.terminated,
      expiration_date: body.terminationDate,
    });
    await employeeHistory(trx, principal, employeeNo, MEMBER_HISTORY_EVENTS.terminate, [
      {
        field: 'processStatus',
        oldValue: row.process_status,
        newValue: PROCESS_STATUS.terminated,
      },
      { field: 'expirationDate', oldValue: row.expiration_date, newValue: body.terminationDate },
    ]);
    await endDependentsAt(trx, {
      employeeNo,
      date: body.terminationDate,
      event: MEMBER_HISTORY_EVENTS.terminate,
      changedBy: principal.userNo,
    });
  });
}

/** PATCH .../termination: a terminated member's termination date moves. */
export function changeEmployeeTermination(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: TerminationBody,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, row) => {
    if (!isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.notTerminated);
    dateRule('terminationDate', 'termination', body.terminationDate, row.effective_date);
    if (body.terminationDate === row.expiration_date) return;
    await setEmployee(trx, principal, employeeNo, {
      expiration_date: body.terminationDate,
    });
    await employeeHistory(trx, principal, employeeNo, MEMBER_HISTORY_EVENTS.changeTermination, [
      { field: 'expirationDate', oldValue: row.expiration_date, newValue: body.terminationDate },
    ]);
    // Decision 0073: an earlier date ends the dependents that would now outlast the member; a
    // later one leaves them (their coverage still ends inside the member's).
    await endDependentsAt(trx, {
      employeeNo,
      date: body.terminationDate,
      event: MEMBER_HISTORY_EVENTS.changeTermination,
      changedBy: principal.userNo,
    });
  });
}

/** DELETE .../termination: only when the group check passes (domain groupAllowsTerminationRemoval). */
export function removeEmployeeTermination(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, row) => {
    if (!isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.notTerminated);
    const group = {
      processStatus: row.group_process_status,
      expirationDate: row.group_expiration_date,
    };
    if (!groupAllowsTerminationRemoval(group, row.expiration_date)) {
      throw conflict(MEMBER_RECORD_MESSAGES.removeTerminationGroupCheck);
    }
    await setEmployee(trx, principal, employeeNo, {
      process_status: PROCESS_STATUS.active,
      expiration_date: null,
    });
    await employeeHistory(trx, principal, employeeNo, MEMBER_HISTORY_EVENTS.removeTermination, [
      { field: 'processStatus', oldValue: row.process_status, newValue: PROCESS_STATUS.active },
      { field: 'expirationDate', oldValue: row.expiration_date, newValue: null },
    ]);
  });
}

/** Ends the current group assignment the day before `date` and records the new one. */
async function moveGroup(
  trx: Tx,
  principal: Principal,
  row: EmployeeRecordRow,
  benefitGroupNo: number,
  date: string,
  today: string,
): Promise<void> {
  const dayBefore = new Date(`${date}T00:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  await trx
    .updateTable('member_group_assignment')
    .set({
      expiration_date: dayBefore.toISOString().slice(0, 10),
      updated_by: principal.userNo,
      updated_at: new Date(),
    })
    .where('employee_no', '=', row.employee_no)
    .where('expiration_date', 'is', null)
    .execute();
  await trx
    .insertInto('member_group_assignment')
    .values({
      employee_no: row.employee_no,
      benefit_group_no: benefitGroupNo,
      effective_date: date,
      expiration_date: null,
      assignment_date: today,
      created_by: principal.userNo,
      updated_by: principal.userNo,
    })
    .execute();
}

/** PATCH .../reinstatement: back to active in a non-terminated group from the date given. */
export function reinstateEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: ReinstatementBody,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, row, today) => {
    if (!isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.notTerminated);
    dateRule('reinstateDate', 'reinstate', body.reinstateDate, row.effective_date);
    const group = await selectableGroup(
      trx,
      principal,
      organizationNo,
      body.benefitGroupId,
      today,
      MEMBER_RECORD_MESSAGES.reinstateGroupTerminated,
    );
    if (group.expiration_date && group.expiration_date < body.reinstateDate) {
      fieldError('reinstateDate', MEMBER_RECORD_MESSAGES.reinstateAfterGroupExpiration);
    }
    const groupChanged = group.benefit_group_no !== row.benefit_group_no;
    await setEmployee(trx, principal, employeeNo, {
      process_status: PROCESS_STATUS.active,
      expiration_date: null,
      effective_date: body.reinstateDate,
      reinstatement_date: body.reinstateDate,
      ...(groupChanged
        ? {
            benefit_group_no: group.benefit_group_no,
            group_effective_date: body.reinstateDate,
            group_assignment_date: today,
            division_no: null,
            division_effective_date: null,
          }
        : {}),
    });
    if (groupChanged)
      await moveGroup(trx, principal, row, group.benefit_group_no, body.reinstateDate, today);
    await employeeHistory(
      trx,
      principal,
      employeeNo,
      MEMBER_HISTORY_EVENTS.reinstate,
      diffFields(
        {
          processStatus: row.process_status,
          expirationDate: row.expiration_date,
          effectiveDate: row.effective_date,
          group: row.group_id,
          division: row.division_id,
        },
        {
          processStatus: PROCESS_STATUS.active,
          expirationDate: null,
          effectiveDate: body.reinstateDate,
          group: group.benefit_group_id,
          division: groupChanged ? null : row.division_id,
        },
      ),
    );
  });
}

/**
 * PATCH .../group: a new group (with a division of it where the organization supports
 * divisions), or a new division in the same group. Refused for a terminated member.
 */
export function changeEmployeeGroup(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: GroupChangeBody,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, row, today) => {
    if (isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.groupChangeTerminated);
    const settings = settingsOf(row);
    if (body.divisionNo && !settings.supportsDivisions) {
      fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionsNotSupported);
    }
    const warning = groupChangeWarning({
      currentGroupNo: row.benefit_group_no,
      currentDivisionNo: row.division_no,
      benefitGroupId: body.benefitGroupId,
      divisionNo: settings.supportsDivisions ? body.divisionNo : row.division_no,
    });
    if (warning) throw badRequest(warning, { benefitGroupId: warning });
    dateRule('changeDate', 'change', body.changeDate, row.effective_date);
    const group = await selectableGroup(
      trx,
      principal,
      organizationNo,
      body.benefitGroupId,
      today,
      MEMBER_RECORD_MESSAGES.groupChangeTerminatedGroup,
    );
    if (body.divisionNo && body.newDivision) {
      fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionChoiceTwice);
    }
    // Decision 0074: where the organization assigns divisions, the member keeps one.
    if (settings.supportsDivisions && !body.divisionNo && !body.newDivision) {
      fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionRequired);
    }
    const division = body.divisionNo
      ? await findDivision(trx, group.benefit_group_no, body.divisionNo)
      : body.newDivision
        ? await divisionForChange(trx, principal, organizationNo, group.benefit_group_no, {
            ...body.newDivision,
            effectiveDate: body.changeDate,
          })
        : undefined;
    if (body.divisionNo && !division) {
      fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionNotInGroup);
    }
    const groupChanged = group.benefit_group_no !== row.benefit_group_no;
    const divisionNo = division?.division_no ?? null;
    const divisionChanged = divisionNo !== row.division_no;
    await setEmployee(trx, principal, employeeNo, {
      ...(groupChanged
        ? {
            benefit_group_no: group.benefit_group_no,
            group_effective_date: body.changeDate,
            group_assignment_date: today,
          }
        : {}),
      ...(divisionChanged
        ? { division_no: divisionNo, division_effective_date: division ? body.changeDate : null }
        : {}),
    });
    if (groupChanged)
      await moveGroup(trx, principal, row, group.benefit_group_no, body.changeDate, today);
    if (division && divisionChanged) {
      await addDivisionHistory(trx, principal, employeeNo, {
        benefit_group_no: group.benefit_group_no,
        division_no: division.division_no,
        effective_date: body.changeDate,
        assignment_date: today,
      });
    }
    await writeMemberHistory(trx, {
      changedBy: principal.userNo,
      target: { employeeNo },
      event: groupChanged
        ? MEMBER_HISTORY_EVENTS.groupChange
        : MEMBER_HISTORY_EVENTS.divisionChange,
      changes: diffFields(
        { group: row.group_id, division: row.division_id },
        { group: group.benefit_group_id, division: division?.division_id ?? null },
      ),
    });
  });
}

/** The group's division with this Division ID, created (ID and name) when it has none. */
async function divisionForChange(
  trx: Tx,
  principal: Principal,
  organizationNo: number,
  benefitGroupNo: number,
  wanted: { divisionId: string; divisionName: string; effectiveDate: string },
) {
  const existing = await findDivisionById(trx, benefitGroupNo, wanted.divisionId);
  if (existing) return existing;
  return trx
    .insertInto('division')
    .values({
      organization_no: organizationNo,
      benefit_group_no: benefitGroupNo,
      division_id: wanted.divisionId,
      division_name: wanted.divisionName,
      effective_date: wanted.effectiveDate,
      created_by: principal.userNo,
      updated_by: principal.userNo,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * POST .../divisions: puts the member into a division of the current group, an existing one
 * (by Division ID) or a new one the call creates (Division ID and Name both required).
 */
export function addEmployeeDivision(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: AddDivisionBody,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, row, today) => {
    if (!settingsOf(row).supportsDivisions)
      throw badRequest(MEMBER_RECORD_MESSAGES.divisionsNotSupported);
    if (isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.groupChangeTerminated);
    dateRule('divisionEffectiveDate', 'division', body.divisionEffectiveDate, row.effective_date);
    let division = await findDivisionById(trx, row.benefit_group_no, body.divisionId);
    if (division && division.division_no === row.division_no) {
      const message = MEMBER_RECORD_MESSAGES.groupChangeRequiredNewDivision;
      throw badRequest(message, { divisionId: message });
    }
    if (!division) {
      if (!body.divisionName) fieldError('divisionName', 'Division Name is required');
      division = await trx
        .insertInto('division')
        .values({
          organization_no: organizationNo,
          benefit_group_no: row.benefit_group_no,
          division_id: body.divisionId,
          division_name: body.divisionName,
          effective_date: body.divisionEffectiveDate,
          created_by: principal.userNo,
          updated_by: principal.userNo,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await setEmployee(trx, principal, employeeNo, {
      division_no: division.division_no,
      division_effective_date: body.divisionEffectiveDate,
    });
    await addDivisionHistory(trx, principal, employeeNo, {
      benefit_group_no: row.benefit_group_no,
      division_no: division.division_no,
      effective_date: body.divisionEffectiveDate,
      assignment_date: today,
    });
    await employeeHistory(trx, principal, employeeNo, MEMBER_HISTORY_EVENTS.divisionChange, [
      { field: 'division', oldValue: row.division_id, newValue: division.division_id },
    ]);
  });
}

/** PATCH .../benefit-package: organizations with divisions only; an active package. */
export function changeEmployeeBenefitPackage(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: BenefitPackageChangeBody,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, row, today) => {
    if (!settingsOf(row).supportsDivisions)
      throw badRequest(MEMBER_RECORD_MESSAGES.divisionsNotSupported);
    if (isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.groupChangeTerminated);
    const benefitPackage = await findBenefitPackage(trx, organizationNo, body.benefitPackageId);
    if (!benefitPackage) fieldError('benefitPackageId', 'Benefit Package not found');
    if (benefitPackage.process_status !== PROCESS_STATUS.active) {
      fieldError('benefitPackageId', MEMBER_RECORD_MESSAGES.benefitPackageTerminated);
    }
    if (benefitPackage.benefit_package_no === row.benefit_package_no) {
      fieldError('benefitPackageId', MEMBER_RECORD_MESSAGES.benefitPackageUnchanged);
    }
    dateRule('changeDate', 'change', body.changeDate, row.effective_date);
    await setEmployee(trx, principal, employeeNo, {
      benefit_package_no: benefitPackage.benefit_package_no,
      benefit_package_effective_date: body.changeDate,
      benefit_package_assignment_date: today,
    });
    await trx
      .insertInto('member_benefit_package_history')
      .values({
        employee_no: employeeNo,
        benefit_package_no: benefitPackage.benefit_package_no,
        effective_date: body.changeDate,
        assignment_date: today,
        created_by: principal.userNo,
        updated_by: principal.userNo,
      })
      .execute();
    await employeeHistory(trx, principal, employeeNo, MEMBER_HISTORY_EVENTS.benefitPackageChange, [
      {
        field: 'benefitPackage',
        oldValue: row.benefit_package_id,
        newValue: benefitPackage.benefit_package_id,
      },
    ]);
  });
}
