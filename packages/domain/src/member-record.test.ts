import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DEFAULT_MEMBER_SETTINGS,
  MEMBER_RECORD_MESSAGES,
  addDivisionBody,
  ageInYears,
  applyClientIdRules,
  benefitPackageChangeBody,
  clientIdFieldSchema,
  employeeCreateSchema,
  employeeDetail,
  employeeUpdateSchema,
  groupAllowsTerminationRemoval,
  groupChangeBody,
  groupChangeWarning,
  groupSelectable,
  lifecycleDateError,
  memberActions,
  nextDay,
  optionalPersonCode,
  personCodeChangeAllowed,
  reinstatementBody,
  terminationBody,
  type MemberActionsInput,
  type OrganizationMemberSettings,
} from './member-record.ts';
import { MESSAGES } from './validation.ts';

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const settings = (over: Partial<OrganizationMemberSettings> = {}): OrganizationMemberSettings => ({
  ...DEFAULT_MEMBER_SETTINGS,
  ...over,
});

const validCreate = {
  firstName: 'Ann',
  lastName: "O'Neil",
  birthdate: '1980-02-03',
  gender: 'F',
  ssn: '123456789',
  effectiveDate: '2024-01-01',
  benefitGroupId: 3,
};

describe('client ID', () => {
  // [min, max, pad, ltrim, rtrim, mode, value, message or null]
  const table: [
    number | null,
    number | null,
    boolean,
    boolean,
    boolean,
    'create' | 'edit',
    string,
    string | null,
  ][] = [
    [3, 6, false, false, false, 'create', 'ab', 'Client ID must be 3 to 6 characters.'],
    [3, 6, false, false, false, 'create', 'abcdefg', 'Client ID must be 3 to 6 characters.'],
    [3, 6, false, false, false, 'create', 'abcd', null],
    [3, null, false, false, false, 'create', 'ab', 'Client ID must be at least 3 characters.'],
    [null, 6, false, false, false, 'create', 'abcdefg', 'Client ID cannot exceed 6 characters.'],
    [null, null, false, false, false, 'create', 'a'.repeat(40), null],
    // Create applies every limit, whatever padding or trimming does.
    [3, 6, true, true, true, 'create', 'ab', 'Client ID must be 3 to 6 characters.'],
    [3, 6, true, true, true, 'create', 'abcdefg', 'Client ID must be 3 to 6 characters.'],
    // Edit: padding skips the minimum, trimming (left or right) the maximum.
    [3, 6, true, false, false, 'edit', 'ab', null],
    [3, 6, true, false, false, 'edit', 'abcdefg', 'Client ID cannot exceed 6 characters.'],
    [3, 6, false, true, false, 'edit', 'abcdefg', null],
    [3, 6, false, true, false, 'edit', 'ab', 'Client ID must be at least 3 characters.'],
    [3, 6, false, false, true, 'edit', 'abcdefg', null],
    [3, 6, true, true, false, 'edit', 'a', null],
    [3, 6, false, false, false, 'edit', 'ab', 'Client ID must be 3 to 6 characters.'],
    [3, 6, false, false, false, 'edit', '', null],
  ];
  it.each(table)(
    'min %s max %s pad %s ltrim %s rtrim %s on %s: %s',
    (min, max, pad, ltrim, rtrim, mode, value, message) => {
      const schema = clientIdFieldSchema(
        settings({
          clientIdMinimumLength: min,
          clientIdMaximumLength: max,
          padClientIdWithLeadingZeros: pad,
          ltrimClientId: ltrim,
          rtrimClientId: rtrim,
        }),
        mode,
      );
      expect(messagesOf(schema, value)).toEqual(message ? [message] : []);
    },
  );

  const rules = (over: Partial<OrganizationMemberSettings>) =>
    settings({ clientIdMinimumLength: 4, clientIdMaximumLength: 6, ...over });
  it.each([
    ['  12 ', {}, '12'],
    ['', {}, null],
    [null, {}, null],
    ['12', { padClientIdWithLeadingZeros: true }, '0012'],
    ['1234', { padClientIdWithLeadingZeros: true }, '1234'],
    ['12345678', { ltrimClientId: true }, '345678'],
    ['12345678', { rtrimClientId: true }, '123456'],
    ['12345678', { ltrimClientId: true, rtrimClientId: true }, '345678'],
    ['12345678', {}, '12345678'],
  ] as const)('applyClientIdRules(%j, %j) = %j', (value, over, stored) => {
    expect(applyClientIdRules(value, rules(over))).toBe(stored);
  });
});

