import { describe, expect, it } from 'vitest';
import {
  eligibilityExportFileName,
  eligibilityExportQuery,
  exportMaintenanceCode,
} from './eligibility-exports.ts';

describe('834 export rules', () => {
  it.each([
    [['create'], '021'],
    [['create', 'update', 'terminate'], '021'],
    [['update'], '001'],
    [['group-change', 'benefit-package-change'], '001'],
    [['terminate'], '024'],
    [['update', 'change-termination'], '024'],
    [['terminate', 'reinstate'], '025'],
    [['reinstate', 'terminate'], '024'],
    [['remove-termination', 'update'], '025'],
  ] as const)('events %j export as maintenance code %s', (events, code) => {
    expect(exportMaintenanceCode(events)).toBe(code);
  });

  it('reads the kind, full by default, and refuses another', () => {
    expect(eligibilityExportQuery.parse({})).toEqual({ kind: 'full' });
    expect(eligibilityExportQuery.parse({ kind: 'changes' })).toEqual({ kind: 'changes' });
    const bad = eligibilityExportQuery.safeParse({ kind: 'all' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Kind must be full or changes');
  });

  it('names the file by organization, kind and day', () => {
    expect(eligibilityExportFileName(42, 'changes', '2026-11-24')).toBe(
      'eligibility-42-changes-20261124.834',
    );
  });
});
