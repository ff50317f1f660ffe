import { MEMBER_RECORD_MESSAGES, type IncentiveProgramInput } from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import type { HistoryValue } from '../member-history.ts';
import {
  incentiveProgramsOf,
  insertIncentiveProgram,
  updateIncentiveProgram,
} from '../member-record.repo.ts';
import type { ScopedEmployeeNo } from '../members.access.ts';
import { type Tx, fieldError } from './context.ts';

/*
 * The incentive programs a create or an edit sends: each must be one the member's group
 * supports, its dates in order; answers the history changes.
 */

/** The incentive programs of a body: each must be one the group supports. */
export async function saveIncentivePrograms(
  trx: Tx,
  principal: Principal,
  benefitGroupNo: number,
  employee: ScopedEmployeeNo,
  programs: readonly IncentiveProgramInput[] | undefined,
): Promise<{ field: string; oldValue: HistoryValue; newValue: HistoryValue }[]> {
  if (!programs || programs.length === 0) return [];
  const current = await incentiveProgramsOf(trx, benefitGroupNo, employee);
  const byKey = new Map(current.map((r) => [r.program, r]));
  const changes: { field: string; oldValue: HistoryValue; newValue: HistoryValue }[] = [];
  for (const [index, program] of programs.entries()) {
    const existing = byKey.get(program.key);
    if (!existing) {
      fieldError(
        `incentivePrograms.${index}.key`,
        MEMBER_RECORD_MESSAGES.incentiveProgramNotSupported,
      );
    }
    const next = {
      enrolled: program.enrolled,
      effective_date: program.effectiveDate ?? null,
      termination_date: program.terminationDate ?? null,
    };
    const effective =
      program.effectiveDate !== undefined ? next.effective_date : (existing.effective_date ?? null);
    const termination =
      program.terminationDate !== undefined
        ? next.termination_date
        : (existing.termination_date ?? null);
    if (effective && termination && termination < effective) {
      fieldError(
        `incentivePrograms.${index}.terminationDate`,
        MEMBER_RECORD_MESSAGES.incentiveProgramDates,
      );
    }
    const before = {
      enrolled: existing.enrolled ?? false,
      effective_date: existing.effective_date ?? null,
      termination_date: existing.termination_date ?? null,
    };
    for (const [column, label] of [
      ['enrolled', 'enrolled'],
      ['effective_date', 'effectiveDate'],
      ['termination_date', 'terminationDate'],
    ] as const) {
      if (program[label] === undefined) continue;
      if (String(before[column]) !== String(next[column])) {
        changes.push({
          field: `incentivePrograms.${program.key}.${label}`,
          oldValue: before[column],
          newValue: next[column],
        });
      }
    }
    const values = {
      enrolled: next.enrolled,
      ...(program.effectiveDate !== undefined ? { effective_date: next.effective_date } : {}),
      ...(program.terminationDate !== undefined ? { termination_date: next.termination_date } : {}),
      updated_by: principal.userNo,
      updated_at: new Date(),
    };
    if (existing.member_incentive_program_no === null) {
      await insertIncentiveProgram(trx, employee, {
        dependent_no: null,
        program: program.key,
        enrolled: next.enrolled,
        effective_date: next.effective_date,
        termination_date: next.termination_date,
        mandatory: existing.group_mandatory,
        created_by: principal.userNo,
        updated_by: principal.userNo,
      });
    } else {
      await updateIncentiveProgram(trx, existing.member_incentive_program_no, values);
    }
  }
  return changes;
}
