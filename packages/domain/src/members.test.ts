import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { statusLabel } from './codes.ts';
import {
  DEPENDENT_SORT_FIELDS,
  MEMBER_SEARCH_FIELDS,
  MEMBER_SEARCH_RULE_MESSAGE,
  MEMBER_STATUS_LABELS,
  checkMemberSearchFields,
  dependentPath,
  dependentSearchQuery,
  employeePath,
  employeeSearchQuery,
  employeeSearchRow,
  formatMemberName,
  memberSearchAllowed,
  memberStatusFilterOf,
  memberStatusKey,
  organizationEmployeeSearchQuery,
  parseNameSearch,
  relationshipLabel,
  type MemberSearchField,
} from './members.ts';

const TODAY = '2026-11-01';

describe('memberStatusKey', () => {
  it.each([
    [1, null, 'active'],
    [1, '2020-01-01', 'active'],
    [2, '2026-12-01', 'pendingTermination'],
    [9, null, 'terminated'],
    [9, '2026-10-31', 'terminated'],
    // The expiration day itself reads Terminated, as the label does (codes.ts).
    [9, TODAY, 'terminated'],
    [9, '2026-11-02', 'activeWithFutureTermination'],
  ] as const)('status %i expiring %j is %s', (status, expiration, key) => {
    expect(memberStatusKey(status, expiration, TODAY)).toBe(key);
  });

  it('always agrees with the label the screens show', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 9),
        fc.option(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31') })),
        (status, date) => {
          const expiration =
            date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : null;
          const key = memberStatusKey(status, expiration, TODAY);
          expect(MEMBER_STATUS_LABELS[key]).toBe(statusLabel(status, expiration, TODAY));
        },
      ),
    );
  });

  it('files only a record shown as Terminated under the terminated filter', () => {
    expect(memberStatusFilterOf('terminated')).toBe('terminated');
    for (const key of ['active', 'pendingTermination', 'activeWithFutureTermination'] as const) {
      expect(memberStatusFilterOf(key)).toBe('active');
    }
  });
});

describe('formatMemberName', () => {
  it('lists last name first, with the middle initial when there is one', () => {
    expect(formatMemberName({ firstName: 'Ada', middleInitial: 'b', lastName: 'Lovelace' })).toBe(
      'Lovelace, Ada B',
    );
    expect(formatMemberName({ firstName: 'Ada', middleInitial: null, lastName: 'Lovelace' })).toBe(
      'Lovelace, Ada',
    );
    expect(formatMemberName({ firstName: 'Ada', middleInitial: ' ', lastName: "O'Neill" })).toBe(
      "O'Neill, Ada",
    );
  });
});

describe('parseNameSearch', () => {
  it.each([
    ['', null],
    ['   ', null],
    [',', null],
    ['Smi', { kind: 'last', term: 'smi' }],
    ['  SMITH  ', { kind: 'last', term: 'smith' }],
    ['Smith, Jo', { kind: 'lastFirst', last: 'smith', first: 'jo' }],
    ['smith,jo ann', { kind: 'lastFirst', last: 'smith', first: 'jo' }],
    ['Smith,', { kind: 'last', term: 'smith' }],
    [', Jo', { kind: 'first', term: 'jo' }],
    ['Jo Smith', { kind: 'pair', a: 'jo', b: 'smith' }],
    ['Jo  Ann   Smith', { kind: 'pair', a: 'jo', b: 'smith' }],
  ] as const)('%j searches %j', (text, expected) => {
    expect(parseNameSearch(text)).toEqual(expected);
  });
});

describe('the two-field rule (spec 1 §5, spec 2 §5)', () => {
  const cases: [Partial<Record<MemberSearchField, unknown>>, string][] = [
    [{}, 'empty'],
    [{ name: '   ', birthDate: '' }, 'empty'],
    [{ name: 'smith' }, 'oneField'],
    [{ processStatus: 'active' }, 'oneField'],
    [{ birthDate: '1980-01-01' }, 'oneField'],
    [{ effectiveDate: '2024-01-01' }, 'oneField'],
    [{ expirationDate: '2024-01-01' }, 'oneField'],
    [{ name: 'smith', processStatus: 'active' }, 'enough'],
    [{ birthDate: '1980-01-01', effectiveDate: '2024-01-01' }, 'enough'],
    [{ memberId: 'PL123' }, 'enough'],
    [{ ssn: '123456789' }, 'enough'],
    [{ alternateId: 'ALT1' }, 'enough'],
    [{ organizationNo: 4 }, 'enough'],
    [{ groupNo: 12 }, 'enough'],
    [{ name: 'smith', organizationNo: 4 }, 'enough'],
  ];
  it.each(cases)('%j is %s', (filters, verdict) => {
    expect(checkMemberSearchFields(filters).verdict).toBe(verdict);
  });

  it('names the fields it counted, in form order', () => {
    expect(checkMemberSearchFields({ birthDate: '1980-01-01', name: 'x' }).fields).toEqual([
      'name',
      'birthDate',
    ]);
  });

  it('lets one field through only when the user confirmed it, and nothing never', () => {
    expect(memberSearchAllowed({ name: 'smith' }, false)).toBe(false);
    expect(memberSearchAllowed({ name: 'smith' }, true)).toBe(true);
    expect(memberSearchAllowed({}, true)).toBe(false);
    expect(memberSearchAllowed({ name: 'smith', birthDate: '1980-01-01' }, false)).toBe(true);
  });

  it('counts every field of the search and no other', () => {
    fc.assert(
      fc.property(fc.subarray([...MEMBER_SEARCH_FIELDS]), (fields) => {
        const filters = Object.fromEntries(fields.map((f) => [f, 'x']));
        const { verdict } = checkMemberSearchFields({ ...filters, limit: 20 } as never);
        const sufficient = fields.some((f) =>
          ['memberId', 'ssn', 'alternateId', 'organizationNo', 'groupNo'].includes(f),
        );
        const expected =
          fields.length === 0 ? 'empty' : fields.length >= 2 || sufficient ? 'enough' : 'oneField';
        expect(verdict).toBe(expected);
      }),
    );
  });

  it('has a message that names the rule', () => {
    expect(MEMBER_SEARCH_RULE_MESSAGE).toMatch(/^Enter more information to search/);
    expect(MEMBER_SEARCH_RULE_MESSAGE).toMatch(/at least two fields/);
    expect(MEMBER_SEARCH_RULE_MESSAGE).toMatch(/member ID/);
    expect(MEMBER_SEARCH_RULE_MESSAGE).toMatch(/organization/);
  });
});

