import type { Kysely, Updateable } from 'kysely';
import {
  DEPENDENT_COVERAGE_MESSAGES,
  DEPENDENT_MESSAGES,
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  PERMISSIONS,
  SSN_HISTORY_VALUE,
  ageInYears,
  dependentActions,
  dependentCoverageFromMember,
  dependentCreateSchema,
  dependentEffectivePeriod,
  dependentMemberTerminated,
  dependentSsnRequired,
  dependentStartError,
  dependentTerminationError,
  dependentUpdateSchema,
  formatDate,
  formatMemberName,
  groupSelectable,
  isActiveRecord,
  lifecycleDateError,
  memberCoverageEnd,
  memberStatusKey,
  personCodeChangeAllowed,
  relationshipLabel,
  statusLabel,
  unsupportedDependentFields,
  type AlternateGroupOptions,
  type DependentAlternateGroupBody,
  type DependentDetail,
  type DependentRecordParams,
  type DependentReinstatementBody,
  type DependentSsnBody,
  type MemberHistoryEvent,
  type MemberRecordParams,
  type OrganizationMemberSettings,
  type SsnAnswer,
  type TerminationBody,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { formatSsn, type SsnProtector } from '../../platform/crypto/ssn.ts';
import type { DB } from '../../database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/problem.ts';
import {
  findDependent,
  findScopedEmployee,
  insertDependent,
  listScopedGroups,
  lockDependent,
  updateDependent,
  type DependentRow,
  type EmployeeRef,
} from './dependent-record.repo.ts';
import { writeMemberHistory } from './member-history.ts';
import { lockEmployee } from './member-record.repo.ts';
import type { DependentTable } from './members.tables.ts';
import { findScopedGroupRow as findGroup, settingsOf } from '../organizations/index.ts';
import { badRequestOf, parseOr400, todayOf } from './record-support.ts';
import { auditSsnReveal } from './ssn-reveal-limit.ts';

/*
 * A dependent's record and lifecycle (spec 1 §4, §7). Access first: the employee must lie in
 * the user's organizations and groups, and the dependent must be that employee's (404
 * otherwise). Every write runs in one transaction with its member_change_history rows.
 * Definitions the spec leaves open: docs/decisions/0047-dependents.md.
 */

export interface DependentRecordDeps {
  db: Kysely<DB>;
  ssn: SsnProtector;
  /** Today as YYYY-MM-DD; a parameter so tests can pin it. */
  today?: () => string;
}

type Db = Kysely<DB>;

async function employeeOr404(
  db: Db,
  principal: Principal,
  params: MemberRecordParams,
): Promise<EmployeeRef> {
  const employee = await findScopedEmployee(db, principal, params.orgId, params.employeeId);
  if (!employee) throw notFound('Member');
  return employee;
}

async function recordOr404(
  db: Db,
  principal: Principal,
  params: DependentRecordParams,
): Promise<{ employee: EmployeeRef; dependent: DependentRow }> {
  const employee = await employeeOr404(db, principal, params);
  const dependent = await findDependent(db, principal, employee, params.dependentId);
  if (!dependent) throw notFound('Dependent');
  return { employee, dependent };
}

function memberOf(e: EmployeeRef) {
  return {
    processStatus: e.process_status,
    effectiveDate: e.effective_date,
    expirationDate: e.expiration_date,
  };
}

function toDetail(
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

async function reload(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
): Promise<DependentDetail> {
  const { employee, dependent } = await recordOr404(deps.db, principal, params);
  return toDetail(principal, employee, dependent, todayOf(deps));
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function getDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
): Promise<DependentDetail> {
  return reload(deps, principal, params);
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
  const { dependent } = await recordOr404(deps.db, principal, params);
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
  const { employee, dependent } = await recordOr404(deps.db, principal, params);
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

// ---------------------------------------------------------------------------------------------
// Writes

interface HistoryChange {
  field: string | null;
  old: string | null;
  new: string | null;
}

/** The dependent's member_change_history rows (member-history.ts); an event alone when no field changed. */
async function writeHistory(
  db: Db,
  principal: Principal,
  d: { employee_no: number; dependent_no: number },
  event: MemberHistoryEvent,
  changes: HistoryChange[],
): Promise<void> {
  const fields = changes.filter((c) => c.field !== null);
  await writeMemberHistory(db, {
    changedBy: principal.userNo,
    target: { employeeNo: d.employee_no, dependentNo: d.dependent_no },
    event,
    changes: fields.map((c) => ({ field: c.field!, oldValue: c.old, newValue: c.new })),
    always: true,
  });
}

function refuseUnsupported(input: Record<string, unknown>, settings: OrganizationMemberSettings) {
  const params = unsupportedDependentFields(input, settings);
  if (Object.keys(params).length > 0) throw badRequestOf(params);
}

/** A dependent of a member whose coverage has ended is frozen: a state conflict (409). */
function refuseWhenMemberTerminated(employee: EmployeeRef, today: string, message: string) {
  if (dependentMemberTerminated(memberOf(employee), today)) throw conflict(message);
}

/**
 * One write to an existing dependent: in a transaction, the dependent locked and read with its
 * employee (404 outside scope or not theirs), `write` checks and writes; then the fresh detail.
 */
async function writeDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  write: (
    trx: Db,
    record: { employee: EmployeeRef; dependent: DependentRow },
    today: string,
  ) => Promise<void>,
): Promise<DependentDetail> {
  const today = todayOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    // The member first, as its own writes do: a member's termination and a dependent's write
    // cannot interleave and leave the dependent outlasting the member (decision 0073).
    await lockEmployee(trx, params.employeeId);
    await lockDependent(trx, params.dependentId);
    await write(trx, await recordOr404(trx, principal, params), today);
  });
  return reload(deps, principal, params);
}

