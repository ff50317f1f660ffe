import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  MESSAGES,
  addressSchema,
  citySchema,
  clientDefinedDataSchema,
  clientIdOptionsOf,
  clientIdSchema,
  effectiveClientIdLimits,
  emailSchema,
  emptyToNull,
  firstNameSchema,
  fullNameSchema,
  isBlank,
  lastNameSchema,
  middleInitialSchema,
  npiSchema,
  numericSchema,
  personCodeSchema,
  phoneSchema,
  required,
  requiredMessage,
  ssnCreateSchema,
  ssnEditSchema,
  stripEmpty,
  zipSchema,
  type ClientIdOptions,
} from './validation.ts';
import { isoDate } from './dates.ts';
import { applyPhoneMask, applySsnMask, applyZipMask } from './masks.ts';

/** The messages a value gets; [] when it is valid. */
function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const letters = (n: number) => 'a'.repeat(n);

describe('spec 1 §5 message texts', () => {
  it('are spelled as the spec spells them', () => {
    expect(MESSAGES.addressMax).toBe('Address must not exceed 40 characters');
    expect(MESSAGES.invalidEmail).toBe('Invalid email address');
    expect(MESSAGES.middleInitialAlphabetic).toBe('Middle Initial must be an alphabetic character');
    expect(MESSAGES.numeric).toBe('Only numeric values or a single decimal point are allowed');
    expect(MESSAGES.invalidPhone).toBe('Invalid phone number');
    expect(MESSAGES.zip).toBe(
      'Zip must include 5 digits (#####) or 5 digits-4 digits (#####-####)',
    );
    expect(MESSAGES.npiLength).toBe('NPI must equal 10 characters');
    expect(MESSAGES.ssnEdit).toBe('SSN must be 9 digits with dashes');
    expect(MESSAGES.ssnCreate).toBe('SSN must be 9 digits with no dashes');
    expect(MESSAGES.personCodeNumeric).toBe('Person Code must be numeric');
    expect(MESSAGES.personCodeMax).toBe('Person Code must be less than 2147483647');
    expect(MESSAGES.clientIdRange(5, 12)).toBe('Client ID must be 5 to 12 characters.');
    expect(MESSAGES.clientIdMin(5)).toBe('Client ID must be at least 5 characters.');
    expect(MESSAGES.clientIdMax(12)).toBe('Client ID cannot exceed 12 characters.');
    expect(MESSAGES.emailRequired).toBe('Email is required');
    expect(MESSAGES.groupChangeRequired).toBe(
      'Change Group Assignment: You need to change the group or division to update group assignment.',
    );
    expect(MESSAGES.groupChangeRequiredNewDivision).toBe(
      'Change Group Assignment: You need to change the group, division id, or division name to update group assignment.',
    );
  });

  it('requiredMessage puts the label in front', () => {
    expect(requiredMessage('First Name')).toBe('First Name is required');
    expect(requiredMessage('Birth Date')).toBe('Birth Date is required');
  });
});

describe('required()', () => {
  const firstName = required(firstNameSchema(), 'First Name');

  it.each([[undefined], [null], [''], ['   '], ['\t']])('refuses %j as missing', (value) => {
    expect(messagesOf(firstName, value)).toEqual(['First Name is required']);
  });

  it('runs the field rules once something is entered', () => {
    expect(firstName.parse("O'Neil")).toBe("O'Neil");
    expect(messagesOf(firstName, 'J0hn')).toEqual([
      'First Name may contain only letters, hyphens, periods or apostrophes',
    ]);
  });

  it('names the missing field inside an object, at its path', () => {
    const form = z.object({
      gender: required(z.enum(['M', 'F', 'U']), 'Gender'),
      birthdate: required(isoDate('Birth Date'), 'Birth Date'),
    });
    const result = form.safeParse({ birthdate: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['gender', 'Gender is required'],
      ['birthdate', 'Birth Date is required'],
    ]);
    expect(form.parse({ gender: 'F', birthdate: '1990-01-31' })).toEqual({
      gender: 'F',
      birthdate: '1990-01-31',
    });
  });

  it('keeps a non-string value that is present, zero included', () => {
    const relationship = required(z.number().int().min(0).max(7), 'Relationship');
    expect(relationship.parse(0)).toBe(0);
    expect(messagesOf(relationship, null)).toEqual(['Relationship is required']);
  });
});

