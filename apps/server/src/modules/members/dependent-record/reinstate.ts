import {
  DEPENDENT_MESSAGES,
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  dependentCoverageFromMember,
  dependentStartError,
  lifecycleDateError,
  type DependentDetail,
  type DependentRecordParams,
  type DependentReinstatementBody,
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

/* A terminated dependent's reinstatement: the date becomes its effective date (decision 0047). */

export async function reinstateDependent(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: DependentReinstatementBody,
): Promise<DependentDetail> {
  return writeDependent(
    deps,
    principal,
    params,
    async (trx, { employee: { row: employee }, dependent }, today) => {
      const d = dependent.row;
      refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminated);
      if (d.process_status !== 9) throw conflict(MEMBER_RECORD_MESSAGES.notTerminatedDependent);
      const error =
        lifecycleDateError('reinstate', body.reinstateDate, d.effective_date) ??
        dependentStartError('reinstate', body.reinstateDate, memberOf(employee));
      if (error) throw badRequestOf({ reinstateDate: error });
      // Decision 0047: the reinstatement date becomes the effective date; the original stays.
      // Decision 0073: under a member whose termination lies ahead, the dependent ends with it.
      const coverage = dependentCoverageFromMember(memberOf(employee));
      await saveDependent(
        trx,
        principal,
        dependent,
        {
          process_status: coverage.processStatus,
          expiration_date: coverage.expirationDate,
          effective_date: body.reinstateDate,
        },
        MEMBER_HISTORY_EVENTS.reinstate,
        [
          { field: 'effectiveDate', old: d.effective_date, new: body.reinstateDate },
          { field: 'expirationDate', old: d.expiration_date, new: coverage.expirationDate },
        ],
      );
    },
  );
}
