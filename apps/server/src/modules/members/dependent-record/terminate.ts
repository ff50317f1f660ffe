import {
  DEPENDENT_COVERAGE_MESSAGES,
  DEPENDENT_MESSAGES,
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  dependentTerminationError,
  lifecycleDateError,
  memberCoverageEnd,
  type DependentDetail,
  type DependentRecordParams,
  type TerminationBody,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { conflict } from '../../../platform/http/problem.ts';
import { badRequestOf } from '../record-support.ts';
import {
  type DependentRecordDeps,
  memberOf,
  refuseWhenMemberTerminated,
  saveDependent,
} from './context.ts';
import { writeDependent } from './write.ts';

/* A dependent's termination, and its removal (decision 0073: never outlasting the member). */

export async function terminateDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: TerminationBody,
): Promise<DependentDetail> {
  return writeDependent(
    deps,
    principal,
    params,
    async (trx, { employee: { row: employee }, dependent }, today) => {
      const d = dependent.row;
      refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminatedEdit);
      if (d.process_status === 9) throw conflict(MEMBER_RECORD_MESSAGES.alreadyTerminatedDependent);
      const error =
        lifecycleDateError('termination', body.terminationDate, d.effective_date) ??
        dependentTerminationError(body.terminationDate, memberOf(employee));
      if (error) throw badRequestOf({ terminationDate: error });
      await saveDependent(
        trx,
        principal,
        dependent,
        { process_status: 9, expiration_date: body.terminationDate },
        MEMBER_HISTORY_EVENTS.terminate,
        [{ field: 'expirationDate', old: d.expiration_date, new: body.terminationDate }],
      );
    },
  );
}

export async function removeDependentTermination(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
): Promise<DependentDetail> {
  return writeDependent(
    deps,
    principal,
    params,
    async (trx, { employee: { row: employee }, dependent }, today) => {
      const d = dependent.row;
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
      await saveDependent(
        trx,
        principal,
        dependent,
        { process_status: 1, expiration_date: null },
        MEMBER_HISTORY_EVENTS.removeTermination,
        [{ field: 'expirationDate', old: d.expiration_date, new: null }],
      );
    },
  );
}