function issuesOf(
  schema: typeof employeeSearchQuery | typeof dependentSearchQuery,
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('employeeSearchQuery', () => {
  it('reads a full query string', () => {
    expect(
      employeeSearchQuery.parse({
        name: ' Smith, Jo ',
        organizationNo: '4',
        groupNo: '12',
        memberId: 'PL000123',
        ssn: '123-45-6789',
        alternateId: 'ALT-9',
        processStatus: 'terminated',
        birthDate: '1980-02-29',
        effectiveDate: '2024-01-01',
        expirationDate: '2025-12-31',
        confirmOneField: 'true',
        limit: '50',
        offset: '50',
        sort: 'generatedId:desc',
      }),
    ).toEqual({
      name: 'Smith, Jo',
      organizationNo: 4,
      groupNo: 12,
      memberId: 'PL000123',
      ssn: '123456789',
      alternateId: 'ALT-9',
      processStatus: 'terminated',
      birthDate: '1980-02-29',
      effectiveDate: '2024-01-01',
      expirationDate: '2025-12-31',
      confirmOneField: true,
      limit: 50,
      offset: 50,
      sort: { field: 'generatedId', direction: 'desc' },
    });
  });

  it.each([
    [{ name: 'Sm1th' }, 'name'],
    [{ name: 'x'.repeat(61) }, 'name'],
    [{ organizationNo: 'abc' }, 'organizationNo'],
    [{ organizationNo: '0' }, 'organizationNo'],
    [{ groupNo: '-1' }, 'groupNo'],
    [{ memberId: 'PL 1' }, 'memberId'],
    [{ memberId: 'A'.repeat(21) }, 'memberId'],
    [{ ssn: '12345678' }, 'ssn'],
    [{ ssn: '123-456-789' }, 'ssn'],
    [{ alternateId: 'a_b' }, 'alternateId'],
    [{ processStatus: '1' }, 'processStatus'],
    [{ birthDate: '1980-02-30' }, 'birthDate'],
    [{ effectiveDate: '01/01/2024' }, 'effectiveDate'],
    [{ expirationDate: 'soon' }, 'expirationDate'],
    [{ confirmOneField: 'yes' }, 'confirmOneField'],
    [{ sort: 'ssn:asc' }, 'sort'],
  ])('refuses %j naming %s', (input, field) => {
    expect(issuesOf(employeeSearchQuery, input)).toEqual([field]);
  });

  it('takes the organization from the path on the organization route', () => {
    expect(organizationEmployeeSearchQuery.parse({ organizationNo: '4' })).not.toHaveProperty(
      'organizationNo',
    );
  });
});

describe('dependentSearchQuery', () => {
  it('sorts by its own fields and has no alternate ID', () => {
    expect(DEPENDENT_SORT_FIELDS).toContain('relationship');
    expect(issuesOf(dependentSearchQuery, { sort: 'generatedId:asc' })).toEqual(['sort']);
    expect(dependentSearchQuery.parse({ alternateId: 'X1' })).not.toHaveProperty('alternateId');
    expect(
      dependentSearchQuery.parse({ ssn: '123456789', sort: 'relationship:asc' }),
    ).toMatchObject({ ssn: '123456789', sort: { field: 'relationship', direction: 'asc' } });
  });
});

describe('rows and links', () => {
  it('lists no SSN in an employee row: the schema strips it', () => {
    const row = employeeSearchRow.parse({
      employeeNo: 1,
      organizationNo: 2,
      organizationName: 'Org',
      name: 'Lovelace, Ada',
      firstName: 'Ada',
      middleInitial: null,
      lastName: 'Lovelace',
      generatedId: 'PL1',
      clientId: null,
      birthdate: '1980-01-01',
      effectiveDate: '2020-01-01',
      expirationDate: null,
      processStatus: 1,
      status: 'active',
      groupNo: 3,
      groupId: '00002-01',
      groupName: 'Salaried',
      ssn: '123-45-6789',
      ssnEncrypted: 'x',
    });
    expect(row).not.toHaveProperty('ssn');
    expect(row).not.toHaveProperty('ssnEncrypted');
  });

  it('links to the member and dependent pages', () => {
    expect(employeePath(4, 10)).toBe('/organizations/4/employees/10');
    expect(dependentPath(4, 10, 7)).toBe('/organizations/4/employees/10/dependents/7');
    expect(relationshipLabel(2)).toBe('Spouse');
    expect(relationshipLabel(42)).toBe('Unknown');
  });
});
