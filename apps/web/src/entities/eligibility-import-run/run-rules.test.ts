import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type ChangeKind, type ImportRun } from '@pillar/domain';
import {
  applyBlocker,
  formatTimeLeft,
  isRunWorking,
  runOutcome,
  runPercent,
  selectableChanges,
  totalChanges,
} from './run-rules.ts';

const counts = (over: Partial<Record<ChangeKind, number>> = {}) =>
  Object.fromEntries(CHANGE_KINDS.map((k) => [k, over[k] ?? 0])) as Record<ChangeKind, number>;

function run(over: Partial<ImportRun> = {}): ImportRun {
  return {
    runId: 1,
    eicNo: 2,
    organizationId: 3,
    fileName: 'roster.csv',
    fileFormat: 'csv',
    status: 'previewed',
    createdBy: 'Dana Data',
    createdAt: '2026-11-24T10:00:00Z',
    appliedBy: null,
    appliedAt: null,
    rowsRead: 0,
    rowsValidated: 0,
    rowsApplied: 0,
    rowsSelected: 0,
    rowsRejected: 0,
    secondsLeft: null,
    counts: counts(),
    has999: false,
    hasTa1: false,
    fullFile: false,
    error: null,
    ...over,
  };
}

describe('isRunWorking', () => {
  it('polls while queued, reading or applying, not once previewed, applied or failed', () => {
    expect(['queued', 'reading', 'applying'].map((s) => isRunWorking(s as never))).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['previewed', 'applied', 'failed', 'cancelled'].map((s) => isRunWorking(s as never)),
    ).toEqual([false, false, false, false]);
    expect(isRunWorking(undefined)).toBe(false);
  });
});

describe('runPercent', () => {
  it('reads: validated of read; applies: applied of selected; done: 100', () => {
    expect(runPercent(run({ status: 'queued', rowsRead: 5 }))).toBe(0);
    expect(runPercent(run({ status: 'reading', rowsRead: 400, rowsValidated: 100 }))).toBe(25);
    expect(runPercent(run({ status: 'reading', rowsRead: 0 }))).toBe(0);
    expect(runPercent(run({ status: 'applying', rowsSelected: 3, rowsApplied: 2 }))).toBe(66);
    expect(runPercent(run({ status: 'applying', rowsSelected: 3, rowsApplied: 9 }))).toBe(100);
    expect(runPercent(run({ status: 'previewed' }))).toBe(100);
    expect(runPercent(run({ status: 'applied' }))).toBe(100);
  });
});

describe('formatTimeLeft', () => {
  it('words seconds, minutes and hours; nothing without an estimate', () => {
    expect(formatTimeLeft(null)).toBeNull();
    expect(formatTimeLeft(-1)).toBeNull();
    expect(formatTimeLeft(4.2)).toBe('about 5 s left');
    expect(formatTimeLeft(60)).toBe('about 1 min left');
    expect(formatTimeLeft(125)).toBe('about 2 min 5 s left');
    expect(formatTimeLeft(3 * 3600 + 61)).toBe('about 3 h 1 min left');
  });
});

describe('applyBlocker', () => {
  it('allows Apply only on a previewed run with something selected', () => {
    expect(applyBlocker(run({ status: 'previewed' }), 1)).toBeNull();
    expect(applyBlocker(run({ status: 'previewed' }), 0)).toBe('No change is selected.');
    expect(applyBlocker(run({ status: 'reading' }), 4)).toMatch(/no preview/);
    expect(applyBlocker(run({ status: 'applied' }), 4)).toMatch(/already been applied/);
  });
});

describe('totalChanges and runOutcome', () => {
  it('sums every kind and words the outcome by status', () => {
    const r = run({ counts: counts({ newMember: 2, absent: 1, fieldChange: 4 }), rowsRejected: 3 });
    expect(totalChanges(r)).toBe(7);
    // Absent members are shown but never selected or applied.
    expect(selectableChanges(r)).toBe(6);
    expect(runOutcome(r)).toBe('7 changes to review, 3 rows rejected');
    expect(runOutcome(run({ status: 'applied', rowsApplied: 1200, rowsRejected: 1 }))).toBe(
      '1,200 changes applied, 1 row rejected',
    );
    expect(runOutcome(run({ status: 'failed', error: 'Bad file' }))).toBe('Bad file');
    expect(runOutcome(run({ status: 'reading' }))).toBe('In progress');
  });
});