describe('empty values pass every string rule (required() decides about them)', () => {
  it.each([
    ['firstName', firstNameSchema()],
    ['lastName', lastNameSchema()],
    ['fullName', fullNameSchema()],
    ['middleInitial', middleInitialSchema()],
    ['address', addressSchema()],
    ['city', citySchema()],
    ['email', emailSchema()],
    ['numeric', numericSchema()],
    ['phone', phoneSchema()],
    ['zip', zipSchema()],
    ['npi', npiSchema()],
    ['ssnCreate', ssnCreateSchema()],
    ['ssnEdit', ssnEditSchema()],
    ['clientId', clientIdSchema({ min: 5, max: 10, mode: 'create' })],
    ['clientDefinedData', clientDefinedDataSchema()],
  ])('%s accepts ""', (_, schema) => {
    expect(messagesOf(schema, '')).toEqual([]);
  });

  it('and refuse what is not a string', () => {
    expect(messagesOf(firstNameSchema(), 12)).toHaveLength(1);
    expect(messagesOf(zipSchema(), null)).toHaveLength(1);
  });
});

describe('first and last name', () => {
  it.each([
    ['First Name', firstNameSchema()],
    ['Last Name', lastNameSchema()],
  ])('%s: letters, hyphen, period, apostrophe; max 29', (label, schema) => {
    for (const ok of ['Ann', "D'Angelo", 'Smith-Jones', 'St.John', 'Jr.', letters(29)]) {
      expect(messagesOf(schema, ok)).toEqual([]);
    }
    const charMessage = `${label} may contain only letters, hyphens, periods or apostrophes`;
    for (const bad of ['Mary Ann', 'R2D2', 'José', 'A_B', 'Ann!', 'Anne,']) {
      expect(messagesOf(schema, bad)).toEqual([charMessage]);
    }
    expect(messagesOf(schema, letters(30))).toEqual([`${label} must not exceed 29 characters`]);
  });

  it('names the label it is given, and reports only the first broken rule', () => {
    expect(messagesOf(firstNameSchema('Dependent First Name'), '1'.repeat(30))).toEqual([
      'Dependent First Name may contain only letters, hyphens, periods or apostrophes',
    ]);
  });

  it('full name: any characters, max 60', () => {
    expect(messagesOf(fullNameSchema(), `Mary Ann O'Neil ${letters(44)}`)).toEqual([]);
    expect(messagesOf(fullNameSchema(), letters(60))).toEqual([]);
    expect(messagesOf(fullNameSchema(), letters(61))).toEqual([
      'Full Name must not exceed 60 characters',
    ]);
  });
});

describe('middle initial', () => {
  it('accepts one letter of either case', () => {
    expect(messagesOf(middleInitialSchema(), 'Q')).toEqual([]);
    expect(messagesOf(middleInitialSchema(), 'q')).toEqual([]);
  });

  it.each(['1', '.', '-', ' ', 'é'])('refuses %j as not alphabetic', (value) => {
    expect(messagesOf(middleInitialSchema(), value)).toEqual([MESSAGES.middleInitialAlphabetic]);
  });

  it('refuses two letters', () => {
    expect(messagesOf(middleInitialSchema(), 'AB')).toEqual([
      'Middle Initial must not exceed 1 character',
    ]);
  });
});

describe('address, city, client defined data', () => {
  it('address: max 40 with the spec message, whatever the label', () => {
    expect(messagesOf(addressSchema(), `123 Main St ${letters(28)}`)).toEqual([]);
    expect(messagesOf(addressSchema(), letters(41))).toEqual([MESSAGES.addressMax]);
    expect(messagesOf(addressSchema('Address 2'), letters(41))).toEqual([MESSAGES.addressMax]);
  });

  it('city: max 40', () => {
    expect(messagesOf(citySchema(), letters(40))).toEqual([]);
    expect(messagesOf(citySchema(), letters(41))).toEqual(['City must not exceed 40 characters']);
  });

  it('client defined data: max 250', () => {
    expect(messagesOf(clientDefinedDataSchema(), letters(250))).toEqual([]);
    expect(messagesOf(clientDefinedDataSchema(), letters(251))).toEqual([
      'Client Defined Data must not exceed 250 characters',
    ]);
  });
});