describe('person code', () => {
  const schema = optionalPersonCode();
  it.each([
    ['12', [], 12],
    [12, [], 12],
    ['', [], null],
    [null, [], null],
    ['12a', [MESSAGES.personCodeNumeric], undefined],
    ['-1', [MESSAGES.personCodeNumeric], undefined],
    ['2147483646', [], 2147483646],
    ['2147483647', [MESSAGES.personCodeMax], undefined],
    ['9999999999', [MESSAGES.personCodeMax], undefined],
    ['00000000001', ['Person Code must not exceed 10 characters'], undefined],
  ] as const)('%j', (value, messages, parsed) => {
    expect(messagesOf(schema, value)).toEqual(messages);
    if (messages.length === 0) expect(schema.parse(value)).toBe(parsed);
  });

  it('may change only where the record allows it', () => {
    expect(personCodeChangeAllowed(1, undefined, false)).toBe(true);
    expect(personCodeChangeAllowed(1, 1, false)).toBe(true);
    expect(personCodeChangeAllowed(1, 2, false)).toBe(false);
    expect(personCodeChangeAllowed(null, null, false)).toBe(true);
    expect(personCodeChangeAllowed(1, 2, true)).toBe(true);
  });
});

describe('employee create', () => {
  it('accepts a complete member and lists every missing required field', () => {
    expect(messagesOf(employeeCreateSchema(settings()), validCreate)).toEqual([]);
    expect(fieldMessages(employeeCreateSchema(settings()), {})).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      birthdate: 'Birth Date is required',
      gender: 'Gender is required',
      ssn: 'SSN is required',
      effectiveDate: 'Effective Date is required',
      benefitGroupId: 'Group is required',
    });
  });

  it('takes the SSN as 9 digits without dashes, optional when the organization generates it', () => {
    const schema = employeeCreateSchema(settings());
    expect(fieldMessages(schema, { ...validCreate, ssn: '123-45-6789' })).toEqual({
      ssn: 'SSN must be 9 digits with no dashes',
    });
    const generating = employeeCreateSchema(settings({ generateEmployeeSSN: true }));
    expect(messagesOf(generating, { ...validCreate, ssn: undefined })).toEqual([]);
    expect(messagesOf(generating, { ...validCreate, ssn: '' })).toEqual([]);
    expect(fieldMessages(generating, { ...validCreate, ssn: '12345' })).toEqual({
      ssn: 'SSN must be 9 digits with no dashes',
    });
  });

  it('requires the address when the organization does', () => {
    const schema = employeeCreateSchema(settings({ requireAddress: true }));
    expect(fieldMessages(schema, validCreate)).toEqual({
      address1: 'Address 1 is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'Zip is required',
    });
    expect(
      messagesOf(schema, {
        ...validCreate,
        address1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
      }),
    ).toEqual([]);
  });

  it('checks every field rule with the spec words', () => {
    const schema = employeeCreateSchema(settings());
    expect(
      fieldMessages(schema, {
        ...validCreate,
        middleInitial: '1',
        address1: 'x'.repeat(41),
        zip: '1234',
        phone: '555-1234',
        email: 'nope',
        state: 'il',
        clientDefinedData: 'x'.repeat(251),
        gender: 'X',
        birthdate: '1980-02-30',
      }),
    ).toEqual({
      middleInitial: 'Middle Initial must be an alphabetic character',
      address1: 'Address must not exceed 40 characters',
      zip: MESSAGES.zip,
      phone: 'Invalid phone number',
      email: 'Invalid email address',
      state: 'State must be two capital letters',
      clientDefinedData: 'Client Defined Data must not exceed 250 characters',
      gender: 'Gender must be M, F or U',
      birthdate: 'Birth Date must be a valid date (YYYY-MM-DD)',
    });
  });

  it('turns empty optional fields into null', () => {
    const parsed = employeeCreateSchema(settings()).parse({
      ...validCreate,
      middleInitial: '',
      phone: '  ',
      personCode: '',
    });
    expect(parsed.middleInitial).toBeNull();
    expect(parsed.phone).toBeNull();
    expect(parsed.personCode).toBeNull();
    expect(parsed.email).toBeUndefined();
  });

  it('needs the COB effective date when COB secondary is checked', () => {
    const schema = employeeCreateSchema(settings({ useCOB: true }));
    expect(fieldMessages(schema, { ...validCreate, isCOBSecondary: true })).toEqual({
      cobSecondaryDate: 'COB Effective Date is required',
    });
    expect(
      messagesOf(schema, { ...validCreate, isCOBSecondary: true, cobSecondaryDate: '2024-01-01' }),
    ).toEqual([]);
    // Without COB the flag is not checked.
    expect(
      messagesOf(employeeCreateSchema(settings()), { ...validCreate, isCOBSecondary: true }),
    ).toEqual([]);
  });
});