export async function createDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: MemberRecordParams,
  body: unknown,
): Promise<DependentDetail> {
  const today = todayOf(deps);
  const dependentNo = await deps.db.transaction().execute(async (trx) => {
    const employee = await employeeOr404(trx, principal, params);
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
    const no = await insertDependent(trx, {
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
    await writeHistory(
      trx,
      principal,
      { employee_no: employee.employee_no, dependent_no: no },
      MEMBER_HISTORY_EVENTS.create,
      [],
    );
    return no;
  });
  return reload(deps, principal, { ...params, dependentId: dependentNo });
}

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

export async function updateDependentRecord(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: unknown,
): Promise<DependentDetail> {
  return writeDependent(deps, principal, params, async (trx, { employee, dependent: d }, today) => {
    const settings = settingsOf(employee);
    const input = parseOr400(
      dependentUpdateSchema(settings, {
        allowPersonCodeEdit: d.allow_person_code_edit,
        isCOBMandatory: d.is_cob_mandatory,
      }),
      body,
    );
    refuseUnsupported(input, settings);
    refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminatedEdit);
    if (input.ssn !== undefined && !principal.permissions.has(PERMISSIONS.viewSsn)) {
      throw forbidden('Changing an SSN needs the permission to view SSNs.');
    }
    if (!personCodeChangeAllowed(d.person_code, input.personCode, d.allow_person_code_edit)) {
      throw badRequestOf({ personCode: MEMBER_RECORD_MESSAGES.personCodeNotEditable });
    }

    const set: Updateable<DependentTable> = {};
    const changes: HistoryChange[] = [];
    const apply = (
      field: string,
      column: keyof DependentTable,
      next: unknown,
      current: unknown,
    ) => {
      if (next === undefined) return;
      if ((next ?? null) === (current ?? null)) return;
      (set as Record<string, unknown>)[column] = next;
      changes.push({ field, old: text(current), new: text(next) });
    };
    apply('firstName', 'first_name', input.firstName, d.first_name);
    apply(
      'middleInitial',
      'middle_initial',
      input.middleInitial === undefined ? undefined : (input.middleInitial?.toUpperCase() ?? null),
      d.middle_initial,
    );
    apply('lastName', 'last_name', input.lastName, d.last_name);
    apply('birthdate', 'birthdate', input.birthdate, d.birthdate);
    apply('gender', 'gender', input.gender, d.gender);
    if (input.relationship !== null) {
      apply('relationship', 'relationship', input.relationship, d.relationship);
    }
    apply('personCode', 'person_code', input.personCode, d.person_code);
    if (settings.SupportsDifferentDependentAddress) {
      apply('address1', 'address1', input.address1, d.address1);
      apply('address2', 'address2', input.address2, d.address2);
      apply('city', 'city', input.city, d.city);
      apply('state', 'state', input.state, d.state);
      apply('zip', 'zip', input.zip, d.zip);
    }
    if (settings.supportsClientDefinedData) {
      apply(
        'clientDefinedData',
        'client_defined_data',
        input.clientDefinedData,
        d.client_defined_data,
      );
    }
    if (settings.useCOB) {
      apply(
        'isCOBSecondary',
        'is_cob_secondary',
        input.isCOBSecondary === undefined ? undefined : input.isCOBSecondary === true,
        d.is_cob_secondary,
      );
      apply('cobSecondaryDate', 'cob_effective_date', input.cobSecondaryDate, d.cob_effective_date);
      apply('cobPrimaryDate', 'cob_termination_date', input.cobPrimaryDate, d.cob_termination_date);
    }
    if (input.ssn !== undefined) {
      set.ssn_encrypted = deps.ssn.encrypt(input.ssn);
      set.ssn_hash = deps.ssn.searchHash(input.ssn);
      changes.push({ field: 'ssn', old: null, new: SSN_HISTORY_VALUE });
    }
    if (changes.length === 0) return;
    await updateDependent(trx, d.dependent_no, set, principal.userNo);
    await writeHistory(trx, principal, d, MEMBER_HISTORY_EVENTS.update, changes);
  });
}

export async function updateDependentSsn(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: DependentSsnBody,
): Promise<DependentDetail> {
  return writeDependent(deps, principal, params, async (trx, { employee, dependent: d }, today) => {
    const settings = settingsOf(employee);
    refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminatedEdit);
    if (body.ssn === null && settings.requireDependentSSN) {
      throw badRequestOf({ ssn: 'SSN is required' });
    }
    const set: Updateable<DependentTable> =
      body.ssn === null
        ? { ssn_encrypted: null, ssn_hash: null }
        : { ssn_encrypted: deps.ssn.encrypt(body.ssn), ssn_hash: deps.ssn.searchHash(body.ssn) };
    if (body.ssn === null && !d.ssn_encrypted) return;
    await updateDependent(trx, d.dependent_no, set, principal.userNo);
    await writeHistory(trx, principal, d, MEMBER_HISTORY_EVENTS.update, [
      {
        field: 'ssn',
        old: d.ssn_encrypted ? SSN_HISTORY_VALUE : null,
        new: body.ssn === null ? null : SSN_HISTORY_VALUE,
      },
    ]);
  });
}

