import { describe, expect, it } from 'vitest';
import {
  countByKind,
  dependentStatuses,
  diffEligibility,
  ELIGIBILITY_IMPORT_MESSAGES as M,
  importSelectionInput,
  maintenanceAction,
  resolveStatus,
  standardEligibilityRow,
  type AdvancedOptions,
  type CurrentEligibility,
  type DiffContext,
  type StandardEligibilityRow,
} from './eligibility-imports.ts';
import { ADVANCED_OPTION_KEYS } from './import-schemas.ts';

const noOptions = Object.fromEntries(
  ADVANCED_OPTION_KEYS.map((k) => [k, false]),
) as AdvancedOptions;
const ctx = (
  options: Partial<AdvancedOptions> = {},
  extra: Partial<DiffContext> = {},
): DiffContext => ({
  organizationId: 'ORG1',
  groups: new Set(['G1', 'G2']),
  today: '2026-11-24',
  fullFile: false,
  options: { ...noOptions, ...options },
  ...extra,
});

const emp = (o: Partial<StandardEligibilityRow> = {}): StandardEligibilityRow => ({
  rowNumber: 1,
  recordType: 'E',
  maintenanceCode: null,
  organizationId: 'ORG1',
  ssn: '111111111',
  employeeSsn: null,
  firstName: 'Ann',
  lastName: 'Lee',
  dateOfBirth: '1980-01-01',
  gender: 'F',
  relationship: '18',
  groupId: 'G1',
  alternateGroupId: null,
  divisionId: null,
  benefitPackage: null,
  effectiveDate: '2026-01-01',
  termDate: null,
  cobra: null,
  retiree: null,
  student: null,
  disabled: null,
  adultDependent: null,
  ...o,
});
const dep = (o: Partial<StandardEligibilityRow> = {}): StandardEligibilityRow =>
  emp({
    rowNumber: 2,
    recordType: 'D',
    ssn: '222222222',
    employeeSsn: '111111111',
    firstName: 'Bo',
    ...o,
  });

const held = (o: Partial<CurrentEligibility> = {}): CurrentEligibility => ({
  memberId: 10,
  recordType: 'E',
  ssn: '111111111',
  employeeSsn: null,
  firstName: 'Ann',
  lastName: 'Lee',
  dateOfBirth: '1980-01-01',
  gender: 'F',
  groupId: 'G1',
  divisionId: null,
  benefitPackage: null,
  effectiveDate: '2026-01-01',
  termDate: null,
  cobra: false,
  retiree: false,
  student: false,
  disabled: false,
  adultDependent: false,
  ...o,
});

/** The diff as a table: kind, field, old, new (or rejected field and message). */
const table = (rows: StandardEligibilityRow[], current: CurrentEligibility[], c = ctx()) => {
  const { changes, rejected } = diffEligibility(rows, current, c);
  return {
    changes: changes.map((x) => [x.kind, x.field, x.oldValue, x.newValue, x.changeDate]),
    rejected: rejected.map((x) => [x.rowNumber, x.field, x.message]),
  };
};

describe('834 maintenance codes', () => {
  it.each([
    ['021', 'add'],
    ['001', 'change'],
    ['024', 'terminate'],
    ['025', 'reinstate'],
    ['030', 'audit'],
    [' 024 ', 'terminate'],
    ['002', null],
    [null, null],
  ])('%s is %s', (code, action) => expect(maintenanceAction(code)).toBe(action));

  it('an unknown code rejects the row', () => {
    expect(table([emp({ maintenanceCode: '999' })], []).rejected).toEqual([
      [1, 'maintenanceCode', M.unknownMaintenanceCode],
    ]);
  });
  it('024 terminates on the import day when the file names no date', () => {
    expect(table([emp({ maintenanceCode: '024' })], [held()]).changes).toEqual([
      ['termination', 'termDate', null, '2026-11-24', '2026-11-24'],
    ]);
  });
  it('025 reinstates a terminated member', () => {
    expect(
      table([emp({ maintenanceCode: '025' })], [held({ termDate: '2026-06-30' })]).changes,
    ).toEqual([['reinstatement', 'termDate', '2026-06-30', null, '2026-11-24']]);
  });
  it('030 (audit) shows members the file leaves out, and terminates none', () => {
    const out = table(
      [emp({ maintenanceCode: '030' })],
      [held(), held({ memberId: 11, ssn: '333333333' })],
    );
    expect(out.changes).toEqual([['absent', null, null, null, '2026-11-24']]);
  });
});

