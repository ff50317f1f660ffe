import {
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  PROCESS_STATUS,
  groupAllowsTerminationRemoval,
  type EmployeeDetail,
  type TerminationBody,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { conflict } from '../../../platform/http/problem.ts';
import { endDependentsAt } from '../member-record.repo.ts';
import {
  type MemberRecordDeps,
  dateRule,
  setEmployee,
  employeeHistory,
  isTerminated,
} from './context.ts';
import { writeEmployee } from './write.ts';

/* Termination: end the member (and the dependents that would outlast it), move or remove the end. */

/**
 * PUT .../termination. The member's dependents whose coverage would outlast the member's are
 * terminated on the same date (each with its history rows; decision 0073).
 */
export function terminateEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: TerminationBody,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, employee) => {
    const { row } = employee;
    if (isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.alreadyTerminated);
    dateRule('terminationDate', 'termination', body.terminationDate, row.effective_date);
    await setEmployee(trx, principal, employee, {
      process_status: PROCESS_STATUS.terminated,
      expiration_date: body.terminationDate,
    });
    await employeeHistory(trx, principal, employee, MEMBER_HISTORY_EVENTS.terminate, [
      {
        field: 'processStatus',
        oldValue: row.process_status,
        newValue: PROCESS_STATUS.terminated,
      },
      { field: 'expirationDate', oldValue: row.expiration_date, newValue: body.terminationDate },
    ]);
    await endDependentsAt(trx, {
      employee,
      date: body.terminationDate,
      event: MEMBER_HISTORY_EVENTS.terminate,
      changedBy: principal.userNo,
    });
  });
}

/** PATCH .../termination: a terminated member's termination date moves. */
export function changeEmployeeTermination(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  body: TerminationBody,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, employee) => {
    const { row } = employee;
    if (!isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.notTerminated);
    dateRule('terminationDate', 'termination', body.terminationDate, row.effective_date);
    if (body.terminationDate === row.expiration_date) return;
    await setEmployee(trx, principal, employee, {
      expiration_date: body.terminationDate,
    });
    await employeeHistory(trx, principal, employee, MEMBER_HISTORY_EVENTS.changeTermination, [
      { field: 'expirationDate', oldValue: row.expiration_date, newValue: body.terminationDate },
    ]);
    // Decision 0073: an earlier date ends the dependents that would now outlast the member; a
    // later one leaves them (their coverage still ends inside the member's).
    await endDependentsAt(trx, {
      employee,
      date: body.terminationDate,
      event: MEMBER_HISTORY_EVENTS.changeTermination,
      changedBy: principal.userNo,
    });
  });
}

/** DELETE .../termination: only when the group check passes (domain groupAllowsTerminationRemoval). */
export function removeEmployeeTermination(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, employee) => {
    const { row } = employee;
    if (!isTerminated(row)) throw conflict(MEMBER_RECORD_MESSAGES.notTerminated);
    const group = {
      processStatus: row.group_process_status,
      expirationDate: row.group_expiration_date,
    };
    if (!groupAllowsTerminationRemoval(group, row.expiration_date)) {
      throw conflict(MEMBER_RECORD_MESSAGES.removeTerminationGroupCheck);
    }
    await setEmployee(trx, principal, employee, {
      process_status: PROCESS_STATUS.active,
      expiration_date: null,
    });
    await employeeHistory(trx, principal, employee, MEMBER_HISTORY_EVENTS.removeTermination, [
      { field: 'processStatus', oldValue: row.process_status, newValue: PROCESS_STATUS.active },
      { field: 'expirationDate', oldValue: row.expiration_date, newValue: null },
    ]);
  });
}