export async function terminateDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: TerminationBody,
): Promise<DependentDetail> {
  return writeDependent(deps, principal, params, async (trx, { employee, dependent: d }, today) => {
    refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminatedEdit);
    if (d.process_status === 9) throw conflict(MEMBER_RECORD_MESSAGES.alreadyTerminatedDependent);
    const error =
      lifecycleDateError('termination', body.terminationDate, d.effective_date) ??
      dependentTerminationError(body.terminationDate, memberOf(employee));
    if (error) throw badRequestOf({ terminationDate: error });
    await updateDependent(
      trx,
      d.dependent_no,
      { process_status: 9, expiration_date: body.terminationDate },
      principal.userNo,
    );
    await writeHistory(trx, principal, d, MEMBER_HISTORY_EVENTS.terminate, [
      { field: 'expirationDate', old: d.expiration_date, new: body.terminationDate },
    ]);
  });
}

export async function removeDependentTermination(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
): Promise<DependentDetail> {
  return writeDependent(deps, principal, params, async (trx, { employee, dependent: d }, today) => {
    refuseWhenMemberTerminated(
      employee,
      today,
      DEPENDENT_MESSAGES.removeTerminationMemberTerminated,
    );
    if (d.process_status !== 9) throw conflict(MEMBER_RECORD_MESSAGES.notTerminatedDependent);
    // Decision 0073: an open dependent under a member with a termination would outlast it.
    if (memberCoverageEnd(memberOf(employee)) !== null) {
      throw conflict(DEPENDENT_COVERAGE_MESSAGES.removeTerminationMemberEnds);
    }
    await updateDependent(
      trx,
      d.dependent_no,
      { process_status: 1, expiration_date: null },
      principal.userNo,
    );
    await writeHistory(trx, principal, d, MEMBER_HISTORY_EVENTS.removeTermination, [
      { field: 'expirationDate', old: d.expiration_date, new: null },
    ]);
  });
}

