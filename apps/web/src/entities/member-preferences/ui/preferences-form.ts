import {
  COMMUNICATION_PREFERENCE_MESSAGES as M,
  NO_OPT_INS,
  applyPhoneMask,
  checkCommunicationPreferences,
  formatPreferencePhone,
  optInsAfterEntry,
  type CommunicationDetails,
  type CommsPref,
  type IsConfidential,
  type PreferenceErrors,
  type StoredPreferences,
  type UpdateCommsPrefBody,
} from '@pillar/domain';

/*
 * The Communication Preferences drawer's state, kept apart from the components so the live rules
 * of spec 2 §4 are tested without a browser: `nextFormValues` is what the form does on every
 * change, `formErrors` the same rule function the server runs.
 */

export interface PreferencesFormValues {
  /** As shown: 999-999-9999 (the mask). */
  phoneNumber: string;
  emailAddress: string;
  commsPref: CommsPref;
  /** A dependent's Confidential (1) / NonConfidential (0); null before a choice. */
  isConfidential: IsConfidential | null;
}

export interface PreferencesTarget {
  orgId: number;
  employeeNo: number;
  dependentNo?: number | null;
}

/** What the hub holds, as the rules compare against it. */
export function storedOf(
  details: CommunicationDetails | null | undefined,
  isConfidential: IsConfidential | null | undefined,
): StoredPreferences {
  return {
    phoneNumber: details?.phoneNumber ?? null,
    emailAddress: details?.emailAddress ?? null,
    commsPref: details?.commsPref ?? NO_OPT_INS,
    isConfidential: isConfidential ?? null,
  };
}

export function initialFormValues(stored: StoredPreferences): PreferencesFormValues {
  return {
    phoneNumber: formatPreferencePhone(stored.phoneNumber),
    emailAddress: stored.emailAddress ?? '',
    commsPref: { ...stored.commsPref },
    isConfidential: stored.isConfidential,
  };
}

/**
 * The form after a change (spec 2 §4): the phone is masked; entering a phone ticks call and
 * voicemail and clearing it unticks them; entering an e-mail ticks its opt-in and clearing it
 * unticks it; SMS stays as the member set it, whatever the change says.
 */
export function nextFormValues(
  previous: PreferencesFormValues,
  changed: Partial<PreferencesFormValues>,
): PreferencesFormValues {
  const next: PreferencesFormValues = {
    ...previous,
    ...changed,
    commsPref: { ...previous.commsPref, ...changed.commsPref },
  };
  if (changed.phoneNumber !== undefined) next.phoneNumber = applyPhoneMask(changed.phoneNumber);
  next.commsPref = optInsAfterEntry(previous, next, next.commsPref);
  next.commsPref.smsOpted = previous.commsPref.smsOpted;
  return next;
}

export function formErrors(
  stored: StoredPreferences,
  values: PreferencesFormValues,
  isDependent: boolean,
): PreferenceErrors {
  return checkCommunicationPreferences(stored, values, { isDependent }).errors;
}

/** True when Save would send what is already stored ('Please fill the form first'). */
export function unchanged(stored: StoredPreferences, values: PreferencesFormValues): boolean {
  const initial = initialFormValues(stored);
  return (
    initial.phoneNumber === values.phoneNumber &&
    initial.emailAddress === values.emailAddress.trim() &&
    initial.isConfidential === values.isConfidential &&
    (Object.keys(initial.commsPref) as (keyof CommsPref)[]).every(
      (flag) => initial.commsPref[flag] === values.commsPref[flag],
    )
  );
}

/** The UpdateCommsPref body: the phone's digits without dashes; the updater is the server's. */
export function updateBodyOf(
  target: PreferencesTarget,
  values: PreferencesFormValues,
  names: string | undefined,
  isDependent: boolean,
): UpdateCommsPrefBody {
  const phone = values.phoneNumber.trim();
  return {
    eventName: 'UpdateCommsPref',
    organizationNo: target.orgId,
    employeeNo: target.employeeNo,
    ...(target.dependentNo ? { dependentNo: target.dependentNo } : {}),
    ...(names ? { names } : {}),
    phoneNumber: phone === '' ? null : /^[\d-]+$/.test(phone) ? phone.replace(/-/g, '') : phone,
    emailAddress: values.emailAddress === '' ? null : values.emailAddress,
    commsPref: values.commsPref,
    ...(isDependent ? { isConfidential: values.isConfidential } : {}),
  };
}

export const PREFERENCE_TEXT = M;
