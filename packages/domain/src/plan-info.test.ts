import { describe, expect, it } from 'vitest';
import {
  aorExpirationDate,
  aorQuery,
  aorStatus,
  canLookUpAor,
  hasGroupInformation,
  isAorExpired,
  pbcFileName,
  pbcQuery,
  type GroupInformation,
} from './plan-info.ts';

describe('AOR expiry: one year after signing (spec 2 §9)', () => {
  it.each([
    // signDate, expirationDate
    ['2025-03-10', '2026-03-10'],
    ['2025-12-31', '2026-12-31'],
    ['2025-01-01', '2026-01-01'],
    // No 29 February next year: the last day is the 28th, not 1 March.
    ['2024-02-29', '2025-02-28'],
    ['2023-02-28', '2024-02-28'],
  ])('signed %s lasts through %s', (signDate, expirationDate) => {
    expect(aorExpirationDate(signDate)).toBe(expirationDate);
  });

  it.each([
    // signDate, today, expired
    ['2025-03-10', '2025-03-10', false], // the day it is signed
    ['2025-03-10', '2026-03-09', false], // the day before the anniversary
    ['2025-03-10', '2026-03-10', false], // the anniversary itself: still valid
    ['2025-03-10', '2026-03-11', true], // the day after: expired
    ['2025-03-10', '2027-01-01', true],
    ['2024-02-29', '2025-02-28', false],
    ['2024-02-29', '2025-03-01', true],
    ['2025-12-31', '2026-12-31', false],
    ['2025-12-31', '2027-01-01', true],
  ])('signed %s, on %s expired=%s', (signDate, today, expired) => {
    expect(isAorExpired(signDate, today)).toBe(expired);
    expect(aorStatus(signDate, today)).toBe(expired ? 'Expired' : 'Current');
  });

  it('refuses a value that is not a date', () => {
    expect(() => aorExpirationDate('2025-02-30')).toThrow();
  });
});

describe('AOR lookup identifiers (spec 2 §5)', () => {
  const full = { memberID: 'PLR-100234', orgID: '3', employeeNo: '12', dependentNo: '4' };

  it('parses the query with or without a dependent', () => {
    expect(aorQuery.parse(full)).toEqual({
      memberID: 'PLR-100234',
      orgID: 3,
      employeeNo: 12,
      dependentNo: 4,
    });
    const { dependentNo: _omit, ...employee } = full;
    expect(aorQuery.parse(employee)).toEqual({ memberID: 'PLR-100234', orgID: 3, employeeNo: 12 });
  });

  it.each([
    ['memberID', 'memberID is required'],
    ['orgID', 'orgID is required'],
    ['employeeNo', 'employeeNo is required'],
  ] as const)('names a missing %s', (field, message) => {
    const { [field]: _missing, ...rest } = full;
    const issues = aorQuery.safeParse(rest).error!.issues;
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
    // Blank counts as missing.
    const blank = aorQuery.safeParse({ ...full, [field]: '' }).error!.issues;
    expect(blank.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });

  it.each([
    [{ memberID: 'PLR 1' }, 'memberID', 'memberID may contain only letters, digits and hyphens'],
    [{ memberID: 'A'.repeat(21) }, 'memberID', 'memberID must not exceed 20 characters'],
    [{ orgID: 'x' }, 'orgID', 'orgID must be a number'],
    [{ employeeNo: '2147483648' }, 'employeeNo', 'employeeNo is too large'],
    [{ dependentNo: '0' }, 'dependentNo', 'dependentNo must be positive'],
  ])('refuses %o', (patch, field, message) => {
    const issues = aorQuery.safeParse({ ...full, ...patch }).error!.issues;
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });

  it.each([
    [{ memberID: 'PLR-1', orgID: 1, employeeNo: 2 }, true],
    [{ memberID: ' ', orgID: 1, employeeNo: 2 }, false],
    [{ memberID: 'PLR-1', orgID: null, employeeNo: 2 }, false],
    [{ memberID: 'PLR-1', orgID: 1, employeeNo: undefined }, false],
    [{ memberID: null, orgID: 1, employeeNo: 2 }, false],
  ])('canLookUpAor(%o) is %s', (ids, expected) => {
    expect(canLookUpAor(ids)).toBe(expected);
  });
});

describe('PBC query: a member or an organization', () => {
  it.each([
    [{ employeeNo: '5' }, { employeeNo: 5 }],
    [
      { employeeNo: '5', dependentNo: '2' },
      { employeeNo: 5, dependentNo: 2 },
    ],
    [{ orgId: '7' }, { orgId: 7 }],
  ])('accepts %o', (query, parsed) => {
    expect(pbcQuery.parse(query)).toEqual(parsed);
  });

  it.each([
    [{}, 'employeeNo', 'employeeNo or orgId is required'],
    [{ dependentNo: '2' }, 'employeeNo', 'employeeNo or orgId is required'],
    [{ orgId: 'abc' }, 'orgId', 'orgId must be a number'],
  ])('refuses %o naming %s', (query, field, message) => {
    const issues = pbcQuery.safeParse(query).error!.issues;
    expect(issues[0]!.path.join('.')).toBe(field);
    expect(issues[0]!.message).toBe(message);
  });

  it('names the file after the plan and its effective date', () => {
    expect(pbcFileName('2026 Rx Core PPO', '2026-01-01')).toBe(
      'PBC-2026-Rx-Core-PPO-2026-01-01.pdf',
    );
    expect(pbcFileName('***', '2026-01-01')).toBe('PBC-plan-2026-01-01.pdf');
  });
});

describe('group information emptiness', () => {
  const empty: GroupInformation = {
    organizationNo: 1,
    contacts: {
      accountManager: null,
      strategicAccountExecutive: null,
      brokerageFirm: null,
      medicalVendor: null,
      planNo: null,
    },
    materials: [],
    programs: { formulary: null, dispenseAsWritten: null, others: [] },
    planNotes: [],
    planChanges: [],
  };

  it('is empty with no contacts, programs, materials, notes or changes', () => {
    expect(hasGroupInformation(empty)).toBe(false);
  });

  it.each([
    { ...empty, contacts: { ...empty.contacts, planNo: 'RX-1' } },
    { ...empty, programs: { ...empty.programs, formulary: 'National Preferred' } },
    { ...empty, planChanges: [{ changeNo: 1, effectiveDate: '2026-01-01', description: 'x' }] },
  ])('has data when one part is filled (%#)', (info) => {
    expect(hasGroupInformation(info)).toBe(true);
  });
});
