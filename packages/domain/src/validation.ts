import { z } from 'zod';
import type { OrganizationFeatures } from './organizations.ts';

/**
 * The generic field rules of spec 1 §5, shared by the server (request schemas) and the web forms
 * (Ant Design rules), so a value the form accepts is a value the server accepts.
 *
 * How the builders behave, and why:
 * - An empty string passes every string builder. Emptiness is the "required" rule's business
 *   (`required()`), as with Ant Design's own rules, which skip empty values: an optional field the
 *   user clears must not show a format error. Before submit the web turns '' into null
 *   (`emptyToNull`), so the server sees null, never '', for an empty optional field.
 * - Each schema reports at most one issue (the checks abort), because a form shows one message
 *   per field and the first broken rule is the one worth telling.
 * - Where the spec gives a message its text is used verbatim; where it gives none, the message
 *   names the field's label. The checks are zod's own (regex, max) rather than custom
 *   refinements wherever possible, so the OpenAPI document shows the pattern and the length.
 */

export const MESSAGES = {
  addressMax: 'Address must not exceed 40 characters',
  invalidEmail: 'Invalid email address',
  middleInitialAlphabetic: 'Middle Initial must be an alphabetic character',
  numeric: 'Only numeric values or a single decimal point are allowed',
  invalidPhone: 'Invalid phone number',
  zip: 'Zip must include 5 digits (#####) or 5 digits-4 digits (#####-####)',
  npiLength: 'NPI must equal 10 characters',
  ssnEdit: 'SSN must be 9 digits with dashes',
  ssnCreate: 'SSN must be 9 digits with no dashes',
  personCodeNumeric: 'Person Code must be numeric',
  personCodeMax: 'Person Code must be less than 2147483647',
  clientIdRange: (min: number, max: number) => `Client ID must be ${min} to ${max} characters.`,
  clientIdMin: (min: number) => `Client ID must be at least ${min} characters.`,
  clientIdMax: (max: number) => `Client ID cannot exceed ${max} characters.`,
  /** The temp ID card's Email action (spec 1 §5). */
  emailRequired: 'Email is required',
  groupChangeRequired:
    'Change Group Assignment: You need to change the group or division to update group assignment.',
  /** The variant shown when a new division is being added. */
  groupChangeRequiredNewDivision:
    'Change Group Assignment: You need to change the group, division id, or division name to update group assignment.',
} as const;

export const NAME_MAX_LENGTH = 29;
export const FULL_NAME_MAX_LENGTH = 60;
export const ADDRESS_MAX_LENGTH = 40;
export const CITY_MAX_LENGTH = 40;
export const EMAIL_MAX_LENGTH = 120;
export const NPI_LENGTH = 10;
export const CLIENT_DEFINED_DATA_MAX_LENGTH = 250;
export const PERSON_CODE_MAX_LENGTH = 10;
/** The longest client ID any organization may set (client_id_maximum_length is far below it). */
export const CLIENT_ID_MAX_LENGTH = 50;
/** Person codes are stored as a signed 32-bit integer, whose largest value the spec excludes. */
export const PERSON_CODE_LIMIT = 2147483647;

/**
 * Ids are stored as int4 (serial/identity integer columns): a larger number can name no row, and
 * PostgreSQL refuses it as out of range, so every id schema stops at this (decision 0070).
 */
export const INT4_MAX = 2_147_483_647;

/**
 * An id in a path or query string (text, coerced): a whole number from 1 to INT4_MAX, named in
 * its message.
 */
export function int4Id(label: string) {
  return z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(INT4_MAX, `${label} is too large`);
}

/** An id in a JSON body: a number already, from 1 to INT4_MAX. */
export function int4IdValue(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(INT4_MAX, `${label} is too large`);
}

export function requiredMessage(label: string): string {
  return `${label} is required`;
}

function maxLengthMessage(label: string, max: number): string {
  return `${label} must not exceed ${max} character${max === 1 ? '' : 's'}`;
}

/** Aborting checks stop at the first broken rule (see the module comment). */
function stop(error: string) {
  return { error, abort: true } as const;
}

/*
 * Letters are ASCII only: names and addresses travel on to the pharmacy-benefit managers in
 * X12 834 and fixed-width eligibility files, whose character sets have no accented letters.
 */