describe('email', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    "o'neil+tag@mail.example.org",
    'UPPER@EXAMPLE.COM',
    'x@sub-domain.example.io',
  ])('accepts %s', (value) => {
    expect(messagesOf(emailSchema(), value)).toEqual([]);
  });

  it.each([
    'plain',
    '@example.com',
    'a@',
    'a@localhost',
    'a b@example.com',
    'a@exa mple.com',
    'a@@example.com',
    'a@-example.com',
    'a@example..com',
    ' a@example.com',
  ])('refuses %j', (value) => {
    expect(messagesOf(emailSchema(), value)).toEqual([MESSAGES.invalidEmail]);
  });

  it('max 120: a valid address of 120 passes, of 121 fails on length', () => {
    const at120 = `${letters(108)}@example.com`;
    expect(at120).toHaveLength(120);
    expect(messagesOf(emailSchema(), at120)).toEqual([]);
    expect(messagesOf(emailSchema(), `a${at120}`)).toEqual([
      'Email must not exceed 120 characters',
    ]);
  });
});

describe('numeric', () => {
  it.each(['0', '42', '3.14', '10.', '.5', '007'])('accepts %j', (value) => {
    expect(messagesOf(numericSchema(), value)).toEqual([]);
  });

  it.each(['1.2.3', '.', '-1', '+1', '1e5', '1,000', '12a', ' 1', '..5'])('refuses %j', (value) => {
    expect(messagesOf(numericSchema(), value)).toEqual([MESSAGES.numeric]);
  });
});

describe('phone', () => {
  it.each(['555-123-4567', '1-555-123-4567'])('accepts %s', (value) => {
    expect(messagesOf(phoneSchema(), value)).toEqual([]);
  });

  it.each([
    '5551234567',
    '(555) 123-4567',
    '555-123-456',
    '555-123-45678',
    '2-555-123-4567',
    '1555-123-4567',
    '+1-555-123-4567',
    '555.123.4567',
    '1-',
  ])('refuses %j', (value) => {
    expect(messagesOf(phoneSchema(), value)).toEqual([MESSAGES.invalidPhone]);
  });
});

describe('zip', () => {
  it.each(['12345', '12345-6789'])('accepts %s', (value) => {
    expect(messagesOf(zipSchema(), value)).toEqual([]);
  });

  it.each([
    '1234',
    '123456',
    '12345-',
    '12345-678',
    '12345-67890',
    '123456789',
    'ABCDE',
    '12345 6789',
  ])('refuses %j', (value) => {
    expect(messagesOf(zipSchema(), value)).toEqual([MESSAGES.zip]);
  });
});

describe('NPI', () => {
  it('is alphanumeric, exactly 10', () => {
    expect(messagesOf(npiSchema(), '1234567890')).toEqual([]);
    expect(messagesOf(npiSchema(), 'AB12345678')).toEqual([]);
    expect(messagesOf(npiSchema(), '123456789')).toEqual([MESSAGES.npiLength]);
    expect(messagesOf(npiSchema(), '12345678901')).toEqual([MESSAGES.npiLength]);
    expect(messagesOf(npiSchema(), '12345-7890')).toEqual([
      'NPI may contain only letters and digits',
    ]);
    expect(messagesOf(npiSchema(), '1234 67890')).toEqual([
      'NPI may contain only letters and digits',
    ]);
  });
});

describe('SSN', () => {
  it('on create: 9 digits, no dashes', () => {
    expect(messagesOf(ssnCreateSchema(), '123456789')).toEqual([]);
    for (const bad of ['123-45-6789', '12345678', '1234567890', '12345678a', 'XXX-XX-XXXX']) {
      expect(messagesOf(ssnCreateSchema(), bad)).toEqual([MESSAGES.ssnCreate]);
    }
  });

  it('on edit: 999-99-9999', () => {
    expect(messagesOf(ssnEditSchema(), '123-45-6789')).toEqual([]);
    for (const bad of ['123456789', '12-345-6789', '123-45-678', '123-45-67890', 'XXX-XX-XXXX']) {
      expect(messagesOf(ssnEditSchema(), bad)).toEqual([MESSAGES.ssnEdit]);
    }
  });

  it('the SSN mask always yields a value the edit rule accepts once 9 digits are in', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.string(), (digits, noise) => {
        const typed = [...digits].map((d, i) => (i % 2 ? d + noise.replace(/\d/g, '') : d));
        expect(messagesOf(ssnEditSchema(), applySsnMask(typed.join('')))).toEqual([]);
      }),
    );
  });
});

