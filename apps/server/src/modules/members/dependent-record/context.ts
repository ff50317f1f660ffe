import type { Kysely, Updateable } from 'kysely';
import {
  dependentMemberTerminated,
  unsupportedDependentFields,
  type DependentRecordParams,
  type MemberHistoryEvent,
  type OrganizationMemberSettings,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import type { SsnProtector } from '../../../platform/crypto/ssn.ts';
import type { DB } from '../../../database.ts';
import { conflict } from '../../../platform/http/problem.ts';
import { updateDependent, type EmployeeRef } from '../dependent-record.repo.ts';
import { writeMemberHistory } from '../member-history.ts';
import type { DependentTable } from '../members.tables.ts';
import {
  requireDependent,
  requireEmployee,
  type ScopedDependent,
  type ScopedDependentNo,
  type ScopedEmployee,
} from '../members.access.ts';
import { badRequestOf } from '../record-support.ts';

/*
 * What the dependent record's use cases share: their dependencies, the in-scope record (the
 * member's and the dependent's handles, decision 0095), the member's coverage as the domain's
 * rules read it, and the history rows every write makes.
 */

export interface DependentRecordDeps {
  db: Kysely<DB>;
  ssn: SsnProtector;
  /** Today as YYYY-MM-DD; a parameter so tests can pin it. */
  today?: () => string;
}

export type Db = Kysely<DB>;

/** The member and the dependent of the path, both in the principal's scope (404 otherwise). */
export interface DependentRecord {
  employee: ScopedEmployee;
  dependent: ScopedDependent;
}

export async function requireRecord(
  db: Db,
  principal: Principal,
  params: DependentRecordParams,
): Promise<DependentRecord> {
  const employee = await requireEmployee(db, principal, params.orgId, params.employeeId);
  const dependent = await requireDependent(db, principal, employee, params.dependentId);
  return { employee, dependent };
}

export function memberOf(e: EmployeeRef) {
  return {
    processStatus: e.process_status,
    effectiveDate: e.effective_date,
    expirationDate: e.expiration_date,
  };
}

export interface HistoryChange {
  field: string | null;
  old: string | null;
  new: string | null;
}

/** The dependent's member_change_history rows (member-history.ts); an event alone when no field changed. */
export async function writeHistory(
  db: Db,
  principal: Principal,
  dependent: ScopedDependentNo,
  event: MemberHistoryEvent,
  changes: HistoryChange[],
): Promise<void> {
  const fields = changes.filter((c) => c.field !== null);
  await writeMemberHistory(db, {
    changedBy: principal.userNo,
    target: dependent,
    event,
    changes: fields.map((c) => ({ field: c.field!, oldValue: c.old, newValue: c.new })),
    always: true,
  });
}

/** A dependent write: its columns (with who updated it and when) and then its history rows. */
export async function saveDependent(
  db: Db,
  principal: Principal,
  dependent: ScopedDependentNo,
  values: Updateable<DependentTable>,
  event: MemberHistoryEvent,
  changes: HistoryChange[],
): Promise<void> {
  await updateDependent(db, dependent, values, principal.userNo);
  await writeHistory(db, principal, dependent, event, changes);
}

export function refuseUnsupported(
  input: Record<string, unknown>,
  settings: OrganizationMemberSettings,
) {
  const params = unsupportedDependentFields(input, settings);
  if (Object.keys(params).length > 0) throw badRequestOf(params);
}

/** A dependent of a member whose coverage has ended is frozen: a state conflict (409). */
export function refuseWhenMemberTerminated(employee: EmployeeRef, today: string, message: string) {
  if (dependentMemberTerminated(memberOf(employee), today)) throw conflict(message);
}
