import { z } from 'zod';
import { isoDate } from './dates.ts';
import { EMAIL_MAX_LENGTH, INT4_MAX, emailSchema, requiredMessage } from './validation.ts';

/*
 * A member's communication and confidentiality preferences as the members hub keeps them
 * (spec 2 §3 "Member and agent data", §4 and §5 "Communication preferences", §7 "Members hub"),
 * with the one rule function the agent's drawer and the server both run, so a form the drawer
 * accepts is an update the server accepts, with the same words. See
 * docs/decisions/0099-communication-preferences.md.
 */

/** The spec's texts, verbatim (spec 2 §5 and §8 "Preferences"). */
export const COMMUNICATION_PREFERENCE_MESSAGES = {
  invalidPhone: 'Please enter a valid 10-digit phone number',
  invalidEmail: 'Please enter a valid email address',
  phoneRemoved: 'Phone number cannot be removed, please update it.',
  emailRemoved: 'Email cannot be removed, please update it.',
  phoneReplaced: 'Phone number cannot be replaced, please update it without removing.',
  emailReplaced: 'Email cannot be replaced, please update it without removing.',
  phoneOptIns: 'Please select checkboxes',
  emailOptIn: 'Please select the checkbox',
  noMethod: 'Please enter a valid communication method.',
  confidentialityRequired: 'Please select Confidentiality Preference',
  /** The drawer's Save with nothing changed. */
  emptyForm: 'Please fill the form first',
  saved: 'Your data has been updated successfully',
  /** A failure notice's title; its text is the server's (or the general catalogue's) message. */
  failed: 'Communication preferences were not updated',
  incomplete: 'Communication preferences are incomplete',
} as const;

const M = COMMUNICATION_PREFERENCE_MESSAGES;

/** Who wrote a preference: the agent desktop writes 'Agent'; the member portal writes 'Member'. */
export const PREFERENCE_SOURCES = ['Agent', 'Member', 'Enrollment'] as const;
export type PreferenceSource = (typeof PREFERENCE_SOURCES)[number];

/** Confidential (1) or NonConfidential (0): one value, so the two can never both hold. */
export const CONFIDENTIALITY_OPTIONS = [
  { value: 1, label: 'Confidential' },
  { value: 0, label: 'NonConfidential' },
] as const;
export const isConfidentialSchema = z.union([z.literal(0), z.literal(1)], {
  error: M.confidentialityRequired,
});
export type IsConfidential = z.infer<typeof isConfidentialSchema>;

export const commsPrefSchema = z.object({
  smsOpted: z.boolean(),
  emailOpted: z.boolean(),
  callOpted: z.boolean(),
  voiceMailOpted: z.boolean(),
});
export type CommsPref = z.infer<typeof commsPrefSchema>;

export const NO_OPT_INS: CommsPref = {
  smsOpted: false,
  emailOpted: false,
  callOpted: false,
  voiceMailOpted: false,
};

/** Longest phone text accepted before the rules look at it ('1-555-555-0100' and spaces). */
export const PREFERENCE_PHONE_MAX_LENGTH = 20;
export const PREFERENCE_NAMES_MAX_LENGTH = 120;

/** A required id in a JSON body, named in its message when missing (spec 2 §5 "Other agent rules"). */
function requiredIdValue(label: string) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined ? requiredMessage(label) : `${label} must be a number`,
    })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(INT4_MAX, `${label} is too large`);
}

/** The same, in a query string (text): missing is named, anything else must be an id. */
function requiredIdText(label: string) {
  return z
    .string({ error: requiredMessage(label) })
    .min(1, requiredMessage(label))
    .max(10, `${label} is too large`)
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().positive(`${label} must be positive`).max(INT4_MAX, `${label} is too large`));
}

/** The communication details of one member or dependent (spec 2 §3). */
export const communicationDetails = z.object({
  communicationId: z.number().int(),
  organizationNo: z.number().int(),
  employeeNo: z.number().int(),
  dependentNo: z.number().int().nullable(),
  memberId: z.string(),
  names: z.string(),
  /** Ten digits, no dashes. */
  phoneNumber: z.string().nullable(),
  alternatePhoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  alternateEmailAddress: z.string().nullable(),
  source: z.string(),
  lastUpdatedBy: z.string(),
  lastUpdateTime: z.string().describe('ISO 8601 timestamp'),
  commsPref: commsPrefSchema,
});
export type CommunicationDetails = z.infer<typeof communicationDetails>;

