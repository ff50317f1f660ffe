import type { Kysely, Transaction, Updateable } from 'kysely';
import {
  MEMBER_RECORD_MESSAGES,
  PERMISSIONS,
  PROCESS_STATUS,
  groupSelectable,
  lifecycleDateError,
  type MemberHistoryEvent,
  type OrganizationMemberSettings,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import type { SsnProtector } from '../../../platform/crypto/ssn.ts';
import type { DB } from '../../../database.ts';
import { badRequest, conflict, forbidden } from '../../../platform/http/problem.ts';
import { writeMemberHistory, type FieldChange } from '../member-history.ts';
import {
  endOpenGroupAssignment,
  insertDivisionHistory,
  insertGroupAssignment,
  updateEmployeeRow,
  type EmployeeRecordRow,
} from '../member-record.repo.ts';
import { findScopedGroupRow as findGroup, settingsOf } from '../../organizations/index.ts';
import type { EmployeeTable } from '../members.tables.ts';
import type { ScopedEmployeeNo } from '../members.access.ts';

/*
 * What the employee record's use cases share: their dependencies, the 400 of one field, the edit
 * permission (the in-scope employee is members.access.ts's requireEmployee), the group and date checks every write
 * repeats, and the small writes (the row, its history) they all make.
 */

export interface MemberRecordDeps {
  db: Kysely<DB>;
  ssn: SsnProtector;
  /** Today as YYYY-MM-DD; a parameter so tests can pin it. */
  today?: () => string;
}

export type Tx = Transaction<DB>;

export function fieldError(field: string, message: string): never {
  throw badRequest(message, { [field]: message });
}

export function requireEdit(principal: Principal): void {
  if (!principal.permissions.has(PERMISSIONS.editMember)) throw forbidden();
}

/** A group to put a member into: the organization's, in scope, not terminated. */
export async function selectableGroup(
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

export function dateRule(
  field: string,
  kind: Parameters<typeof lifecycleDateError>[0],
  date: string,
  effectiveDate: string,
): void {
  const message = lifecycleDateError(kind, date, effectiveDate);
  if (message) fieldError(field, message);
}

export function settingsRefusals(
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

/** Sets columns of the employee row, stamped with who changed it and when. */
export async function setEmployee(
  trx: Tx,
  principal: Principal,
  employee: ScopedEmployeeNo,
  values: Updateable<EmployeeTable>,
): Promise<void> {
  await updateEmployeeRow(trx, employee, principal.userNo, values);
}

/** The employee's own member_change_history rows of one event. */
export async function employeeHistory(
  trx: Tx,
  principal: Principal,
  employee: ScopedEmployeeNo,
  event: MemberHistoryEvent,
  changes: readonly FieldChange[],
): Promise<void> {
  await writeMemberHistory(trx, {
    changedBy: principal.userNo,
    target: employee,
    event,
    changes,
  });
}

/** A row of the member's division history (a division change or a division added). */
export async function addDivisionHistory(
  trx: Tx,
  principal: Principal,
  employee: ScopedEmployeeNo,
  entry: {
    benefit_group_no: number;
    division_no: number;
    effective_date: string;
    assignment_date: string;
  },
): Promise<void> {
  await insertDivisionHistory(trx, employee, principal.userNo, entry);
}

export const isTerminated = (row: EmployeeRecordRow) =>
  row.process_status === PROCESS_STATUS.terminated;

/** A division or benefit package change: organizations with divisions only (400), a member not terminated (409). */
export function refuseDivisionChange(row: EmployeeRecordRow): void {
  if (!settingsOf(row).supportsDivisions)
    throw badRequest(MEMBER_RECORD_MESSAGES.divisionsNotSupported);
  if (isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.groupChangeTerminated);
}

/** Ends the current group assignment the day before `date` and records the new one. */
export async function moveGroup(
  trx: Tx,
  principal: Principal,
  employee: ScopedEmployeeNo,
  benefitGroupNo: number,
  date: string,
  today: string,
): Promise<void> {
  const dayBefore = new Date(`${date}T00:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  await endOpenGroupAssignment(
    trx,
    employee,
    dayBefore.toISOString().slice(0, 10),
    principal.userNo,
  );
  await insertGroupAssignment(trx, {
    employee,
    benefitGroupNo,
    effectiveDate: date,
    assignmentDate: today,
    userNo: principal.userNo,
  });
}
