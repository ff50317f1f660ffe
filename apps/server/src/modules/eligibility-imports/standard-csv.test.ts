import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_IMPORT_MESSAGES as M } from '@pillar/domain';
import { readStandardCsv, STANDARD_COLUMNS } from './standard-csv.ts';

const header = STANDARD_COLUMNS.join(',');
const line = (o: Partial<Record<(typeof STANDARD_COLUMNS)[number], string>>) =>
  STANDARD_COLUMNS.map((c) => o[c] ?? '').join(',');
const employee = {
  recordType: 'E',
  maintenanceCode: '021',
  ssn: '111111111',
  firstName: 'Ann',
  lastName: 'Lee',
  dateOfBirth: '1980-01-01',
  gender: 'F',
  groupId: 'G1',
  effectiveDate: '2026-01-01',
};

describe('standard-layout files', () => {
  it('reads rows and rejects bad ones with row number, field and message', () => {
    const out = readStandardCsv(
      [header, line(employee), line({ ...employee, ssn: '12', lastName: 'Kim' }), ''].join('\n'),
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.rows.map((r) => [r.rowNumber, r.ssn, r.lastName, r.termDate])).toEqual([
      [2, '111111111', 'Lee', null],
    ]);
    expect(out.rejected).toEqual([{ rowNumber: 3, field: 'ssn', message: 'SSN must be 9 digits' }]);
  });
  it('refuses an empty file, the wrong layout and a truncated file', () => {
    expect(readStandardCsv('')).toEqual({ ok: false, message: M.emptyFile });
    expect(readStandardCsv(`${header}\n`)).toEqual({ ok: false, message: M.emptyFile });
    expect(readStandardCsv('name,ssn\nAnn,111111111')).toEqual({
      ok: false,
      message: M.wrongLayout,
    });
    expect(readStandardCsv(`${header}\n${line(employee)}\nE,021,,2222`)).toEqual({
      ok: false,
      message: M.truncatedFile,
    });
  });
  it('refuses a NUL byte in a name as a rejected row, not a failure', () => {
    const out = readStandardCsv(`${header}\n${line({ ...employee, firstName: 'A\u0000' })}`);
    expect(out.ok && out.rejected.map((r) => r.field)).toEqual(['firstName']);
  });
});