describe('the diff, each kind of change', () => {
  it('new member and new dependent', () => {
    expect(table([emp(), dep()], []).changes).toEqual([
      ['newMember', null, null, 'Lee, Ann', '2026-11-24'],
      ['newDependent', null, null, 'Lee, Bo', '2026-11-24'],
    ]);
  });
  it('a changed field with old and new values; an unchanged row changes nothing', () => {
    expect(table([emp({ lastName: 'Kim' })], [held()]).changes).toEqual([
      ['fieldChange', 'lastName', 'Lee', 'Kim', '2026-11-24'],
    ]);
    expect(table([emp()], [held()]).changes).toEqual([]);
  });
  it('termination by term date, and a termination before the effective date rejected', () => {
    expect(table([emp({ termDate: '2026-12-31' })], [held()]).changes).toEqual([
      ['termination', 'termDate', null, '2026-12-31', '2026-11-24'],
    ]);
    expect(table([emp({ termDate: '2025-12-31' })], [held()]).rejected).toEqual([
      [1, 'termDate', M.terminationBeforeEffective],
    ]);
  });
  it('reinstatement when the file drops the term date', () => {
    expect(table([emp()], [held({ termDate: '2026-03-31' })]).changes[0]?.[0]).toBe(
      'reinstatement',
    );
  });
  it('group, division and benefit-package changes', () => {
    expect(
      table(
        [emp({ groupId: 'G2', divisionId: 'D2', benefitPackage: 'BP2' })],
        [held({ divisionId: 'D1', benefitPackage: 'BP1' })],
      ).changes,
    ).toEqual([
      ['groupChange', 'groupId', 'G1', 'G2', '2026-11-24'],
      ['divisionChange', 'divisionId', 'D1', 'D2', '2026-11-24'],
      ['benefitPackageChange', 'benefitPackage', 'BP1', 'BP2', '2026-11-24'],
    ]);
  });
  it('a group outside the organization is rejected', () => {
    expect(table([emp({ groupId: 'OTHER' })], [held()]).rejected).toEqual([
      [1, 'groupId', M.groupOutsideOrganization],
    ]);
  });
  it('duplicate SSNs in one file reject every row carrying it', () => {
    expect(table([emp(), emp({ rowNumber: 2 })], []).rejected).toEqual([
      [1, 'ssn', M.duplicateSsn],
      [2, 'ssn', M.duplicateSsn],
    ]);
  });
  it('a dependent whose employee is nowhere is rejected', () => {
    expect(table([dep({ employeeSsn: '999999999' })], []).rejected).toEqual([
      [2, 'employeeSsn', M.employeeNotFound],
    ]);
  });
  it('a full file shows absent members and does not terminate them', () => {
    const out = table(
      [emp()],
      [held(), held({ memberId: 11, ssn: '333333333' })],
      ctx({}, { fullFile: true }),
    );
    expect(out.changes).toEqual([['absent', null, null, null, '2026-11-24']]);
    expect(table([emp()], [held(), held({ memberId: 11, ssn: '333333333' })]).changes).toEqual([]);
  });
  it('counts by kind name every kind', () => {
    const counts = countByKind(diffEligibility([emp(), dep()], [], ctx()).changes);
    expect(counts.newMember).toBe(1);
    expect(counts.newDependent).toBe(1);
    expect(counts.absent).toBe(0);
  });
});