/** POST /GetCommunicationPref: the member (no dependentNo) or one of their dependents. */
export const communicationPrefQuery = z.object({
  organizationNo: requiredIdValue('organizationNo'),
  employeeNo: requiredIdValue('employeeNo'),
  dependentNo: requiredIdValue('dependentNo').nullish(),
});
export type CommunicationPrefQuery = z.infer<typeof communicationPrefQuery>;

/** The answer: the stored details, or null when the hub has none for the member yet. */
export const communicationPrefAnswer = communicationDetails.nullable();

/**
 * POST /UpdateCommsPref. Strings are loose here (a maximum only): the rules of spec 2 §5 are
 * checked against the stored state by `checkCommunicationPreferences`, which answers each
 * broken rule in the spec's words. `updatedBy` and `source` are not accepted: the server takes
 * them from the signed-in agent. For a dependent, `isConfidential` travels with the update so
 * both are saved in one transaction.
 */
export const updateCommsPrefBody = z.object({
  eventName: z.literal('UpdateCommsPref', { error: "eventName must be 'UpdateCommsPref'" }),
  organizationNo: requiredIdValue('organizationNo'),
  employeeNo: requiredIdValue('employeeNo'),
  dependentNo: requiredIdValue('dependentNo').nullish(),
  names: z.string().max(PREFERENCE_NAMES_MAX_LENGTH).nullish(),
  phoneNumber: z.string().max(PREFERENCE_PHONE_MAX_LENGTH).nullish(),
  emailAddress: z.string().max(EMAIL_MAX_LENGTH).nullish(),
  commsPref: commsPrefSchema,
  isConfidential: z.union([z.literal(0), z.literal(1)]).nullish(),
});
export type UpdateCommsPrefBody = z.input<typeof updateCommsPrefBody>;

/** GET /confidentiality: all four identifiers, or the lookup is not made (400 naming the missing one). */
export const confidentialityQuery = z.object({
  organizationNo: requiredIdText('organizationNo'),
  employeeNo: requiredIdText('employeeNo'),
  dependentNo: requiredIdText('dependentNo'),
  birthDate: z.string({ error: requiredMessage('birthDate') }).pipe(isoDate('birthDate')),
});
export type ConfidentialityQuery = z.infer<typeof confidentialityQuery>;

/** A dependent's confidentiality (spec 2 §3); `isConfidential` null when none was ever chosen. */
export const confidentialityDetails = z.object({
  organizationNo: z.number().int(),
  employeeNo: z.number().int(),
  dependentNo: z.number().int(),
  names: z.string(),
  birthDate: z.string(),
  isConfidential: isConfidentialSchema.nullable(),
  updatesAllowed: z.boolean(),
  source: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedDate: z.string().nullable().describe('ISO 8601 timestamp'),
});
export type ConfidentialityDetails = z.infer<typeof confidentialityDetails>;

/** POST /confidentiality: the choice, for the dependent named (source and updater are the server's). */
export const confidentialityBody = z.object({
  organizationNo: requiredIdValue('organizationNo'),
  employeeNo: requiredIdValue('employeeNo'),
  dependentNo: requiredIdValue('dependentNo'),
  birthDate: z.string({ error: requiredMessage('birthDate') }).pipe(isoDate('birthDate')),
  names: z.string().max(PREFERENCE_NAMES_MAX_LENGTH).nullish(),
  isConfidential: isConfidentialSchema,
});
export type ConfidentialityBody = z.input<typeof confidentialityBody>;

/* ------------------------------------------------------------------------------------------ */
/* The rules                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** What the hub holds before the update (nothing stored: nulls and no opt-ins). */
export interface StoredPreferences {
  phoneNumber: string | null;
  emailAddress: string | null;
  commsPref: CommsPref;
  isConfidential: IsConfidential | null;
}

export interface PreferencesUpdate {
  phoneNumber?: string | null;
  emailAddress?: string | null;
  commsPref: CommsPref;
  isConfidential?: IsConfidential | null;
}

/** The fields a rule names: the form's field names and the 400's `params` keys. */
export type PreferenceField =
  | 'phoneNumber'
  | 'emailAddress'
  | 'phoneOptIns'
  | 'emailOptIn'
  | 'communicationMethod'
  | 'isConfidential';

export type PreferenceErrors = Partial<Record<PreferenceField, string>>;

export interface CheckedPreferences {
  /** Empty when the update may be saved. */
  errors: PreferenceErrors;
  /** What is saved: the phone as ten digits, the e-mail trimmed, the opt-ins as the rules leave them. */
  value: {
    phoneNumber: string | null;
    emailAddress: string | null;
    commsPref: CommsPref;
    isConfidential: IsConfidential | null;
  };
}