const NAME_PATTERN = /^[A-Za-z.'-]*$/;
const LETTERS_PATTERN = /^[A-Za-z]*$/;
/*
 * The HTML (WHATWG) e-mail grammar, with a dot required in the domain: temp-card links and
 * notices are mailed across the internet, where a dotless host never resolves.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+)?$/;
/** Digits with at most one decimal point, and at least one digit ('.' alone is no number). */
const NUMERIC_PATTERN = /^(?:\d+\.?\d*|\.\d+)?$/;
const PHONE_PATTERN = /^(?:(?:1-)?\d{3}-\d{3}-\d{4})?$/;
const ZIP_PATTERN = /^(?:\d{5}(?:-\d{4})?)?$/;
/* Lengths as patterns so that the empty string still passes (see the module comment). */
const NPI_LENGTH_PATTERN = /^(?:[\s\S]{10})?$/;
const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9]*$/;
const SSN_CREATE_PATTERN = /^(?:\d{9})?$/;
const SSN_EDIT_PATTERN = /^(?:\d{3}-\d{2}-\d{4})?$/;
const DIGITS_PATTERN = /^\d+$/;

function nameSchema(label: string) {
  return z
    .string()
    .regex(NAME_PATTERN, stop(`${label} may contain only letters, hyphens, periods or apostrophes`))
    .max(NAME_MAX_LENGTH, stop(maxLengthMessage(label, NAME_MAX_LENGTH)))
    .meta({ title: label });
}

export function firstNameSchema(label = 'First Name') {
  return nameSchema(label);
}

export function lastNameSchema(label = 'Last Name') {
  return nameSchema(label);
}

export function fullNameSchema(label = 'Full Name') {
  return z
    .string()
    .max(FULL_NAME_MAX_LENGTH, stop(maxLengthMessage(label, FULL_NAME_MAX_LENGTH)))
    .meta({ title: label });
}

export function middleInitialSchema(label = 'Middle Initial') {
  return z
    .string()
    .regex(LETTERS_PATTERN, stop(MESSAGES.middleInitialAlphabetic))
    .max(1, stop(maxLengthMessage(label, 1)))
    .meta({ title: label });
}

/** Address lines 1 and 2 alike carry the spec's one message, which says "Address". */
export function addressSchema(label = 'Address') {
  return z.string().max(ADDRESS_MAX_LENGTH, stop(MESSAGES.addressMax)).meta({ title: label });
}

export function citySchema(label = 'City') {
  return z
    .string()
    .max(CITY_MAX_LENGTH, stop(maxLengthMessage(label, CITY_MAX_LENGTH)))
    .meta({ title: label });
}

export function emailSchema(label = 'Email') {
  return z
    .string()
    .regex(EMAIL_PATTERN, stop(MESSAGES.invalidEmail))
    .max(EMAIL_MAX_LENGTH, stop(maxLengthMessage(label, EMAIL_MAX_LENGTH)))
    .meta({ title: label });
}

export function numericSchema(label = 'Value') {
  return z.string().regex(NUMERIC_PATTERN, stop(MESSAGES.numeric)).meta({ title: label });
}

export function phoneSchema(label = 'Phone') {
  return z.string().regex(PHONE_PATTERN, stop(MESSAGES.invalidPhone)).meta({ title: label });
}

export function zipSchema(label = 'Zip') {
  return z.string().regex(ZIP_PATTERN, stop(MESSAGES.zip)).meta({ title: label });
}

export function npiSchema(label = 'NPI') {
  return z
    .string()
    .regex(NPI_LENGTH_PATTERN, stop(MESSAGES.npiLength))
    .regex(ALPHANUMERIC_PATTERN, stop(`${label} may contain only letters and digits`))
    .meta({ title: label });
}

/** On create the SSN is typed bare; the edit form shows it masked with dashes. */
export function ssnCreateSchema(label = 'SSN') {
  return z.string().regex(SSN_CREATE_PATTERN, stop(MESSAGES.ssnCreate)).meta({ title: label });
}

export function ssnEditSchema(label = 'SSN') {
  return z.string().regex(SSN_EDIT_PATTERN, stop(MESSAGES.ssnEdit)).meta({ title: label });
}

/**
 * The form holds the person code as text and the API carries it as an integer (spec 1 §5
 * "converted to an integer before sending"), so both are accepted and an integer comes out.
 * Unlike the string builders an empty value fails: it has no integer.
 */
export function personCodeSchema(label = 'Person Code') {
  return z
    .union(
      [
        // A bound on the raw text only, far above the real rules below, which give the messages.
        z.string().max(100, stop(maxLengthMessage(label, PERSON_CODE_MAX_LENGTH))),
        z.number(),
      ],
      { error: MESSAGES.personCodeNumeric },
    )
    .transform((value) => String(value))
    .pipe(
      z
        .string()
        .regex(DIGITS_PATTERN, stop(MESSAGES.personCodeNumeric))
        .refine((digits) => Number(digits) < PERSON_CODE_LIMIT, stop(MESSAGES.personCodeMax))
        // Leading zeros can make a small code too long for the column.
        .max(PERSON_CODE_MAX_LENGTH, stop(maxLengthMessage(label, PERSON_CODE_MAX_LENGTH))),
    )
    .transform((digits) => Number(digits))
    .meta({ title: label });
}

