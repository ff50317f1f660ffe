import { INCUMBENT_MESSAGES, blankRenewalEntry } from '@pillar/domain';
import { describe, expect, it } from 'vitest';
import { contactNotices, contactSlots, filledContacts } from './contacts.ts';
import {
  addRow,
  differsFrom,
  editRow,
  isRowDirty,
  rowsFrom,
  saveRow,
  savedValues,
  undoRow,
} from './editable-rows.ts';
import { listProblem, rowErrors, type FeeRowValue } from './fee-rows.ts';
import { afterCancel, newDraft, setIn } from './renewals.ts';

const admin: FeeRowValue = { name: 'Administrative Fee', type: 'PEPM', amount: 2.5 };
const blank: FeeRowValue = { name: '', type: null, amount: null };

describe('editable rows', () => {
  it('shows save and undo once a row changes, and undo returns to the saved value', () => {
    const rows = rowsFrom([admin]);
    expect(isRowDirty(rows[0]!)).toBe(false);
    const edited = editRow(rows, rows[0]!.key, { amount: 3 });
    expect(isRowDirty(edited[0]!)).toBe(true);
    expect(undoRow(edited, rows[0]!.key)[0]!.draft).toEqual(admin);
  });

  it('undoing a row never saved removes it; a row saved at the row is sent', () => {
    const rows = addRow(rowsFrom([admin]), blank);
    const newKey = rows[1]!.key;
    expect(undoRow(rows, newKey)).toHaveLength(1);
    const typed = editRow(rows, newKey, { name: 'Custom Fee', type: 'PMPM', amount: 1 });
    expect(savedValues(typed)).toEqual([admin]);
    const kept = saveRow(typed, newKey);
    expect(savedValues(kept)).toEqual([admin, { name: 'Custom Fee', type: 'PMPM', amount: 1 }]);
    expect(differsFrom(kept, [admin])).toBe(true);
    expect(differsFrom(rowsFrom([admin]), [admin])).toBe(false);
  });
});

describe('fee list before a save (spec 3 §5)', () => {
  it.each([
    ['rows saved and unchanged', () => rowsFrom([admin]), null],
    [
      'an unsaved new row',
      () => addRow(rowsFrom([admin]), blank),
      INCUMBENT_MESSAGES.notSavedTitle,
    ],
    [
      'an amount of zero',
      () => rowsFrom([{ ...admin, amount: 0 }]),
      INCUMBENT_MESSAGES.notSavedTitle,
    ],
    [
      'two rows of one name (case and spaces aside)',
      () => rowsFrom([admin, { ...admin, name: ' administrative  fee ' }]),
      'Duplicate Names:',
    ],
  ])('%s', (_what, make, title) => {
    const problem = listProblem(make());
    if (title === null) expect(problem.kind).toBe('none');
    else expect(problem).toMatchObject({ kind: 'refused', title });
  });

  it('the spec explanations go with their titles', () => {
    expect(listProblem(rowsFrom([{ ...admin, amount: 0 }]))).toEqual({
      kind: 'refused',
      title: INCUMBENT_MESSAGES.notSavedTitle,
      text: INCUMBENT_MESSAGES.notSavedDetail,
    });
    expect(listProblem(rowsFrom([admin, admin]))).toMatchObject({
      text: 'Names must be unique.',
    });
  });

  it('an empty list asks to confirm ZERO items', () => {
    expect(listProblem(rowsFrom([]))).toEqual({ kind: 'empty' });
  });
});

describe('a row of its own (spec 3 §5 "Fee rows")', () => {
  it('names each missing field with the domain message', () => {
    expect(rowErrors(blank, false)).toEqual({
      name: INCUMBENT_MESSAGES.missingName,
      type: INCUMBENT_MESSAGES.missingType,
      amount: INCUMBENT_MESSAGES.missingAmount,
    });
    expect(rowErrors(admin, false)).toEqual({});
  });

  it('an RxB pricing row needs its PBM, and three decimals are refused', () => {
    expect(rowErrors(admin, true)).toEqual({ pbm: INCUMBENT_MESSAGES.missingPbm });
    expect(rowErrors({ ...admin, amount: 1.234, pbm: 'ALL' }, true)).toEqual({
      amount: INCUMBENT_MESSAGES.twoDecimals,
    });
  });
});

describe('contacts (spec 3 §5, §7)', () => {
  it('always shows three slots and drops the empty ones before saving', () => {
    const slots = contactSlots([
      { contactName: 'Ann Lee', position: null, email: 'ann@example.com', phone: null },
    ]);
    expect(slots).toHaveLength(3);
    const third = { ...slots[2]!, phone: ' 555-010-0199 ' };
    expect(filledContacts([slots[0]!, slots[1]!, third])).toEqual([
      { contactName: 'Ann Lee', position: null, email: 'ann@example.com', phone: null },
      { contactName: null, position: null, email: null, phone: '555-010-0199' },
    ]);
  });

  it('one notice per field the server named', () => {
    const sent = [
      { contactName: 'Ann Lee', email: 'x' },
      { contactName: null, phone: '1' },
    ];
    expect(
      contactNotices(
        { 'contacts.0.email': 'Invalid email', 'contacts.1.phone': 'Bad phone' },
        sent,
      ),
    ).toEqual([
      { title: 'Ann Lee: Email', message: 'Invalid email' },
      { title: 'Contact 2: Phone', message: 'Bad phone' },
    ]);
  });
});

describe('renewal entries (spec 3 §4 "Other")', () => {
  it('cancelling a blank new entry removes it; a typed or saved one stays', () => {
    const blankNew = newDraft();
    const typed = { ...newDraft(), entry: { ...blankRenewalEntry(), name: 'Renewal 2027' } };
    const saved = { key: 'saved-1', id: 1, entry: blankRenewalEntry() };
    const drafts = [saved, blankNew, typed];
    expect(afterCancel(drafts, blankNew.key)).toEqual([saved, typed]);
    expect(afterCancel(drafts, typed.key)).toEqual(drafts);
    expect(afterCancel(drafts, saved.key)).toEqual(drafts);
  });

  it('setIn changes one nested value and copies only its path', () => {
    const entry = blankRenewalEntry();
    const changed = setIn(entry, ['rebateGuarantees', 'mail', 'claimCount'], 120);
    expect(changed.rebateGuarantees.mail.claimCount).toBe(120);
    expect(entry.rebateGuarantees.mail.claimCount).toBeNull();
    expect(changed.discounts).toBe(entry.discounts);
  });
});
