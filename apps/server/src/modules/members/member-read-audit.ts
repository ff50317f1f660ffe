import type { Kysely, Transaction } from 'kysely';
import {
  MEMBER_READ_ACTION,
  MEMBER_READ_KINDS,
  type MemberReadAuditPage,
  type MemberReadAuditQuery,
  type MemberReadKind,
} from '@pillar/domain';
import { auditRowsOf, writeReadAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import {
  requireEmployee,
  type ScopedDependentNo,
  type ScopedEmployeeNo,
} from './members.access.ts';

/*
 * The read-access audit (issue 12, decision 0097): agents see health data all day, and a
 * compliance officer must answer "who looked at this member". Every read of a member's detail, a
 * prior-authorization case and the claims history appends one audit_log row: who (the actor),
 * which member (the employee, and the dependent when one was read), what, when. Never a value of
 * health data: a PA case is named by its ID only.
 */

/** The member or dependent that was read: its handle proves the reader's scope was checked. */
export type MemberReadTarget = ScopedEmployeeNo | ScopedDependentNo;

/**
 * Records one read. Call it after the scope check and before answering, from any module that
 * answers a member's health data (members/index.ts exports it): `recordMemberRead(db, principal,
 * employee, 'prior-auth-case', paCaseId)`.
 */
export async function recordMemberRead(
  db: Kysely<DB> | Transaction<DB>,
  principal: Principal,
  target: MemberReadTarget,
  what: MemberReadKind,
  reference?: string | number | null,
): Promise<void> {
  await writeReadAudit(db, {
    actorUserNo: principal.userNo,
    action: MEMBER_READ_ACTION,
    entity: 'employee',
    entityId: target.employeeNo,
    detail: {
      what,
      dependentNo: 'dependentNo' in target ? target.dependentNo : null,
      reference: reference == null ? null : String(reference),
    },
  });
}

function kindOf(value: unknown): MemberReadKind {
  return MEMBER_READ_KINDS.includes(value as MemberReadKind)
    ? (value as MemberReadKind)
    : 'member-detail';
}

/** GET .../employees/{employeeId}/read-audit: the member's read rows, newest first. */
export async function listMemberReads(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  query: MemberReadAuditQuery,
): Promise<MemberReadAuditPage> {
  const employee = await requireEmployee(db, principal, organizationNo, employeeNo);
  const page = await auditRowsOf(
    db,
    { action: MEMBER_READ_ACTION, entity: 'employee', entityId: String(employee.employeeNo) },
    query,
  );
  return {
    totalCount: page.totalCount,
    data: page.data.map((row) => {
      const detail = row.detail ?? {};
      const dependentNo = detail.dependentNo;
      const reference = detail.reference;
      return {
        auditId: row.audit_id,
        at: row.at.toISOString(),
        userNo: row.actor_user_no,
        userName: row.actor_name,
        username: row.actor_username,
        employeeNo: employee.employeeNo,
        dependentNo: typeof dependentNo === 'number' ? dependentNo : null,
        what: kindOf(detail.what),
        reference: typeof reference === 'string' ? reference : null,
      };
    }),
  };
}
