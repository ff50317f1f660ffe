/**
 * The row-at-a-time editing of the fees and credits tables (spec 3 §4 "Pricing": "Fee rows show
 * save and undo controls once changed; undo asks for confirmation"; §5 "Incumbent data"). Each
 * row keeps the value last saved at the row and the value being typed; the list is sent to the
 * server only from saved rows, so a row still being typed blocks the list's save instead of being
 * sent half-made. Pure functions over an immutable list, so the table component holds one state.
 */

export interface EditableRow<T> {
  key: string;
  /** What the row's own save last kept; null for a row added and not yet saved. */
  saved: T | null;
  draft: T;
}

let nextKey = 0;

/** A key unique in this page's life: rows have no server id (the whole list is replaced). */
export function rowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export function rowsFrom<T>(items: readonly T[]): EditableRow<T>[] {
  return items.map((item) => ({ key: rowKey(), saved: item, draft: item }));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A row shows its save and undo controls while this holds. */
export function isRowDirty<T>(row: EditableRow<T>): boolean {
  return row.saved === null || !sameValue(row.saved, row.draft);
}

export function addRow<T>(rows: readonly EditableRow<T>[], blank: T): EditableRow<T>[] {
  return [...rows, { key: rowKey(), saved: null, draft: blank }];
}

export function editRow<T>(
  rows: readonly EditableRow<T>[],
  key: string,
  patch: Partial<T>,
): EditableRow<T>[] {
  return rows.map((row) => (row.key === key ? { ...row, draft: { ...row.draft, ...patch } } : row));
}

/** Keeps the row's typed value as its saved one (after the caller validated it). */
export function saveRow<T>(rows: readonly EditableRow<T>[], key: string): EditableRow<T>[] {
  return rows.map((row) => (row.key === key ? { ...row, saved: row.draft } : row));
}

/** Back to the row's saved value; a row never saved goes away. */
export function undoRow<T>(rows: readonly EditableRow<T>[], key: string): EditableRow<T>[] {
  return rows.flatMap((row) => {
    if (row.key !== key) return [row];
    return row.saved === null ? [] : [{ ...row, draft: row.saved }];
  });
}

export function removeRow<T>(rows: readonly EditableRow<T>[], key: string): EditableRow<T>[] {
  return rows.filter((row) => row.key !== key);
}

/** The list as the server receives it: every row's saved value. */
export function savedValues<T>(rows: readonly EditableRow<T>[]): T[] {
  return rows.flatMap((row) => (row.saved === null ? [] : [row.saved]));
}

/** True when the page's rows differ from what the server answered (a list save is due). */
export function differsFrom<T>(rows: readonly EditableRow<T>[], server: readonly T[]): boolean {
  return rows.some(isRowDirty) || !sameValue(savedValues(rows), server);
}
