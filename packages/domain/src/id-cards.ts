/*
 * Coverages, temp ID cards and new-card requests (spec 1 §3 "Coverage", "Temp ID card", §4).
 * Shared by the server (request and answer schemas) and the web (forms, lists, the public page).
 */
import { z } from 'zod';
import { formatDate, isIsoDate } from './date-format.ts';
import { organizationIdParams } from './organizations.ts';
import {
  MESSAGES,
  emailSchema,
  int4Id,
  lastNameSchema,
  required,
  zipSchema,
} from './validation.ts';

/** Shown after a link is e-mailed (spec 1 §7). */
export const TEMP_CARD_LINK_SENT =
  'Link sent! Recipient has 24-hrs to open, enter the Last Name, DOB and Zip Code of the primary cardholder (covered employee) and download their temp ID card.';

/** How long an e-mailed link works (spec 1 §9). */
export const TEMP_CARD_LINK_HOURS = 24;
/** Wrong answers on one link before it locks for good. */
export const TEMP_CARD_MAX_ATTEMPTS = 5;
/** Wrong answers from one address, over all links, within the window, before it is refused. */
export const TEMP_CARD_IP_MAX_FAILURES = 20;
export const TEMP_CARD_IP_WINDOW_MINUTES = 15;

export const TEMP_CARD_MESSAGES = {
  wrongAnswers: (left: number) =>
    `The last name, date of birth and zip code do not match the primary cardholder. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  locked:
    'This link is locked after too many wrong answers. Ask the sender to e-mail a new temp ID card link.',
  expired:
    'This link has expired: links work for 24 hours. Ask the sender to e-mail a new temp ID card link.',
  used: 'This link has already been used to download the temp ID card. Ask the sender for a new link if you need it again.',
  notFound: 'This link is not valid. Check that you opened the whole link from the e-mail.',
  throttled: `Too many wrong answers from your network. Try again in ${TEMP_CARD_IP_WINDOW_MINUTES} minutes.`,
  alreadyRequested: 'A new card has already been requested for this coverage.',
  noNewCard: 'This coverage does not offer new card requests.',
  noTempCard: 'This coverage does not offer a temp ID card.',
  noCoverage: 'The member has no coverage with a temp ID card.',
  coverageEnded: 'This coverage has ended; temp ID cards are for current coverages only.',
  bccOwnOnly: 'Only your own address may be sent a blind copy.',
  emailNeedsEdit: 'E-mailing a temp ID card link needs the permission to edit members.',
  newCardNeedsEdit: 'Requesting a new ID card needs the permission to edit members.',
} as const;

const positiveId = int4Id;

/** /organizations/{orgId}/employees/{employeeId}/... */
export const coverageEmployeeParams = organizationIdParams.extend({
  employeeId: positiveId('employeeId'),
});
export type CoverageEmployeeParams = z.infer<typeof coverageEmployeeParams>;

/** .../coverages/{coverageId}/new-card */
export const coverageParams = coverageEmployeeParams.extend({
  coverageId: positiveId('coverageId'),
});

/** One coverage of a member (spec 1 §3 "Coverage"). Dates are YYYY-MM-DD. */
export const coverage = z.object({
  coverageNo: z.number().int(),
  groupId: z.string(),
  name: z.string(),
  groupIdAndName: z.string(),
  alternateID: z.string().nullable(),
  hdhp: z.enum(['Yes', 'No']),
  /** 'From MM/DD/YYYY to MM/DD/YYYY' ('to N/A' while open). */
  coveragePeriod: z.string(),
  /** The vendor group number. */
  groupNumber: z.string().nullable(),
  contractNumber: z.string().nullable(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
  supportsTempCard: z.boolean(),
  supportsNewCardRequest: z.boolean(),
  /** A new card has been requested. */
  newCard: z.boolean(),
  newCardRequestedAt: z.string().nullable(),
});
export type Coverage = z.infer<typeof coverage>;

/** GET .../coverages: every coverage of the member; splitCoverages() makes the two lists. */
export const coverageList = z.object({ data: z.array(coverage) });
export type CoverageList = z.infer<typeof coverageList>;

/** POST .../coverages/{coverageId}/new-card */
export const newCardAnswer = z.object({
  coverageNo: z.number().int(),
  newCard: z.literal(true),
  newCardRequestedAt: z.string(),
});
export type NewCardAnswer = z.infer<typeof newCardAnswer>;

/** 'From 01/01/2026 to 12/31/2026'; an open end reads N/A, as fee periods do (spec 1 §2). */
export function coveragePeriodOf(effectiveDate: string, expirationDate: string | null): string {
  return `From ${formatDate(effectiveDate)} to ${expirationDate ? formatDate(expirationDate) : 'N/A'}`;
}

export function yesNo(value: boolean): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}

export interface CoverageSplit<T> {
  active: T[];
  prior: T[];
}

type Splittable = { name: string; effectiveDate: string; expirationDate: string | null };

/**
 * Active and prior coverages (spec 1 §3): a coverage that ended before today is prior. Of
 * active coverages with the same name only the newest (latest effective date, then the higher
 * number) stays active; the others are moved to prior. Active lists by name, prior newest first.
 */
export function splitCoverages<T extends Splittable & { coverageNo: number }>(
  list: readonly T[],
  today: string,
): CoverageSplit<T> {
  const active: T[] = [];
  const prior: T[] = [];
  const newestByName = new Map<string, T>();
  const newer = (a: T, b: T) =>
    a.effectiveDate !== b.effectiveDate
      ? a.effectiveDate > b.effectiveDate
      : a.coverageNo > b.coverageNo;
  for (const item of list) {
    if (item.expirationDate !== null && item.expirationDate < today) {
      prior.push(item);
      continue;
    }
    const key = item.name.trim().toLowerCase();
    const kept = newestByName.get(key);
    if (!kept) newestByName.set(key, item);
    else if (newer(item, kept)) {
      prior.push(kept);
      newestByName.set(key, item);
    } else prior.push(item);
  }
  active.push(...newestByName.values());
  active.sort((a, b) => a.name.localeCompare(b.name) || a.coverageNo - b.coverageNo);
  prior.sort(
    (a, b) =>
      (b.expirationDate ?? '9999-12-31').localeCompare(a.expirationDate ?? '9999-12-31') ||
      b.effectiveDate.localeCompare(a.effectiveDate) ||
      b.coverageNo - a.coverageNo,
  );
  return { active, prior };
}

/** The card itself (spec 1 §3 "Temp ID card"). */
export const tempIdCard = z.object({
  coverageNo: z.number().int(),
  planName: z.string(),
  name: z.string(),
  idNumber: z.string(),
  rxBin: z.string(),
  rxPcn: z.string(),
  rxGrp: z.string(),
  customerServicePhone: z.string(),
  helpDeskPhone: z.string(),
});
export type TempIdCard = z.infer<typeof tempIdCard>;

/** GET .../tempIDCard?coverageNo: without one, the first active coverage offering a card. */
export const tempCardQuery = z.object({ coverageNo: positiveId('coverageNo').optional() });

/** Download (withVerification false) or e-mail a 24-hour link (true), spec 1 §7. */
export const emailTempCardRequest = z.discriminatedUnion('withVerification', [
  z.object({
    withVerification: z.literal(false),
    coverageNo: positiveId('coverageNo').optional(),
  }),
  z.object({
    withVerification: z.literal(true),
    coverageNo: positiveId('coverageNo').optional(),
    recipientEmail: required(emailSchema('Email'), 'Email'),
    /** Blind copies; the screen offers only the user's own username ('BCC Myself?'). */
    bccEmail: z.array(emailSchema('BCC')).max(1).default([]),
  }),
]);
export type EmailTempCardRequest = z.infer<typeof emailTempCardRequest>;

export const tempCardLinkSentAnswer = z.object({
  message: z.string(),
  expiresAt: z.string(),
});
export type TempCardLinkSentAnswer = z.infer<typeof tempCardLinkSentAnswer>;

/** The drawer's e-mail field, with the spec's messages ('Email is required'). */
export const tempCardEmailField = required(emailSchema('Email'), 'Email');
export const TEMP_CARD_EMAIL_REQUIRED = MESSAGES.emailRequired;

/** True when the Email button may be enabled (spec 1 §5). */
export function isValidTempCardEmail(value: string | null | undefined): boolean {
  return tempCardEmailField.safeParse(value ?? '').success;
}

// ---------------------------------------------------------------- the public link

export const tempCardLinkParams = z.object({ token: z.string().min(1).max(200) });

export const TEMP_CARD_LINK_STATES = ['valid', 'expired', 'used', 'locked'] as const;
export type TempCardLinkStateName = (typeof TEMP_CARD_LINK_STATES)[number];

/** What the public page may know before verification: nothing about the member. */
export const tempCardLinkState = z.object({
  state: z.enum(TEMP_CARD_LINK_STATES),
  expiresAt: z.string(),
  attemptsLeft: z.number().int(),
  message: z.string().nullable(),
});
export type TempCardLinkState = z.infer<typeof tempCardLinkState>;

/** The recipient's answers about the primary cardholder. */
export const tempCardVerifyRequest = z.object({
  lastName: required(z.string().trim().pipe(lastNameSchema('Last Name')), 'Last Name'),
  dateOfBirth: required(
    z.string().refine(isIsoDate, 'Date of Birth must be a valid date (MM/DD/YYYY)'),
    'Date of Birth',
  ),
  zip: required(zipSchema('Zip Code'), 'Zip Code'),
});
export type TempCardVerifyRequest = z.infer<typeof tempCardVerifyRequest>;

export interface Cardholder {
  lastName: string;
  birthdate: string;
  zip: string | null;
}

/**
 * The answers match the primary cardholder: last name without regard to case or surrounding
 * spaces, the exact birth date, and the 5-digit zip (a ZIP+4 on either side counts by its first
 * five digits). A cardholder without a zip on file never matches.
 */
export function matchesCardholder(holder: Cardholder, answer: TempCardVerifyRequest): boolean {
  const zip5 = (zip: string) => zip.trim().slice(0, 5);
  return (
    holder.lastName.trim().toLowerCase() === answer.lastName.trim().toLowerCase() &&
    holder.birthdate === answer.dateOfBirth &&
    holder.zip !== null &&
    /^\d{5}/.test(holder.zip) &&
    zip5(holder.zip) === zip5(answer.zip)
  );
}

/** The download name of a card: temp-id-card-<id number>.pdf */
export function tempCardFileName(idNumber: string): string {
  return `temp-id-card-${idNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}
