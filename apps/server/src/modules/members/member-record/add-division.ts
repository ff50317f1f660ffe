import {
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  type AddDivisionBody,
  type EmployeeDetail,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { badRequest } from '../../../platform/http/problem.ts';
import { findDivisionById, insertDivision } from '../member-record.repo.ts';
import {
  type MemberRecordDeps,
  fieldError,
  dateRule,
  setEmployee,
  employeeHistory,
  addDivisionHistory,
  refuseDivisionChange,
} from './context.ts';
import { writeEmployee } from './write.ts';

/* A division of the member's current group, existing or created by the call. */

/**
 * POST .../divisions: puts the member into a division of the current group, an existing one
 * (by Division ID) or a new one the call creates (Division ID and Name both required).
 */
export function addEmployeeDivision(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: AddDivisionBody,
): Promise<EmployeeDetail> {
  return writeEmployee(
    deps,
    principal,
    organizationNo,
    employeeNo,
    async (trx, employee, today) => {
      const { row } = employee;
      refuseDivisionChange(row);
      dateRule('divisionEffectiveDate', 'division', body.divisionEffectiveDate, row.effective_date);
      let division = await findDivisionById(trx, row.benefit_group_no, body.divisionId);
      if (division && division.division_no === row.division_no) {
        const message = MEMBER_RECORD_MESSAGES.groupChangeRequiredNewDivision;
        throw badRequest(message, { divisionId: message });
      }
      if (!division) {
        if (!body.divisionName) fieldError('divisionName', 'Division Name is required');
        division = await insertDivision(trx, {
          organizationNo,
          benefitGroupNo: row.benefit_group_no,
          divisionId: body.divisionId,
          divisionName: body.divisionName,
          effectiveDate: body.divisionEffectiveDate,
          userNo: principal.userNo,
        });
      }
      await setEmployee(trx, principal, employee, {
        division_no: division.division_no,
        division_effective_date: body.divisionEffectiveDate,
      });
      await addDivisionHistory(trx, principal, employee, {
        benefit_group_no: row.benefit_group_no,
        division_no: division.division_no,
        effective_date: body.divisionEffectiveDate,
        assignment_date: today,
      });
      await employeeHistory(trx, principal, employee, MEMBER_HISTORY_EVENTS.divisionChange, [
        { field: 'division', oldValue: row.division_id, newValue: division.division_id },
      ]);
    },
  );
}
