import type { Kysely, Transaction } from 'kysely';
import { SSN_HISTORY_VALUE, type MemberHistoryEvent } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { insertMemberHistoryRows } from './member-history.repo.ts';
import type { ScopedDependentNo, ScopedEmployeeNo } from './members.access.ts';

/*
 * The member change history (design.md §4: every write to a member or dependent writes who, when,
 * field, old and new). One row per changed field, or one row without a field for an event that
 * changes no field of its own (a creation). Values are stored as text as users read them; an SSN
 * change is stored as 'changed', never digits. Used by the employee and the dependent services.
 */

/** A value as a history row keeps it: text, or null for "empty". */
export type HistoryValue = string | number | boolean | null | undefined;

/** The fields whose values a history row must never hold. */
const SECRET_FIELDS = new Set(['ssn', 'ssn_encrypted', 'ssn_hash']);

/** Whose history: a member's own rows, or (with a dependent's handle) the dependent's. */
export type HistoryTarget = ScopedEmployeeNo | ScopedDependentNo;

export interface FieldChange {
  field: string;
  oldValue: HistoryValue;
  newValue: HistoryValue;
}

function asText(value: HistoryValue): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

/**
 * The changes between two snapshots of the same fields, in the order of `fields`: only fields
 * whose text differs. Both snapshots map field names (as the API names them) to values.
 */
export function diffFields(
  before: Record<string, HistoryValue>,
  after: Record<string, HistoryValue>,
  fields: readonly string[] = Object.keys(after),
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (!(field in after) || after[field] === undefined) continue;
    const oldText = asText(before[field]);
    const newText = asText(after[field]);
    if (oldText !== newText) changes.push({ field, oldValue: oldText, newValue: newText });
  }
  return changes;
}

/**
 * Writes one row per change (an SSN as 'changed'), or, with no changes and `always`, one row
 * for the event alone. Answers how many rows it wrote.
 */
export async function writeMemberHistory(
  db: Kysely<DB> | Transaction<DB>,
  entry: {
    changedBy: number | null;
    target: HistoryTarget;
    event: MemberHistoryEvent;
    changes?: readonly FieldChange[];
    /** Write a row for the event even when no field changed (creations, lifecycle events). */
    always?: boolean;
    /** The instant to record; the database's now() when left out. */
    changedAt?: Date;
  },
): Promise<number> {
  const base = {
    changed_by: entry.changedBy,
    employee_no: entry.target.employeeNo,
    dependent_no: 'dependentNo' in entry.target ? entry.target.dependentNo : null,
    event: entry.event,
    ...(entry.changedAt ? { changed_at: entry.changedAt } : {}),
  };
  const rows: {
    field: string | null;
    old_value: string | null;
    new_value: string | null;
  }[] = (entry.changes ?? []).map((change) =>
    SECRET_FIELDS.has(change.field)
      ? // That it changed, never what it was or became.
        { field: change.field, old_value: null, new_value: SSN_HISTORY_VALUE }
      : {
          field: change.field,
          old_value: asText(change.oldValue),
          new_value: asText(change.newValue),
        },
  );
  if (rows.length === 0) {
    if (!entry.always) return 0;
    rows.push({ field: null, old_value: null, new_value: null });
  }
  await insertMemberHistoryRows(
    db,
    rows.map((row) => ({ ...base, ...row })),
  );
  return rows.length;
}