describe('each advanced option on and off', () => {
  it('useInputDate: the file date, or the import day', () => {
    const rows = [emp({ termDate: '2026-12-31' })];
    expect(table(rows, [held()], ctx({ useInputDate: true })).changes[0]?.[4]).toBe('2026-12-31');
    expect(table(rows, [held()], ctx()).changes[0]?.[4]).toBe('2026-11-24');
  });
  it.each([
    ['student', 'useRetainStudentStatus', 'D'],
    ['disabled', 'useRetainDisabledDependentStatus', 'D'],
    ['adultDependent', 'useRetainAdultDependentStatus', 'D'],
    ['cobra', 'useRetainCobraStatus', 'E'],
    ['retiree', 'useRetainRetireeStatus', 'E'],
  ] as const)('%s blank: kept with %s, cleared without', (field, option, type) => {
    const row = type === 'D' ? dep() : emp();
    const current =
      type === 'D'
        ? [
            held(),
            held({
              memberId: 12,
              recordType: 'D',
              ssn: '222222222',
              firstName: 'Bo',
              [field]: true,
            }),
          ]
        : [held({ [field]: true })];
    expect(table([row], current, ctx({ [option]: true })).changes).toEqual([]);
    expect(table([row], current, ctx()).changes).toEqual([
      ['fieldChange', field, 'Y', 'N', '2026-11-24'],
    ]);
    expect(resolveStatus(field, 'Y', false, noOptions)).toBe(true);
  });
  it.each([
    ['student', 4, 'useRetainStudentStatus'],
    ['disabled', 5, 'useRetainDisabledDependentStatus'],
    ['adultDependent', 6, 'useRetainAdultDependentStatus'],
  ] as const)(
    '%s is held as relationship %i: a blank keeps it with %s, clears it without; Y on another status moves it',
    (field, code, option) => {
      const statuses = dependentStatuses(code);
      expect(Object.entries(statuses).filter(([, on]) => on)).toEqual([[field, true]]);
      const current = [
        held(),
        held({ memberId: 12, recordType: 'D', ssn: '222222222', firstName: 'Bo', ...statuses }),
      ];
      expect(table([dep()], current, ctx({ [option]: true })).changes).toEqual([]);
      expect(table([dep()], current, ctx()).changes).toEqual([
        ['fieldChange', field, 'Y', 'N', '2026-11-24'],
      ]);
      // A stated N clears it even when the option is on.
      expect(table([dep({ [field]: 'N' })], current, ctx({ [option]: true })).changes).toEqual([
        ['fieldChange', field, 'Y', 'N', '2026-11-24'],
      ]);
      // A child (3) and a spouse (2) hold none of them: a blank changes nothing either way.
      const child = [held(), { ...current[1]!, ...dependentStatuses(3) }];
      expect(table([dep()], child, ctx()).changes).toEqual([]);
      expect(dependentStatuses(2)).toEqual({
        student: false,
        disabled: false,
        adultDependent: false,
      });
    },
  );
  it('dependentRecordPrecededByEmployeeRecord: the employee before it, or by SSN', () => {
    const rows = [emp(), dep({ employeeSsn: null })];
    expect(
      table(rows, [], ctx({ dependentRecordPrecededByEmployeeRecord: true })).rejected,
    ).toEqual([]);
    expect(table(rows, [], ctx()).rejected).toEqual([[2, 'employeeSsn', M.employeeNotFound]]);
  });
  it('forceGroupChangeForCobraMembers: a member going on COBRA moves group only when on', () => {
    const rows = [emp({ cobra: 'Y', groupId: 'G2' })];
    expect(
      table(rows, [held()], ctx({ forceGroupChangeForCobraMembers: true })).changes.map(
        (c) => c[0],
      ),
    ).toEqual(['fieldChange', 'groupChange']);
    expect(table(rows, [held()], ctx()).changes.map((c) => c[0])).toEqual(['fieldChange']);
  });
  it("supportsOrganizationValidation: another organization's record is refused only when on", () => {
    const rows = [emp({ organizationId: 'ORG2' })];
    expect(table(rows, [], ctx({ supportsOrganizationValidation: true })).rejected).toEqual([
      [1, 'organizationId', M.organizationMismatch],
    ]);
    expect(table(rows, [], ctx()).rejected).toEqual([]);
  });
  it('supportsAlternateBenefitGroup: the alternate group when the primary is unknown', () => {
    const rows = [emp({ groupId: 'NOPE', alternateGroupId: 'G2' })];
    expect(table(rows, [held()], ctx({ supportsAlternateBenefitGroup: true })).changes).toEqual([
      ['groupChange', 'groupId', 'G1', 'G2', '2026-11-24'],
    ]);
    expect(table(rows, [held()], ctx()).rejected).toEqual([
      [1, 'groupId', M.groupOutsideOrganization],
    ]);
  });
  it('supportsUpdateOnlyRecords: a member not in Pillar is reported and skipped', () => {
    expect(table([emp()], [], ctx({ supportsUpdateOnlyRecords: true }))).toEqual({
      changes: [],
      rejected: [[1, 'ssn', M.updateOnlyNotInPillar]],
    });
    expect(table([emp()], []).changes).toHaveLength(1);
  });
  it('subordinateRecordsWithTermDateEqualToEffectiveDate: a one-day dependent loads only when on', () => {
    const rows = [emp(), dep({ termDate: '2026-01-01' })];
    expect(
      table(rows, [], ctx({ subordinateRecordsWithTermDateEqualToEffectiveDate: true })).rejected,
    ).toEqual([]);
    expect(table(rows, [], ctx()).rejected).toEqual([[2, 'termDate', M.voidRecord]]);
  });
});