export async function reinstateDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: DependentReinstatementBody,
): Promise<DependentDetail> {
  return writeDependent(deps, principal, params, async (trx, { employee, dependent: d }, today) => {
    refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminated);
    if (d.process_status !== 9) throw conflict(MEMBER_RECORD_MESSAGES.notTerminatedDependent);
    const error =
      lifecycleDateError('reinstate', body.reinstateDate, d.effective_date) ??
      dependentStartError('reinstate', body.reinstateDate, memberOf(employee));
    if (error) throw badRequestOf({ reinstateDate: error });
    // Decision 0047: the reinstatement date becomes the effective date; the original stays.
    // Decision 0073: under a member whose termination lies ahead, the dependent ends with it.
    const coverage = dependentCoverageFromMember(memberOf(employee));
    await updateDependent(
      trx,
      d.dependent_no,
      {
        process_status: coverage.processStatus,
        expiration_date: coverage.expirationDate,
        effective_date: body.reinstateDate,
      },
      principal.userNo,
    );
    await writeHistory(trx, principal, d, MEMBER_HISTORY_EVENTS.reinstate, [
      { field: 'effectiveDate', old: d.effective_date, new: body.reinstateDate },
      { field: 'expirationDate', old: d.expiration_date, new: coverage.expirationDate },
    ]);
  });
}

export async function changeAlternateGroup(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: DependentAlternateGroupBody,
): Promise<DependentDetail> {
  return writeDependent(deps, principal, params, async (trx, { employee, dependent: d }, today) => {
    if (!employee.supports_dependent_alternate_group) {
      throw badRequest(DEPENDENT_MESSAGES.alternateGroupsNotSupported);
    }
    refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminatedEdit);
    if (d.process_status === 9) {
      throw conflict(DEPENDENT_MESSAGES.alternateGroupDependentTerminated);
    }
    const group = await findGroup(trx, principal, employee.organization_no, body.benefitGroupID);
    if (!group) throw badRequestOf({ benefitGroupID: DEPENDENT_MESSAGES.groupNotFound });
    if (group.benefit_group_no === d.group_no) {
      throw badRequestOf({ benefitGroupID: DEPENDENT_MESSAGES.sameGroup });
    }
    if (
      !groupSelectable(
        { processStatus: group.process_status, expirationDate: group.expiration_date },
        today,
      )
    ) {
      throw badRequestOf({ benefitGroupID: DEPENDENT_MESSAGES.groupTerminated });
    }
    const error = lifecycleDateError('change', body.changeDate, d.effective_date);
    if (error) throw badRequestOf({ changeDate: error });
    // Decision 0047: choosing the member's own group ends the alternate group.
    const followsMember = group.benefit_group_no === employee.benefit_group_no;
    await updateDependent(
      trx,
      d.dependent_no,
      {
        alternate_benefit_group_no: followsMember ? null : group.benefit_group_no,
        alternate_group_effective_date: followsMember ? null : body.changeDate,
      },
      principal.userNo,
    );
    await writeHistory(trx, principal, d, MEMBER_HISTORY_EVENTS.alternateGroupChange, [
      {
        field: 'alternateGroup',
        old: d.group_id,
        new: group.benefit_group_id,
      },
      { field: 'changeDate', old: d.alternate_group_effective_date, new: body.changeDate },
    ]);
  });
}
