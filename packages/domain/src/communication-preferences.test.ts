import { describe, expect, it } from 'vitest';
import {
  COMMUNICATION_PREFERENCE_MESSAGES as M,
  NO_OPT_INS,
  checkCommunicationPreferences,
  confidentialityQuery,
  formatPreferencePhone,
  optInsAfterEntry,
  phoneDigits,
  updateCommsPrefBody,
  type CommsPref,
  type PreferenceErrors,
  type PreferencesUpdate,
  type StoredPreferences,
} from './communication-preferences.ts';

const NOTHING: StoredPreferences = {
  phoneNumber: null,
  emailAddress: null,
  commsPref: NO_OPT_INS,
  isConfidential: null,
};
const BOTH: StoredPreferences = {
  phoneNumber: '5551234567',
  emailAddress: 'ana@example.com',
  commsPref: { smsOpted: false, callOpted: true, voiceMailOpted: true, emailOpted: true },
  isConfidential: 0,
};
const SMS_ONLY: StoredPreferences = {
  ...BOTH,
  emailAddress: null,
  commsPref: { ...NO_OPT_INS, smsOpted: true },
};
const opt = (flags: Partial<CommsPref>): CommsPref => ({ ...NO_OPT_INS, ...flags });
const PHONE_OPTS = opt({ callOpted: true, voiceMailOpted: true });
const ALL_OPTS = opt({ callOpted: true, voiceMailOpted: true, emailOpted: true });

