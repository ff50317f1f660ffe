import type { Transaction } from 'kysely';
import { SSN_HISTORY_VALUE, type MemberHistoryEvent } from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { FieldChange, HistoryValue } from './member-history.ts';
import { insertHistoryRowsBatch, type HistoryRowValues } from './member-batch.repo.ts';

/*
 * The set-based variant of writeMemberHistory (decision 0128): the same rows, field by field, for
 * many members at once, written by one statement. An eligibility import applies thousands of
 * changes per transaction; one insert per member would be thousands of round trips.
 */

const SECRET_FIELDS = new Set(['ssn', 'ssn_encrypted', 'ssn_hash']);

function asText(value: HistoryValue): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

/** One member's (or dependent's) event, as writeMemberHistory takes it. */
export interface HistoryEntry {
  employeeNo: number;
  dependentNo: number | null;
  event: MemberHistoryEvent;
  changes: readonly FieldChange[];
  /** A row for the event alone when no field changed (creations, as writeMemberHistory's `always`). */
  always?: boolean;
}

/** The rows writeMemberHistory writes for one entry: one per change, an SSN as 'changed'. */
export function historyRowsOf(changedBy: number | null, entry: HistoryEntry): HistoryRowValues[] {
  const base = {
    changedBy,
    employeeNo: entry.employeeNo,
    dependentNo: entry.dependentNo,
    event: entry.event,
  };
  const rows: HistoryRowValues[] = entry.changes.map((change) =>
    SECRET_FIELDS.has(change.field)
      ? { ...base, field: change.field, oldValue: null, newValue: SSN_HISTORY_VALUE }
      : {
          ...base,
          field: change.field,
          oldValue: asText(change.oldValue),
          newValue: asText(change.newValue),
        },
  );
  if (rows.length === 0 && entry.always)
    rows.push({ ...base, field: null, oldValue: null, newValue: null });
  return rows;
}

/** Writes every entry's rows in one statement; answers how many rows it wrote. */
export async function writeMemberHistoryBatch(
  trx: Transaction<DB>,
  changedBy: number | null,
  entries: readonly HistoryEntry[],
): Promise<number> {
  const rows = entries.flatMap((e) => historyRowsOf(changedBy, e));
  await insertHistoryRowsBatch(trx, rows);
  return rows.length;
}
