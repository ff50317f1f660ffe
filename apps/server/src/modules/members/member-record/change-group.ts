import {
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  groupChangeWarning,
  type EmployeeDetail,
  type GroupChangeBody,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { badRequest, conflict } from '../../../platform/http/problem.ts';
import { diffFields, writeMemberHistory } from '../member-history.ts';
import { findDivision } from '../member-record.repo.ts';
import { settingsOf } from '../../organizations/index.ts';
import {
  type MemberRecordDeps,
  fieldError,
  selectableGroup,
  dateRule,
  setEmployee,
  addDivisionHistory,
  isTerminated,
  moveGroup,
} from './context.ts';
import { divisionByIdOrNew } from './division-choice.ts';
import { writeEmployee } from './write.ts';

/* A group change, with the division the member keeps in it (decision 0074). */

/**
 * PATCH .../group: a new group (with a division of it where the organization supports
 * divisions), or a new division in the same group. Refused for a terminated member.
 */
export function changeEmployeeGroup(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: GroupChangeBody,
): Promise<EmployeeDetail> {
  return writeEmployee(
    deps,
    principal,
    organizationNo,
    employeeNo,
    async (trx, employee, today) => {
      const { row } = employee;
      if (isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.groupChangeTerminated);
      const settings = settingsOf(row);
      if (body.divisionNo && !settings.supportsDivisions) {
        fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionsNotSupported);
      }
      const warning = groupChangeWarning({
        currentGroupNo: row.benefit_group_no,
        currentDivisionNo: row.division_no,
        benefitGroupId: body.benefitGroupId,
        divisionNo: settings.supportsDivisions ? body.divisionNo : row.division_no,
      });
      if (warning) throw badRequest(warning, { benefitGroupId: warning });
      dateRule('changeDate', 'change', body.changeDate, row.effective_date);
      const group = await selectableGroup(
        trx,
        principal,
        organizationNo,
        body.benefitGroupId,
        today,
        MEMBER_RECORD_MESSAGES.groupChangeTerminatedGroup,
      );
      if (body.divisionNo && body.newDivision) {
        fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionChoiceTwice);
      }
      // Decision 0074: where the organization assigns divisions, the member keeps one.
      if (settings.supportsDivisions && !body.divisionNo && !body.newDivision) {
        fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionRequired);
      }
      const division = body.divisionNo
        ? await findDivision(trx, group.benefit_group_no, body.divisionNo)
        : body.newDivision
          ? await divisionByIdOrNew(trx, principal, organizationNo, group.benefit_group_no, {
              ...body.newDivision,
              effectiveDate: body.changeDate,
            })
          : undefined;
      if (body.divisionNo && !division) {
        fieldError('divisionNo', MEMBER_RECORD_MESSAGES.divisionNotInGroup);
      }
      const groupChanged = group.benefit_group_no !== row.benefit_group_no;
      const divisionNo = division?.division_no ?? null;
      const divisionChanged = divisionNo !== row.division_no;
      await setEmployee(trx, principal, employee, {
        ...(groupChanged
          ? {
              benefit_group_no: group.benefit_group_no,
              group_effective_date: body.changeDate,
              group_assignment_date: today,
            }
          : {}),
        ...(divisionChanged
          ? { division_no: divisionNo, division_effective_date: division ? body.changeDate : null }
          : {}),
      });
      if (groupChanged)
        await moveGroup(trx, principal, employee, group.benefit_group_no, body.changeDate, today);
      if (division && divisionChanged) {
        await addDivisionHistory(trx, principal, employee, {
          benefit_group_no: group.benefit_group_no,
          division_no: division.division_no,
          effective_date: body.changeDate,
          assignment_date: today,
        });
      }
      await writeMemberHistory(trx, {
        changedBy: principal.userNo,
        target: employee,
        event: groupChanged
          ? MEMBER_HISTORY_EVENTS.groupChange
          : MEMBER_HISTORY_EVENTS.divisionChange,
        changes: diffFields(
          { group: row.group_id, division: row.division_id },
          { group: group.benefit_group_id, division: division?.division_id ?? null },
        ),
      });
    },
  );
}
