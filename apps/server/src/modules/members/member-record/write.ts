import type { EmployeeDetail } from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { lockEmployee, type EmployeeRecordRow } from '../member-record.repo.ts';
import { todayOf } from '../record-support.ts';
import { type MemberRecordDeps, type Tx, requireEdit, loadEmployee } from './context.ts';
import { getEmployee } from './read.ts';

/*
 * Every edit and lifecycle action runs the same way: one transaction, the employee row locked and
 * read in scope, the use case's checks and writes, then the fresh detail as the answer.
 */

/** Runs a write (an edit or a lifecycle action) on the locked, in-scope employee; answers the fresh detail. */
export async function writeEmployee(
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
