import type { DependentDetail, DependentRecordParams } from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { lockDependent } from '../dependent-record.repo.ts';
import { lockEmployee } from '../member-record.repo.ts';
import { todayOf } from '../record-support.ts';
import {
  type Db,
  type DependentRecord,
  type DependentRecordDeps,
  requireRecord,
} from './context.ts';
import { reload } from './read.ts';

/**
 * One write to an existing dependent: in a transaction, the dependent locked and read with its
 * employee (404 outside scope or not theirs), `write` checks and writes; then the fresh detail.
 */
export async function writeDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  write: (trx: Db, record: DependentRecord, today: string) => Promise<void>,
): Promise<DependentDetail> {
  const today = todayOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    // The member first, as its own writes do: a member's termination and a dependent's write
    // cannot interleave and leave the dependent outlasting the member (decision 0073). The locks
    // come before the check, so the check reads the locked rows; a lock answers nothing itself.
    await lockEmployee(trx, params.employeeId);
    await lockDependent(trx, params.dependentId);
    await write(trx, await requireRecord(trx, principal, params), today);
  });
  return reload(deps, principal, params);
}
