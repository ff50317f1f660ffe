import type { StandardEligibilityRow } from '@pillar/domain';

/*
 * Apply's lanes (decision 0149): every change of a run belongs to one of APPLY_LANES lanes, by
 * its family (an employee row's SSN, a dependent row's employee's), and Apply runs the lanes at
 * once, each on its own connection. A family never spans two lanes, so neither lane locks or
 * needs the members the other writes: a new dependent's new employee is in its own lane, and
 * earlier in it. The lane is one bit of the family's keyed SSN hash (never of the SSN).
 */

export const APPLY_LANES = 2;

/** The lane of a family, from its SSN's keyed hash. */
export const laneOfFamily = (familyHash: Uint8Array): number => familyHash[0]! % APPLY_LANES;

/**
 * The SSN of each dependent row's family, by row number: the employee it names, else the
 * employee row before it in the file (as Apply reads a dependent's employee, loadApplyBatch).
 * An employee row's family is its own SSN. `rows`: every staged row, in file order.
 */
export function dependentFamilies(
  rows: readonly Pick<StandardEligibilityRow, 'rowNumber' | 'recordType' | 'ssn' | 'employeeSsn'>[],
): Map<number, string> {
  const out = new Map<number, string>();
  let lastEmployee: string | null = null;
  for (const r of rows) {
    if (r.recordType === 'E') lastEmployee = r.ssn;
    else {
      const family = r.employeeSsn ?? lastEmployee;
      if (family !== null) out.set(r.rowNumber, family);
    }
  }
  return out;
}
