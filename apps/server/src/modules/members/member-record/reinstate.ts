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
import { findDivision, type EmployeeRecordRow } from '../member-record.repo.ts';
import { settingsOf } from '../../organizations/index.ts';
import {
  type MemberRecordDeps,
  type Tx,
  fieldError,
  selectableGroup,
  dateRule,
  setEmployee,
  employeeHistory,
  isTerminated,
  moveGroup,
  addDivisionHistory,
} from './context.ts';
import { divisionByIdOrNew } from './division-choice.ts';
import { writeEmployee } from './write.ts';

/* Reinstatement of a terminated member (spec 1 §7). */

/**
 * PATCH .../reinstatement: back to active in a non-terminated group from the date given. Into
 * another group of an organization with divisions the member takes a division of that group
 * (existing or new, decision 0074); into the same group the current division stays.
 */
export function reinstateEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: ReinstatementBody,
): Promise<EmployeeDetail> {
  return writeEmployee(
    deps,
    principal,
    organizationNo,
    employeeNo,
    async (trx, employee, today) => {
      const { row } = employee;
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
      const division = await reinstateDivision(trx, principal, organizationNo, row, body, {
        benefitGroupNo: group.benefit_group_no,
        groupChanged,
      });
      await setEmployee(trx, principal, employee, {
        process_status: PROCESS_STATUS.active,
        expiration_date: null,
        effective_date: body.reinstateDate,
        reinstatement_date: body.reinstateDate,
        ...(groupChanged
          ? {
              benefit_group_no: group.benefit_group_no,
              group_effective_date: body.reinstateDate,
              group_assignment_date: today,
              division_no: division?.division_no ?? null,
              division_effective_date: division ? body.reinstateDate : null,
            }
          : {}),
      });
      if (groupChanged)
        await moveGroup(
          trx,
          principal,
          employee,
          group.benefit_group_no,
          body.reinstateDate,
          today,
        );
      if (division) {
        await addDivisionHistory(trx, principal, employee, {
          benefit_group_no: group.benefit_group_no,
          division_no: division.division_no,
          effective_date: body.reinstateDate,
          assignment_date: today,
        });
      }
      await employeeHistory(
        trx,
        principal,
        employee,
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
            division: groupChanged ? (division?.division_id ?? null) : row.division_id,
          },
        ),
      );
    },
  );
}

/**
 * The division of the new group a reinstatement into another group takes (decision 0074); none
 * when the group stays (the current division stays) or the organization has no divisions.
 */
async function reinstateDivision(
  trx: Tx,
  principal: Principal,
  organizationNo: number,
  row: EmployeeRecordRow,
  body: ReinstatementBody,
  target: { benefitGroupNo: number; groupChanged: boolean },
) {
  const chosen = body.divisionNo != null || body.newDivision !== undefined;
  if (chosen && !settingsOf(row).supportsDivisions) {
    fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionsNotSupported);
  }
  if (body.divisionNo && body.newDivision) {
    fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionChoiceTwice);
  }
  if (!target.groupChanged) {
    if (chosen) fieldError('divisionNo', MEMBER_RECORD_MESSAGES.reinstateDivisionSameGroup);
    return undefined;
  }
  if (!settingsOf(row).supportsDivisions) return undefined;
  if (body.divisionNo) {
    const division = await findDivision(trx, target.benefitGroupNo, body.divisionNo);
    if (!division) fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionNotInGroup);
    return division;
  }
  if (body.newDivision) {
    return divisionByIdOrNew(trx, principal, organizationNo, target.benefitGroupNo, {
      ...body.newDivision,
      effectiveDate: body.reinstateDate,
    });
  }
  return fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionRequired);
}