describe('employee edit', () => {
  const valid = { firstName: 'Ann', lastName: 'Lee', birthdate: '1980-02-03', gender: 'F' };

  it('takes the SSN with dashes; the mask or nothing keeps it', () => {
    const schema = employeeUpdateSchema(settings());
    expect(fieldMessages(schema, { ...valid, ssn: '123456789' })).toEqual({
      ssn: 'SSN must be 9 digits with dashes',
    });
    expect(schema.parse({ ...valid, ssn: '123-45-6789' }).ssn).toBe('123-45-6789');
    expect(schema.parse({ ...valid, ssn: 'XXX-XX-XXXX' }).ssn).toBeUndefined();
    expect(schema.parse({ ...valid, ssn: null }).ssn).toBeUndefined();
    expect(schema.parse(valid).ssn).toBeUndefined();
  });

  it('leaves out what is not sent and clears what is sent empty', () => {
    const parsed = employeeUpdateSchema(settings()).parse({ ...valid, city: '' });
    expect(parsed.city).toBeNull();
    expect('email' in parsed ? parsed.email : undefined).toBeUndefined();
  });

  it('needs the COB termination date on a mandatory-COB record when unchecked', () => {
    const schema = employeeUpdateSchema(settings({ useCOB: true }), { isCOBMandatory: true });
    expect(fieldMessages(schema, { ...valid, isCOBSecondary: false })).toEqual({
      cobPrimaryDate: 'COB Termination Date is required',
    });
    expect(fieldMessages(schema, { ...valid, isCOBSecondary: null })).toEqual({
      cobPrimaryDate: 'COB Termination Date is required',
    });
    const optional = employeeUpdateSchema(settings({ useCOB: true }));
    expect(messagesOf(optional, { ...valid, isCOBSecondary: null })).toEqual([]);
  });

  it('applies the edit client ID exemptions', () => {
    const schema = employeeUpdateSchema(
      settings({ clientIdMinimumLength: 5, padClientIdWithLeadingZeros: true }),
    );
    expect(messagesOf(schema, { ...valid, clientId: '12' })).toEqual([]);
  });
});

describe('lifecycle bodies', () => {
  it('name their fields', () => {
    expect(fieldMessages(terminationBody, {})).toEqual({
      terminationDate: 'Termination Date is required',
    });
    expect(fieldMessages(reinstatementBody, {})).toEqual({
      benefitGroupId: 'Group is required',
      reinstateDate: 'Reinstatement Date is required',
    });
    expect(
      fieldMessages(groupChangeBody, { benefitGroupId: 'x', changeDate: '2024-13-01' }),
    ).toEqual({
      benefitGroupId: 'Group must be a number',
      changeDate: 'Change Date must be a valid date (YYYY-MM-DD)',
    });
    expect(fieldMessages(benefitPackageChangeBody, {})).toEqual({
      benefitPackageId: 'Benefit Package is required',
      changeDate: 'Change Date is required',
    });
  });

  it('needs both division ID and name when adding a new division', () => {
    expect(
      fieldMessages(addDivisionBody, { divisionEffectiveDate: '2024-01-01', isNew: true }),
    ).toMatchObject({ divisionId: 'Division ID is required' });
    expect(
      fieldMessages(addDivisionBody, {
        divisionEffectiveDate: '2024-01-01',
        divisionId: 'D9',
        isNew: true,
      }),
    ).toEqual({ divisionName: 'Division Name is required' });
    expect(
      messagesOf(addDivisionBody, { divisionEffectiveDate: '2024-01-01', divisionId: 'D1' }),
    ).toEqual([]);
  });

  it.each([
    ['termination', '2023-12-31', MEMBER_RECORD_MESSAGES.terminationBeforeEffective],
    ['termination', '2024-01-01', null],
    ['reinstate', '2023-06-01', MEMBER_RECORD_MESSAGES.reinstateBeforeEffective],
    ['reinstate', '2024-02-01', null],
    ['change', '2023-06-01', MEMBER_RECORD_MESSAGES.changeDateBeforeEffective],
  ] as const)('%s on %s against effective 2024-01-01', (kind, date, message) => {
    expect(lifecycleDateError(kind, date, '2024-01-01')).toBe(message);
  });

  it('warns when a group change changes nothing', () => {
    const base = { currentGroupNo: 1, currentDivisionNo: 5 };
    expect(groupChangeWarning({ ...base, benefitGroupId: 1, divisionNo: 5 })).toBe(
      'Change Group Assignment: You need to change the group or division to update group assignment.',
    );
    expect(groupChangeWarning({ ...base, benefitGroupId: 2, divisionNo: 5 })).toBeNull();
    expect(groupChangeWarning({ ...base, benefitGroupId: 1, divisionNo: 6 })).toBeNull();
    expect(groupChangeWarning({ ...base, benefitGroupId: 1, divisionNo: null })).toBeNull();
    expect(
      groupChangeWarning({
        currentGroupNo: 1,
        currentDivisionNo: null,
        benefitGroupId: 1,
        divisionNo: undefined,
      }),
    ).not.toBeNull();
  });
});

