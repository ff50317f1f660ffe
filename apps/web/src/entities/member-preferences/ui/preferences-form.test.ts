import { describe, expect, it } from 'vitest';
import { COMMUNICATION_PREFERENCE_MESSAGES as M, NO_OPT_INS } from '@pillar/domain';
import {
  formErrors,
  initialFormValues,
  nextFormValues,
  storedOf,
  unchanged,
  updateBodyOf,
  type PreferencesFormValues,
} from './preferences-form.ts';

const EMPTY = initialFormValues(storedOf(null, null));

/** Types into the form one change at a time, as the drawer's onValuesChange does. */
function typeInto(start: PreferencesFormValues, ...changes: Partial<PreferencesFormValues>[]) {
  return changes.reduce(nextFormValues, start);
}

describe('the drawer toggles the opt-ins live (spec 2 §4)', () => {
  it('ticks call and voicemail when a phone is entered, and masks it', () => {
    const values = typeInto(EMPTY, { phoneNumber: '5' }, { phoneNumber: '5551234567' });
    expect(values.phoneNumber).toBe('555-123-4567');
    expect(values.commsPref).toEqual({ ...NO_OPT_INS, callOpted: true, voiceMailOpted: true });
  });

  it('keeps an opt-in the agent unticked while the phone is typed on', () => {
    const values = typeInto(
      EMPTY,
      { phoneNumber: '555' },
      { commsPref: { ...NO_OPT_INS, callOpted: true, voiceMailOpted: false } },
      { phoneNumber: '5551234' },
    );
    expect(values.commsPref).toEqual({ ...NO_OPT_INS, callOpted: true });
  });

  it('unticks call and voicemail when the phone is cleared', () => {
    const values = typeInto(EMPTY, { phoneNumber: '5551234567' }, { phoneNumber: '' });
    expect(values.commsPref).toEqual(NO_OPT_INS);
  });

  it('ticks the e-mail opt-in when an e-mail is entered and unticks it when cleared', () => {
    const typed = typeInto(EMPTY, { emailAddress: 'a' });
    expect(typed.commsPref.emailOpted).toBe(true);
    expect(typeInto(typed, { emailAddress: '' }).commsPref.emailOpted).toBe(false);
  });

  it('never changes SMS: the member manages it', () => {
    const stored = storedOf(
      {
        communicationId: 1,
        organizationNo: 1,
        employeeNo: 2,
        dependentNo: null,
        memberId: 'M1',
        names: 'Pat Doe',
        phoneNumber: '5551234567',
        alternatePhoneNumber: null,
        emailAddress: null,
        alternateEmailAddress: null,
        source: 'Member',
        lastUpdatedBy: 'Member Portal',
        lastUpdateTime: '2026-01-01T00:00:00.000Z',
        commsPref: { ...NO_OPT_INS, smsOpted: true },
      },
      null,
    );
    const start = initialFormValues(stored);
    expect(start.phoneNumber).toBe('555-123-4567');
    const values = typeInto(
      start,
      { commsPref: { ...start.commsPref, smsOpted: false } },
      { phoneNumber: '' },
      { phoneNumber: '555' },
    );
    expect(values.commsPref.smsOpted).toBe(true);
  });
});

describe('the drawer shows the server rules before sending', () => {
  const stored = storedOf(
    {
      communicationId: 1,
      organizationNo: 1,
      employeeNo: 2,
      dependentNo: 3,
      memberId: 'M1',
      names: 'Sam Doe',
      phoneNumber: '5551234567',
      alternatePhoneNumber: null,
      emailAddress: 'sam@example.com',
      alternateEmailAddress: null,
      source: 'Member',
      lastUpdatedBy: 'Member Portal',
      lastUpdateTime: '2026-01-01T00:00:00.000Z',
      commsPref: { ...NO_OPT_INS, callOpted: true, emailOpted: true },
    },
    null,
  );

  it('refuses removing a stored phone and asks a dependent for confidentiality', () => {
    const values = typeInto(initialFormValues(stored), { phoneNumber: '' });
    expect(formErrors(stored, values, true)).toEqual({
      phoneNumber: M.phoneRemoved,
      isConfidential: M.confidentialityRequired,
    });
  });

  it('says nothing changed until something did', () => {
    const start = initialFormValues(stored);
    expect(unchanged(stored, start)).toBe(true);
    expect(unchanged(stored, typeInto(start, { isConfidential: 1 }))).toBe(false);
  });

  it('sends the phone without dashes, the dependent and the choice, and no updater', () => {
    const values = typeInto(
      initialFormValues(stored),
      { phoneNumber: '555-987-6543' },
      {
        isConfidential: 0,
      },
    );
    expect(
      updateBodyOf({ orgId: 1, employeeNo: 2, dependentNo: 3 }, values, 'Sam Doe', true),
    ).toEqual({
      eventName: 'UpdateCommsPref',
      organizationNo: 1,
      employeeNo: 2,
      dependentNo: 3,
      names: 'Sam Doe',
      phoneNumber: '5559876543',
      emailAddress: 'sam@example.com',
      commsPref: { ...NO_OPT_INS, callOpted: true, emailOpted: true },
      isConfidential: 0,
    });
  });
});
