import {
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  PROCESS_STATUS,
  type EmployeeDetail,
  type ReinstatementBody,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { conflict } from '../../../platform/http/problem.ts';
import { diffFields } from '../member-history.ts';
import {
  type MemberRecordDeps,
  fieldError,
  selectableGroup,
  dateRule,
  setEmployee,
  employeeHistory,
  isTerminated,
  moveGroup,
} from './context.ts';
import { writeEmployee } from './write.ts';

/* Reinstatement of a terminated member (spec 1 §7). */

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