describe('group checks', () => {
  it.each([
    // group status, group expiration, member termination, removal allowed
    [1, null, '2024-06-30', true],
    [1, '2024-12-31', '2024-06-30', true],
    [9, '2024-12-31', '2024-06-30', true],
    [9, '2024-07-01', '2024-06-30', true],
    [9, '2024-06-30', '2024-06-30', false],
    [9, '2024-03-31', '2024-06-30', false],
    [9, null, '2024-06-30', false],
  ] as const)('group %s expiring %s, member terminated %s: %s', (status, exp, term, allowed) => {
    expect(
      groupAllowsTerminationRemoval({ processStatus: status, expirationDate: exp }, term),
    ).toBe(allowed);
  });

  it('selects only groups that are not terminated', () => {
    const today = '2024-06-15';
    expect(groupSelectable({ processStatus: 1, expirationDate: null }, today)).toBe(true);
    expect(groupSelectable({ processStatus: 9, expirationDate: '2024-12-31' }, today)).toBe(true);
    expect(groupSelectable({ processStatus: 9, expirationDate: '2024-06-14' }, today)).toBe(false);
    expect(groupSelectable({ processStatus: 9, expirationDate: null }, today)).toBe(false);
  });
});

describe('memberActions', () => {
  const active = { processStatus: 1, expirationDate: null };
  const openGroup = { processStatus: 1, expirationDate: null };
  const endedGroup = { processStatus: 9, expirationDate: '2024-03-31' };
  const input = (over: Partial<MemberActionsInput>): MemberActionsInput => ({
    ...active,
    group: openGroup,
    canEdit: true,
    supportsDivisions: true,
    ...over,
  });
  const on = (over: Partial<MemberActionsInput>) =>
    Object.entries(memberActions(input(over)))
      .filter(([, v]) => v)
      .map(([k]) => k)
      .sort();

  it.each([
    ['active', {}, ['addDependent', 'changeBenefitPackage', 'changeGroup', 'edit', 'terminate']],
    [
      'pending termination',
      { processStatus: 2 },
      ['addDependent', 'changeBenefitPackage', 'changeGroup', 'edit', 'terminate'],
    ],
    [
      'active without divisions',
      { supportsDivisions: false },
      ['addDependent', 'changeGroup', 'edit', 'terminate'],
    ],
    [
      'terminated, group open',
      { processStatus: 9, expirationDate: '2024-06-30' },
      ['changeTerminationDate', 'edit', 'reinstate', 'removeTermination'],
    ],
    [
      'terminated, group ended first',
      { processStatus: 9, expirationDate: '2024-06-30', group: endedGroup },
      ['changeTerminationDate', 'edit', 'reinstate'],
    ],
    ['no edit permission', { canEdit: false }, []],
    [
      'terminated, no edit permission',
      { processStatus: 9, expirationDate: '2024-06-30', canEdit: false },
      [],
    ],
  ] as const)('%s', (_name, over, expected) => {
    expect(on(over as Partial<MemberActionsInput>)).toEqual([...expected].sort());
  });
});

describe('helpers', () => {
  it('computes the age in whole years', () => {
    expect(ageInYears('2000-06-15', '2024-06-14')).toBe(23);
    expect(ageInYears('2000-06-15', '2024-06-15')).toBe(24);
    expect(ageInYears('2030-01-01', '2024-06-15')).toBe(0);
  });
  it('finds the next day across months and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
  });
  it('answers the masked SSN only', () => {
    const ssn = employeeDetail.shape.ssn;
    expect(ssn.safeParse('XXX-XX-XXXX').success).toBe(true);
    expect(ssn.safeParse(null).success).toBe(true);
    expect(ssn.safeParse('123-45-6789').success).toBe(false);
  });
});