/** A phone as typed: ten digits, optionally laid out 999-999-9999 (the drawer's mask). */
const PHONE_TYPED = /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** The phone's ten digits, or null when the text is no 10-digit phone number. */
export function phoneDigits(typed: string): string | null {
  const text = typed.trim();
  return PHONE_TYPED.test(text) ? text.replace(/\D/g, '') : null;
}

/** 9999999999 → 999-999-9999 for display; anything else as it is. */
export function formatPreferencePhone(digits: string | null | undefined): string {
  if (!digits) return '';
  return /^\d{10}$/.test(digits)
    ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;
}

export function isValidPreferenceEmail(text: string): boolean {
  return text.length > 0 && emailSchema().safeParse(text).success;
}

type Presence = 'absent' | 'blank' | 'present';

/** '' or null: cleared (removed); only spaces: an empty value put in its place (replaced). */
function presenceOf(value: string | null | undefined): Presence {
  if (value == null || value === '') return 'absent';
  return value.trim() === '' ? 'blank' : 'present';
}

/**
 * Spec 2 §4: entering a phone turns on the call and voicemail opt-ins, clearing it turns them
 * off; entering an e-mail turns on the e-mail opt-in (clearing turns it off). SMS is the
 * member's to manage and never changes here. The drawer calls this on every change of either
 * field, with the values before and after.
 */
export function optInsAfterEntry(
  before: { phoneNumber: string; emailAddress: string },
  after: { phoneNumber: string; emailAddress: string },
  optIns: CommsPref,
): CommsPref {
  const next = { ...optIns };
  const hadPhone = before.phoneNumber.trim() !== '';
  const hasPhone = after.phoneNumber.trim() !== '';
  if (!hadPhone && hasPhone) Object.assign(next, { callOpted: true, voiceMailOpted: true });
  if (!hasPhone) Object.assign(next, { callOpted: false, voiceMailOpted: false });
  const hadEmail = before.emailAddress.trim() !== '';
  const hasEmail = after.emailAddress.trim() !== '';
  if (!hadEmail && hasEmail) next.emailOpted = true;
  if (!hasEmail) next.emailOpted = false;
  return next;
}

/**
 * Every rule of spec 2 §5 "Communication preferences", checked against what is stored. The
 * drawer shows the errors under their fields; the server answers them as a 400 (`params`) and
 * saves nothing. SMS is display-only: the stored opt-in is kept whatever the update says.
 */
export function checkCommunicationPreferences(
  stored: StoredPreferences,
  update: PreferencesUpdate,
  options: { isDependent: boolean },
): CheckedPreferences {
  const errors: PreferenceErrors = {};
  const phone = presenceOf(update.phoneNumber);
  const email = presenceOf(update.emailAddress);

  let phoneNumber: string | null = null;
  if (phone === 'present') {
    phoneNumber = phoneDigits(update.phoneNumber!);
    if (!phoneNumber) errors.phoneNumber = M.invalidPhone;
  } else if (stored.phoneNumber) {
    errors.phoneNumber = phone === 'blank' ? M.phoneReplaced : M.phoneRemoved;
  }

  let emailAddress: string | null = null;
  if (email === 'present') {
    emailAddress = update.emailAddress!.trim();
    if (!isValidPreferenceEmail(emailAddress)) errors.emailAddress = M.invalidEmail;
  } else if (stored.emailAddress) {
    errors.emailAddress = email === 'blank' ? M.emailReplaced : M.emailRemoved;
  }

  // Opt-ins follow the values: no phone, no call or voicemail; no e-mail, no e-mail opt-in.
  const hasPhone = phone === 'present';
  const hasEmail = email === 'present';
  const commsPref: CommsPref = {
    smsOpted: stored.commsPref.smsOpted,
    callOpted: hasPhone && update.commsPref.callOpted,
    voiceMailOpted: hasPhone && update.commsPref.voiceMailOpted,
    emailOpted: hasEmail && update.commsPref.emailOpted,
  };

  if (hasPhone && !commsPref.smsOpted && !commsPref.callOpted && !commsPref.voiceMailOpted) {
    errors.phoneOptIns = M.phoneOptIns;
  }
  if (hasEmail && !commsPref.emailOpted) errors.emailOptIn = M.emailOptIn;
  if (phone !== 'present' && email !== 'present' && !errors.phoneNumber && !errors.emailAddress) {
    errors.communicationMethod = M.noMethod;
  }

  const isConfidential = update.isConfidential ?? stored.isConfidential ?? null;
  if (options.isDependent && isConfidential === null) {
    errors.isConfidential = M.confidentialityRequired;
  }

  return {
    errors,
    value: {
      phoneNumber,
      emailAddress,
      commsPref,
      isConfidential: options.isDependent ? isConfidential : null,
    },
  };
}
