import {
  INCUMBENT_MESSAGES,
  feeItem,
  feeListError,
  pricingItem,
  type FeeType,
  type PricingPbm,
} from '@pillar/domain';
import { isRowDirty, savedValues, type EditableRow } from './editable-rows.ts';

/** A fee or credit row as the tables edit it; the incumbent's rows have no PBM. */
export interface FeeRowValue {
  name: string;
  type: FeeType | null;
  amount: number | null;
  pbm?: PricingPbm | null | undefined;
}

export type RowField = 'name' | 'type' | 'amount' | 'pbm';
export type RowErrors = Partial<Record<RowField, string>>;

/**
 * The row's rules (spec 3 §5 "Fee rows"), the first message per field, from the domain's schema
 * the server applies (with a PBM for the RxB pricing rows).
 */
export function rowErrors(row: FeeRowValue, withPbm: boolean): RowErrors {
  const result = (withPbm ? pricingItem : feeItem).safeParse(row);
  const errors: RowErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RowField;
    errors[field] ??= issue.message;
  }
  return errors;
}

export type ListProblem =
  { kind: 'none' } | { kind: 'empty' } | { kind: 'refused'; title: string; text: string };

/** 'Duplicate Names: Names must be unique.' is a title and its sentence, shown as such. */
function split(message: string): { title: string; text: string } {
  const at = message.indexOf(': ');
  return at < 0
    ? { title: message, text: '' }
    : { title: message.slice(0, at + 1), text: message.slice(at + 2) };
}

/**
 * Why the list cannot be sent as it is (spec 3 §5 "Incumbent data"): a row not kept with its own
 * save, or an amount not above zero, is refused with 'Fields not SAVED or AMOUNT must be above
 * zero' and its explanation; two rows of one name with 'Duplicate Names: Names must be unique.';
 * an empty list is allowed once the user confirms ZERO items.
 */
export function listProblem<T extends FeeRowValue>(rows: readonly EditableRow<T>[]): ListProblem {
  if (rows.some(isRowDirty)) {
    return {
      kind: 'refused',
      title: INCUMBENT_MESSAGES.notSavedTitle,
      text: INCUMBENT_MESSAGES.notSavedDetail,
    };
  }
  const error = feeListError(savedValues(rows));
  if (error) {
    return error.description
      ? { kind: 'refused', title: error.message, text: error.description }
      : { kind: 'refused', ...split(error.message) };
  }
  return rows.length === 0 ? { kind: 'empty' } : { kind: 'none' };
}