describe('checkCommunicationPreferences: every rule of spec 2 §5', () => {
  const cases: [string, StoredPreferences, PreferencesUpdate, boolean, PreferenceErrors][] = [
    [
      'a valid phone with call',
      NOTHING,
      { phoneNumber: '555-123-4567', commsPref: PHONE_OPTS },
      false,
      {},
    ],
    [
      'a phone of 10 digits without dashes',
      NOTHING,
      { phoneNumber: '5551234567', commsPref: PHONE_OPTS },
      false,
      {},
    ],
    [
      'a phone of 9 digits',
      NOTHING,
      { phoneNumber: '555-123-456', commsPref: PHONE_OPTS },
      false,
      { phoneNumber: M.invalidPhone },
    ],
    [
      'a phone of 11 digits',
      NOTHING,
      { phoneNumber: '15551234567', commsPref: PHONE_OPTS },
      false,
      { phoneNumber: M.invalidPhone },
    ],
    [
      'a phone with letters',
      NOTHING,
      { phoneNumber: '555-CALL-NOW', commsPref: PHONE_OPTS },
      false,
      { phoneNumber: M.invalidPhone },
    ],
    [
      'a valid e-mail',
      NOTHING,
      { emailAddress: 'a@b.example', commsPref: opt({ emailOpted: true }) },
      false,
      {},
    ],
    [
      'an e-mail without a domain dot',
      NOTHING,
      { emailAddress: 'a@b', commsPref: opt({ emailOpted: true }) },
      false,
      { emailAddress: M.invalidEmail },
    ],
    [
      'an e-mail without @',
      NOTHING,
      { emailAddress: 'ana.example.com', commsPref: opt({ emailOpted: true }) },
      false,
      { emailAddress: M.invalidEmail },
    ],
    [
      'the stored phone cleared',
      BOTH,
      { phoneNumber: '', emailAddress: BOTH.emailAddress, commsPref: ALL_OPTS },
      false,
      { phoneNumber: M.phoneRemoved },
    ],
    [
      'the stored phone left out',
      BOTH,
      { emailAddress: BOTH.emailAddress, commsPref: ALL_OPTS },
      false,
      { phoneNumber: M.phoneRemoved },
    ],
    [
      'the stored phone replaced by spaces',
      BOTH,
      { phoneNumber: '   ', emailAddress: BOTH.emailAddress, commsPref: ALL_OPTS },
      false,
      { phoneNumber: M.phoneReplaced },
    ],
    [
      'the stored e-mail cleared',
      BOTH,
      { phoneNumber: BOTH.phoneNumber, emailAddress: null, commsPref: ALL_OPTS },
      false,
      { emailAddress: M.emailRemoved },
    ],
    [
      'the stored e-mail replaced by spaces',
      BOTH,
      { phoneNumber: BOTH.phoneNumber, emailAddress: '  ', commsPref: ALL_OPTS },
      false,
      { emailAddress: M.emailReplaced },
    ],
    [
      'a phone with no opt-in',
      NOTHING,
      { phoneNumber: '5551234567', commsPref: NO_OPT_INS },
      false,
      { phoneOptIns: M.phoneOptIns },
    ],
    [
      'a phone with voicemail only',
      NOTHING,
      { phoneNumber: '5551234567', commsPref: opt({ voiceMailOpted: true }) },
      false,
      {},
    ],
    [
      'a phone whose only opt-in is the stored SMS',
      SMS_ONLY,
      { phoneNumber: '5551234567', commsPref: NO_OPT_INS },
      false,
      {},
    ],
    [
      'an SMS opt-in sent by the agent does not count',
      NOTHING,
      { phoneNumber: '5551234567', commsPref: opt({ smsOpted: true }) },
      false,
      { phoneOptIns: M.phoneOptIns },
    ],
    [
      'an e-mail without its opt-in',
      NOTHING,
      { emailAddress: 'a@b.example', commsPref: NO_OPT_INS },
      false,
      { emailOptIn: M.emailOptIn },
    ],
    [
      'no method at all',
      NOTHING,
      { phoneNumber: '', emailAddress: '', commsPref: NO_OPT_INS },
      false,
      { communicationMethod: M.noMethod },
    ],
    [
      'no method, opt-ins ticked',
      NOTHING,
      { commsPref: ALL_OPTS },
      false,
      { communicationMethod: M.noMethod },
    ],
    [
      'a dependent without a confidentiality choice',
      NOTHING,
      { phoneNumber: '5551234567', commsPref: PHONE_OPTS },
      true,
      { isConfidential: M.confidentialityRequired },
    ],
    [
      'a dependent choosing Confidential',
      NOTHING,
      { phoneNumber: '5551234567', commsPref: PHONE_OPTS, isConfidential: 1 },
      true,
      {},
    ],
    [
      'a dependent choosing NonConfidential',
      NOTHING,
      { phoneNumber: '5551234567', commsPref: PHONE_OPTS, isConfidential: 0 },
      true,
      {},
    ],
    [
      'a dependent whose stored choice stands',
      BOTH,
      { phoneNumber: BOTH.phoneNumber, emailAddress: BOTH.emailAddress, commsPref: ALL_OPTS },
      true,
      {},
    ],
    [
      'a member (not a dependent) needs no confidentiality',
      NOTHING,
      { emailAddress: 'a@b.example', commsPref: opt({ emailOpted: true }) },
      false,
      {},
    ],
    [
      'a dependent with nothing: both messages',
      NOTHING,
      { commsPref: NO_OPT_INS },
      true,
      { communicationMethod: M.noMethod, isConfidential: M.confidentialityRequired },
    ],
    [
      'several broken rules at once',
      BOTH,
      { phoneNumber: '', emailAddress: 'bad', commsPref: NO_OPT_INS },
      false,
      { phoneNumber: M.phoneRemoved, emailAddress: M.invalidEmail, emailOptIn: M.emailOptIn },
    ],
  ];

  it.each(cases)('%s', (_name, stored, update, isDependent, errors) => {
    expect(checkCommunicationPreferences(stored, update, { isDependent }).errors).toEqual(errors);
  });

  it('saves the phone as ten digits, the e-mail trimmed, and keeps the stored SMS opt-in', () => {
    const { value } = checkCommunicationPreferences(
      SMS_ONLY,
      {
        phoneNumber: ' 555-987-6543 ',
        emailAddress: '  new@example.com ',
        commsPref: { smsOpted: false, callOpted: false, voiceMailOpted: true, emailOpted: true },
      },
      { isDependent: false },
    );
    expect(value).toEqual({
      phoneNumber: '5559876543',
      emailAddress: 'new@example.com',
      commsPref: { smsOpted: true, callOpted: false, voiceMailOpted: true, emailOpted: true },
      isConfidential: null,
    });
  });

  it('drops call, voicemail and e-mail opt-ins that have no phone or e-mail behind them', () => {
    const { value, errors } = checkCommunicationPreferences(
      NOTHING,
      { emailAddress: 'a@b.example', commsPref: ALL_OPTS },
      { isDependent: false },
    );
    expect(errors).toEqual({});
    expect(value.commsPref).toEqual(opt({ emailOpted: true }));
  });
});