describe('person code', () => {
  it('turns digits into an integer', () => {
    expect(personCodeSchema().parse('01')).toBe(1);
    expect(personCodeSchema().parse('0')).toBe(0);
    expect(personCodeSchema().parse('2147483646')).toBe(2147483646);
    expect(personCodeSchema().parse(3)).toBe(3);
  });

  it.each(['', 'abc', '1.5', '-1', ' 1', '1e3', '12a'])('refuses %j as not numeric', (value) => {
    expect(messagesOf(personCodeSchema(), value)).toEqual([MESSAGES.personCodeNumeric]);
  });

  it.each([1.5, -1, Number.NaN, null, undefined, true])('refuses %j as not numeric', (value) => {
    expect(messagesOf(personCodeSchema(), value)).toEqual([MESSAGES.personCodeNumeric]);
  });

  it.each(['2147483647', '2147483648', '9999999999', '99999999999', 2147483647])(
    'refuses %j as too large',
    (value) => {
      expect(messagesOf(personCodeSchema(), value)).toEqual([MESSAGES.personCodeMax]);
    },
  );

  it('max length 10, even when the value is small', () => {
    expect(personCodeSchema().parse('0000000001')).toBe(1);
    expect(messagesOf(personCodeSchema(), '00000000001')).toEqual([
      'Person Code must not exceed 10 characters',
    ]);
  });

  it('every integer below the limit survives the round trip through text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2147483646 }), (n) => {
        expect(personCodeSchema().parse(String(n))).toBe(n);
      }),
    );
  });
});

describe('client ID', () => {
  const id = (n: number) => 'A'.repeat(n);
  type Case = [string, ClientIdOptions, { ok: number[]; bad: [number, string][] }];
  const range = MESSAGES.clientIdRange(5, 8);
  const atLeast = MESSAGES.clientIdMin(5);
  const atMost = MESSAGES.clientIdMax(8);
  const noLimit = { ok: [1, 4, 5, 8, 9, 50], bad: [] };

  // Every combination of mode, padding and trimming with both limits set.
  const cases: Case[] = [];
  for (const mode of ['create', 'edit'] as const) {
    for (const pad of [false, true]) {
      for (const [ltrim, rtrim] of [
        [false, false],
        [true, false],
        [false, true],
        [true, true],
      ] as const) {
        const minSkipped = mode === 'edit' && pad;
        const maxSkipped = mode === 'edit' && (ltrim || rtrim);
        const expected =
          minSkipped && maxSkipped
            ? noLimit
            : minSkipped
              ? { ok: [1, 4, 5, 8], bad: [[9, atMost]] as [number, string][] }
              : maxSkipped
                ? { ok: [5, 8, 9, 50], bad: [[4, atLeast]] as [number, string][] }
                : {
                    ok: [5, 6, 8],
                    bad: [
                      [4, range],
                      [9, range],
                      [1, range],
                    ] as [number, string][],
                  };
        cases.push([
          `${mode} pad=${pad} ltrim=${ltrim} rtrim=${rtrim}`,
          { min: 5, max: 8, mode, pad, ltrim, rtrim },
          expected,
        ]);
      }
    }
  }
  // Only one limit set, and none.
  cases.push(
    [
      'create, minimum only',
      { min: 5, max: null, mode: 'create' },
      { ok: [5, 50], bad: [[4, atLeast]] },
    ],
    [
      'create, maximum only',
      { min: null, mode: 'create', max: 8 },
      { ok: [1, 8], bad: [[9, atMost]] },
    ],
    ['edit, minimum only', { min: 5, mode: 'edit' }, { ok: [5, 50], bad: [[4, atLeast]] }],
    ['edit, maximum only', { max: 8, mode: 'edit' }, { ok: [1, 8], bad: [[9, atMost]] }],
    ['edit, minimum only, padded', { min: 5, mode: 'edit', pad: true }, noLimit],
    ['edit, maximum only, trimmed', { max: 8, mode: 'edit', rtrim: true }, noLimit],
    ['no limits', { min: null, max: null, mode: 'create' }, noLimit],
    ['zero limits limit nothing', { min: 0, max: 0, mode: 'create' }, noLimit],
  );

  it.each(cases)('%s', (_, options, { ok, bad }) => {
    for (const n of ok)
      expect(messagesOf(clientIdSchema(options), id(n)), `length ${n}`).toEqual([]);
    for (const [n, message] of bad) {
      expect(messagesOf(clientIdSchema(options), id(n)), `length ${n}`).toEqual([message]);
    }
  });

  it('the same limits with min equal to max', () => {
    const schema = clientIdSchema({ min: 9, max: 9, mode: 'create' });
    expect(messagesOf(schema, id(9))).toEqual([]);
    expect(messagesOf(schema, id(10))).toEqual(['Client ID must be 9 to 9 characters.']);
  });

  it('reads its options from the organization flags', () => {
    const features = {
      clientIdMinimumLength: 5,
      clientIdMaximumLength: 8,
      padClientIdWithLeadingZeros: true,
      ltrimClientId: false,
      rtrimClientId: true,
    };
    expect(clientIdOptionsOf(features, 'edit')).toEqual({
      min: 5,
      max: 8,
      mode: 'edit',
      pad: true,
      ltrim: false,
      rtrim: true,
    });
    expect(effectiveClientIdLimits(clientIdOptionsOf(features, 'edit'))).toEqual({
      min: null,
      max: null,
    });
    expect(effectiveClientIdLimits(clientIdOptionsOf(features, 'create'))).toEqual({
      min: 5,
      max: 8,
    });
  });
});

