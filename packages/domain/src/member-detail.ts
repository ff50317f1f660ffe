/*
 * The agent's member detail (spec 2 §2 "Member detail", §3, §5 "Other agent rules", §8): its
 * banner rules, its empty-state texts, and the read-access audit that records who opened which
 * member's health data. Shared by the server (audit schemas) and the web (banners, texts).
 */
import { z } from 'zod';
import {
  ACTIVE_WITH_FUTURE_TERMINATION,
  AGENT_ACTIVE_WITH_FUTURE_TERMINATION_LABEL,
  PROCESS_STATUS,
  displayStatusCode,
  todayIso,
} from './codes.ts';
import { formatDate } from './date-format.ts';
import { ageInYears, memberRecordParams } from './member-record.ts';
import { pageSchema, pagingQuery } from './paging.ts';

/** Spec 2 §5: the HIPAA banner covers confidential dependents aged 13 to 17 inclusive. */
export const HIPAA_MINOR_MIN_AGE = 13;
export const HIPAA_MINOR_MAX_AGE = 17;

/** The texts of the page: the spec's empty states (§8) and the card failure (§8). */
export const MEMBER_DETAIL_TEXT = {
  hipaaTitle: 'HIPAA: confidential minor',
  hipaaBody:
    'This dependent is a confidential minor (age 13 to 17). Do not disclose their health information to the subscriber, a parent or anyone else without the member’s own authorization.',
  terminatedTitle: 'Terminated',
  terminated: (date: string | null) =>
    date ? `This member's coverage ended on ${formatDate(date)}.` : "This member's coverage ended.",
  futureTermination: (date: string) => `This member's coverage ends on ${formatDate(date)}.`,
  pendingTermination: 'Pending Termination',
  noPbmCoverage: 'No PBM Coverage',
  noDataAvailable: 'No data available',
  noData: 'No data',
  historyFailed: "Failed to Load the Member's History",
  newCardRequested: 'New Card Requested',
  newCardFailed:
    'There was an issue trying to process your request. Check to be sure this member has an active plan.',
} as const;

/** A person the detail page shows: the member, or one of their dependents. */
export interface DetailPerson {
  /** True for a dependent: only dependents carry a confidentiality choice (spec 2 §4). */
  isDependent: boolean;
  /** The members hub's confidentiality (spec 2 §3 isConfidential 1/0); unknown counts as not. */
  isConfidential: boolean | null | undefined;
  birthdate: string;
}

/**
 * Spec 2 §5: "A confidential dependent aged 13 to 17 triggers a HIPAA warning banner." Age on
 * `today` (YYYY-MM-DD), 13 and 17 included; a member (not a dependent) never triggers it.
 */
export function showsHipaaBanner(person: DetailPerson, today: string = todayIso()): boolean {
  if (!person.isDependent || person.isConfidential !== true) return false;
  const age = ageInYears(person.birthdate, today);
  return age >= HIPAA_MINOR_MIN_AGE && age <= HIPAA_MINOR_MAX_AGE;
}

export interface StatusBanner {
  kind: 'terminated' | 'futureTermination' | 'pendingTermination';
  type: 'error' | 'warning';
  title: string;
  message: string;
}

/**
 * The main area's warning banner (spec 2 §2): a terminated member, a member whose termination
 * lies ahead (the derived 999, codes.ts displayStatusCode, worded as the agent screens word it:
 * 'Active with Future Termination', spec 2 §3), or a pending termination; none for an active
 * member.
 */
export function statusBanner(
  processStatus: number,
  expirationDate: string | null | undefined,
  today: string = todayIso(),
): StatusBanner | null {
  const code = displayStatusCode(processStatus, expirationDate, today);
  if (code === ACTIVE_WITH_FUTURE_TERMINATION && expirationDate) {
    return {
      kind: 'futureTermination',
      type: 'warning',
      title: AGENT_ACTIVE_WITH_FUTURE_TERMINATION_LABEL,
      message: MEMBER_DETAIL_TEXT.futureTermination(expirationDate),
    };
  }
  if (code === PROCESS_STATUS.terminated) {
    return {
      kind: 'terminated',
      type: 'error',
      title: MEMBER_DETAIL_TEXT.terminatedTitle,
      message: MEMBER_DETAIL_TEXT.terminated(expirationDate ?? null),
    };
  }
  if (code === PROCESS_STATUS.pendingTermination) {
    return {
      kind: 'pendingTermination',
      type: 'warning',
      title: MEMBER_DETAIL_TEXT.pendingTermination,
      message: expirationDate
        ? MEMBER_DETAIL_TEXT.futureTermination(expirationDate)
        : "This member's termination is pending.",
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Read-access audit (issue 12): who looked at which member's health data, what, and when.

/**
 * What was read: the member detail, one prior-authorization case, the claims history, the
 * appointments of representative, the communication preferences and a dependent's
 * confidentiality preference.
 */
export const MEMBER_READ_KINDS = [
  'member-detail',
  'prior-auth-case',
  'claims-history',
  'aor',
  'communication-preferences',
  'confidentiality',
] as const;
export type MemberReadKind = (typeof MEMBER_READ_KINDS)[number];
export const MEMBER_READ_LABELS: Record<MemberReadKind, string> = {
  'member-detail': 'Member detail',
  'prior-auth-case': 'Prior authorization case',
  'claims-history': 'Claims history',
  aor: 'Appointment of representative',
  'communication-preferences': 'Communication preferences',
  confidentiality: 'Confidentiality preference',
};
/** The audit_log action of a member read; the kind goes in its detail. */
export const MEMBER_READ_ACTION = 'member.read';

/** GET /portal/v1/organizations/{orgId}/employees/{employeeId}/read-audit?limit&offset */
export const memberReadAuditParams = memberRecordParams;
export const memberReadAuditQuery = pagingQuery(['at']);
export type MemberReadAuditQuery = z.infer<typeof memberReadAuditQuery>;

export const memberReadAuditRow = z.object({
  auditId: z.number().int(),
  /** ISO instant */
  at: z.string(),
  userNo: z.number().int().nullable(),
  userName: z.string().nullable(),
  username: z.string().nullable(),
  employeeNo: z.number().int(),
  /** Set when a dependent's data was read. */
  dependentNo: z.number().int().nullable(),
  what: z.enum(MEMBER_READ_KINDS),
  /** An identifier of what was read (a PA case ID), never a value of health data. */
  reference: z.string().nullable(),
});
export type MemberReadAuditRow = z.infer<typeof memberReadAuditRow>;
export const memberReadAuditPage = pageSchema(memberReadAuditRow);
export type MemberReadAuditPage = z.infer<typeof memberReadAuditPage>;