describe('optInsAfterEntry: spec 2 §4', () => {
  const empty = { phoneNumber: '', emailAddress: '' };
  it.each([
    [
      'entering a phone ticks call and voicemail',
      empty,
      { phoneNumber: '5', emailAddress: '' },
      NO_OPT_INS,
      PHONE_OPTS,
    ],
    [
      'typing on in a phone keeps what the agent unticked',
      { phoneNumber: '5', emailAddress: '' },
      { phoneNumber: '55', emailAddress: '' },
      opt({ callOpted: true }),
      opt({ callOpted: true }),
    ],
    [
      'clearing the phone unticks call and voicemail',
      { phoneNumber: '555', emailAddress: '' },
      empty,
      PHONE_OPTS,
      NO_OPT_INS,
    ],
    [
      'entering an e-mail ticks the e-mail opt-in',
      empty,
      { phoneNumber: '', emailAddress: 'a' },
      NO_OPT_INS,
      opt({ emailOpted: true }),
    ],
    [
      'clearing the e-mail unticks it',
      { phoneNumber: '', emailAddress: 'a' },
      empty,
      opt({ emailOpted: true }),
      NO_OPT_INS,
    ],
    [
      'SMS never changes (ticked)',
      { phoneNumber: '5', emailAddress: '' },
      empty,
      opt({ smsOpted: true, callOpted: true }),
      opt({ smsOpted: true }),
    ],
    [
      'SMS never changes (unticked)',
      empty,
      { phoneNumber: '5', emailAddress: '' },
      NO_OPT_INS,
      PHONE_OPTS,
    ],
  ] as const)('%s', (_name, before, after, optIns, expected) => {
    expect(optInsAfterEntry(before, after, optIns)).toEqual(expected);
  });
});

describe('phone formats', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['555-123-4567', '5551234567'],
    ['(555) 123-4567', '5551234567'],
    ['555-1234-567', null],
    ['55512345678', null],
    ['', null],
  ])('phoneDigits(%j) is %j', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
  });

  it('shows ten digits as 999-999-9999', () => {
    expect(formatPreferencePhone('5551234567')).toBe('555-123-4567');
    expect(formatPreferencePhone(null)).toBe('');
  });
});

describe('request schemas', () => {
  it('names each missing identifier of the confidentiality lookup', () => {
    const result = confidentialityQuery.safeParse({ organizationNo: '1', employeeNo: '2' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'dependentNo: dependentNo is required',
      'birthDate: birthDate is required',
    ]);
  });

  it('refuses a birth date that is not a date and an id out of range', () => {
    const result = confidentialityQuery.safeParse({
      organizationNo: '99999999999',
      employeeNo: '2',
      dependentNo: '3',
      birthDate: '2010-02-30',
    });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'organizationNo',
      'birthDate',
    ]);
  });

  it('accepts the update the spec describes and refuses another event name', () => {
    const body = {
      eventName: 'UpdateCommsPref',
      organizationNo: 1,
      employeeNo: 2,
      phoneNumber: '5551234567',
      emailAddress: null,
      commsPref: PHONE_OPTS,
    };
    expect(updateCommsPrefBody.safeParse(body).success).toBe(true);
    expect(updateCommsPrefBody.safeParse({ ...body, eventName: 'Other' }).success).toBe(false);
    expect(
      updateCommsPrefBody.safeParse({ ...body, employeeNo: undefined }).error!.issues[0]!.message,
    ).toBe('employeeNo is required');
  });
});