describe('masks meet the rules', () => {
  it('a fully typed phone, with or without the 1, passes the phone rule', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.stringMatching(/^[2-9]\d{9}$/),
        fc.constantFrom('', ' ', '-', '(', ')', '.'),
        (prefixed, digits, separator) => {
          const typed = (prefixed ? '1' : '') + [...digits].join(separator);
          expect(messagesOf(phoneSchema(), applyPhoneMask(typed))).toEqual([]);
        },
      ),
    );
  });

  it('a zip of 5 or 9 digits passes the zip rule once masked', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(\d{5}|\d{9})$/), (digits) => {
        expect(messagesOf(zipSchema(), applyZipMask(digits))).toEqual([]);
      }),
    );
  });
});

describe('emptyToNull and stripEmpty (spec 1 §4)', () => {
  it('emptyToNull turns empty and blank strings into null, nothing else', () => {
    const input = {
      firstName: 'Ann',
      middleInitial: '',
      email: '   ',
      personCode: 0,
      isCobra: false,
      phone: null,
      zip: undefined,
      nested: { a: '' },
    };
    expect(emptyToNull(input)).toEqual({
      firstName: 'Ann',
      middleInitial: null,
      email: null,
      personCode: 0,
      isCobra: false,
      phone: null,
      zip: undefined,
      nested: { a: '' },
    });
    // Shallow, and the caller's object is left alone.
    expect(input.middleInitial).toBe('');
  });

  it('stripEmpty drops null, undefined and empty strings and keeps falsy values that mean something', () => {
    const out = stripEmpty({
      firstName: 'Ann',
      middleInitial: '',
      email: ' ',
      phone: null,
      zip: undefined,
      personCode: 0,
      isCobra: false,
      dependents: [],
    });
    expect(out).toEqual({ firstName: 'Ann', personCode: 0, isCobra: false, dependents: [] });
    expect(Object.keys(out)).not.toContain('zip');
  });

  it('isBlank', () => {
    for (const blank of [null, undefined, '', ' ', '\n\t']) expect(isBlank(blank)).toBe(true);
    for (const present of ['a', ' a ', 0, false, [], {}]) expect(isBlank(present)).toBe(false);
  });

  it('emptyToNull then stripEmpty leaves no empty values, and keeps every present one', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== '__proto__'),
          fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.boolean()),
        ),
        (obj) => {
          const out = stripEmpty(emptyToNull(obj));
          for (const value of Object.values(out)) expect(isBlank(value)).toBe(false);
          for (const [key, value] of Object.entries(obj)) {
            if (!isBlank(value)) expect(out[key]).toBe(value);
          }
        },
      ),
    );
  });
});