export interface ClientIdOptions {
  /** The organization's clientIdMinimumLength; null or undefined when it sets none. */
  min?: number | null;
  /** The organization's clientIdMaximumLength; null or undefined when it sets none. */
  max?: number | null;
  mode: 'create' | 'edit';
  /** padClientIdWithLeadingZeros */
  pad?: boolean;
  /** ltrimClientId */
  ltrim?: boolean;
  /** rtrimClientId */
  rtrim?: boolean;
  label?: string;
}

/** The organization flags, as organization detail carries them, put into clientIdSchema's terms. */
export function clientIdOptionsOf(
  features: Pick<
    OrganizationFeatures,
    | 'clientIdMinimumLength'
    | 'clientIdMaximumLength'
    | 'padClientIdWithLeadingZeros'
    | 'ltrimClientId'
    | 'rtrimClientId'
  >,
  mode: ClientIdOptions['mode'],
): ClientIdOptions {
  return {
    min: features.clientIdMinimumLength,
    max: features.clientIdMaximumLength,
    mode,
    pad: features.padClientIdWithLeadingZeros,
    ltrim: features.ltrimClientId,
    rtrim: features.rtrimClientId,
  };
}

/** The length limits that apply, after the edit-mode exemptions of spec 1 §5. */
export function effectiveClientIdLimits(options: ClientIdOptions): {
  min: number | null;
  max: number | null;
} {
  const edit = options.mode === 'edit';
  // On edit, padding can lengthen a short id and trimming can shorten a long one.
  const min = edit && options.pad ? null : (options.min ?? null);
  const max = edit && (options.ltrim || options.rtrim) ? null : (options.max ?? null);
  // A limit of 0 (or less) limits nothing.
  return { min: min && min > 0 ? min : null, max: max && max > 0 ? max : null };
}

/*
 * The limits come from the organization, so no route can declare them statically; a refinement
 * (which also lets the empty string pass) serves as well as a length check here.
 */
export function clientIdSchema(options: ClientIdOptions) {
  const { min, max } = effectiveClientIdLimits(options);
  const message =
    min !== null && max !== null
      ? MESSAGES.clientIdRange(min, max)
      : min !== null
        ? MESSAGES.clientIdMin(min)
        : max !== null
          ? MESSAGES.clientIdMax(max)
          : null;
  // Whatever the organization allows, no client ID is longer than CLIENT_ID_MAX_LENGTH: it is
  // indexed, and an index entry has a size limit (decision 0070).
  const cap = z
    .string()
    .max(CLIENT_ID_MAX_LENGTH, stop(MESSAGES.clientIdMax(CLIENT_ID_MAX_LENGTH)))
    .meta({ title: options.label ?? 'Client ID' });
  if (message === null) return cap;
  return z
    .string()
    .refine(
      (value) =>
        value === '' ||
        ((min === null || value.length >= min) && (max === null || value.length <= max)),
      stop(message),
    )
    .pipe(cap);
}

export function clientDefinedDataSchema(label = 'Client Defined Data') {
  return z
    .string()
    .max(
      CLIENT_DEFINED_DATA_MAX_LENGTH,
      stop(maxLengthMessage(label, CLIENT_DEFINED_DATA_MAX_LENGTH)),
    )
    .meta({ title: label });
}

/** Null, undefined, '' and whitespace alone all count as "nothing entered". */
export function isBlank(value: unknown): value is null | undefined | string {
  return value === null || value === undefined || (typeof value === 'string' && !value.trim());
}

/**
 * Makes a field required: nothing entered fails with '{label} is required' before the field's
 * own rules run, whatever the schema's type (a select's enum, a date, a number).
 */
export function required<T extends z.ZodType>(schema: T, label: string) {
  return z.preprocess<z.input<T>, T, z.input<T>>((value, ctx) => {
    if (isBlank(value)) ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
    return value;
  }, schema);
}

type EmptyToNull<V> = V extends string ? V | null : V;

/** Spec 1 §4: empty strings become null before submit (shallow; blank counts as empty). */
export function emptyToNull<T extends Record<string, unknown>>(
  obj: T,
): { [K in keyof T]: EmptyToNull<T[K]> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    out[key] = typeof value === 'string' && isBlank(value) ? null : value;
  }
  return out as { [K in keyof T]: EmptyToNull<T[K]> };
}

/** Spec 1 §4: empty values are left out of a create, so the server's defaults apply. */
export function stripEmpty<T extends Record<string, unknown>>(
  obj: T,
): { [K in keyof T]?: Exclude<T[K], null | undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (!isBlank(value)) out[key] = value;
  }
  return out as { [K in keyof T]?: Exclude<T[K], null | undefined> };
}
