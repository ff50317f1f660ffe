import type { EmployeeDetail } from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { lockEmployee } from '../member-record.repo.ts';
import { requireEmployee, type ScopedEmployee } from '../members.access.ts';
import { todayOf } from '../record-support.ts';
import { type MemberRecordDeps, type Tx, requireEdit } from './context.ts';
import { getEmployee } from './read.ts';

/*
 * Every edit and lifecycle action runs the same way: one transaction, the employee row locked and
 * read in scope (the handle, decision 0095), the use case's checks and writes, then the fresh detail as the answer.
 */

/** Runs a write (an edit or a lifecycle action) on the locked, in-scope employee; answers the fresh detail. */
export async function writeEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  write: (trx: Tx, employee: ScopedEmployee, today: string) => Promise<void>,
): Promise<EmployeeDetail> {
  requireEdit(principal);
  const today = todayOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    // The lock comes first so the check reads the locked row; it reads nothing back itself.
    await lockEmployee(trx, employeeNo);
    await write(trx, await requireEmployee(trx, principal, organizationNo, employeeNo), today);
  });
  return getEmployee(deps, principal, organizationNo, employeeNo);
}