describe('a user restricted to some groups of the organization', () => {
  const restricted = (extra: Partial<DiffContext> = {}) =>
    ctx({}, { permittedGroups: new Set(['G1']), ...extra });
  it('changes members of its groups only: another group is rejected, as is a move into it', () => {
    const current = [
      held(),
      held({ memberId: 11, ssn: '333333333', firstName: 'Cy', groupId: 'G2' }),
    ];
    const rows = [
      emp({ lastName: 'Lea' }), // G1: changed
      emp({ rowNumber: 2, ssn: '333333333', firstName: 'Cy', groupId: 'G1', lastName: 'Moss' }), // held in G2
      emp({ rowNumber: 3, ssn: '444444444', firstName: 'Di', groupId: 'G2' }), // new, into G2
      emp({ rowNumber: 4, ssn: '555555555', firstName: 'Ed' }), // new, into G1
    ];
    expect(table(rows, current, restricted())).toEqual({
      changes: [
        ['fieldChange', 'lastName', 'Lee', 'Lea', '2026-11-24'],
        ['newMember', null, null, 'Lee, Ed', '2026-11-24'],
      ],
      rejected: [
        [2, 'ssn', M.memberGroupNotPermitted],
        [3, 'groupId', M.groupNotPermitted],
      ],
    });
    // Unrestricted, the same file changes both groups.
    expect(table(rows, current).rejected).toEqual([]);
  });
  it("a new dependent of another group's employee is rejected", () => {
    const current = [held({ groupId: 'G2' })];
    expect(table([dep({ groupId: null })], current, restricted()).rejected).toEqual([
      [2, 'ssn', M.memberGroupNotPermitted],
    ]);
  });
  it('a full file lists the absent members of its own groups only', () => {
    const current = [
      held(),
      held({ memberId: 11, ssn: '333333333', groupId: 'G1' }),
      held({ memberId: 12, ssn: '444444444', groupId: 'G2' }),
    ];
    const absent = (c: DiffContext) =>
      diffEligibility([emp()], current, c)
        .changes.filter((x) => x.kind === 'absent')
        .map((x) => x.ssn);
    expect(absent(restricted({ fullFile: true }))).toEqual(['333333333']);
    expect(absent(ctx({}, { fullFile: true }))).toEqual(['333333333', '444444444']);
  });
});

describe('row and selection schemas', () => {
  it('refuses NUL bytes and over-long names', () => {
    expect(standardEligibilityRow.safeParse(emp({ firstName: 'A\u0000' })).success).toBe(false);
    expect(standardEligibilityRow.safeParse(emp({ lastName: 'x'.repeat(30) })).success).toBe(false);
    expect(standardEligibilityRow.safeParse(emp()).success).toBe(true);
  });
  it('deselected ids are int4', () => {
    expect(
      importSelectionInput.safeParse({ acceptAll: false, deselected: [2 ** 31] }).success,
    ).toBe(false);
    expect(importSelectionInput.parse({ acceptAll: true })).toEqual({
      acceptAll: true,
      deselected: [],
    });
  });
});
