import { z } from 'zod';
import { isoDate, parseDisplayDate } from './dates.ts';

/*
 * Prior authorizations (spec 2 §3 "Prior auth case", §4 "Prior authorization statuses", §9): the
 * cases the outside PA system (Agadia) holds for a member, as the agent desktop shows them. The
 * field names of the case, the interaction log and the reviewer history are the outside system's
 * own (PascalCase, lower case), kept as the spec names them.
 */

/** The 11 statuses, with the spec's exact labels; transitions between them are not shown. */
export const PA_STATUSES = [
  'In Review',
  'Information Requested from Prescriber',
  'Prior Authorization Not Needed',
  'Approved',
  'Approved with Alterations',
  'Denied',
  'Duplicate Request',
  'Cancelled by Provider',
  'Paused - Waiting for Prescriber',
  'Faulty Notification',
  'Withdrawn by Provider',
] as const;

export type PaStatus = (typeof PA_STATUSES)[number];

export type PaBadgeColor = 'blue' | 'green' | 'red' | 'grey';

interface PaStatusRule {
  color: PaBadgeColor;
  /**
   * True when the case closed without a coverage period to show (its end date is what matters);
   * false when the row shows the coverage period (an approval's, or none yet while it is open).
   */
  terminal: boolean;
  nextSteps: string;
}

/**
 * One row per status: badge colour (spec 2 §4: blue in progress, green covered, red denied, grey
 * the rest), terminal or not, and the 'Member's Next Steps' message an agent reads out.
 */
export const PA_STATUS_RULES: Readonly<Record<PaStatus, PaStatusRule>> = {
  'In Review': {
    color: 'blue',
    terminal: false,
    nextSteps:
      'The request is being reviewed. A decision is typically reached within 3 business days; the member and the prescriber will be notified.',
  },
  'Information Requested from Prescriber': {
    color: 'blue',
    terminal: false,
    nextSteps:
      'More information was requested from the prescriber. Gathering it may add about 2-3 business days to the review; the member may contact the prescriber to help it along.',
  },
  'Prior Authorization Not Needed': {
    color: 'green',
    terminal: true,
    nextSteps:
      'No prior authorization is needed for this medication. The pharmacy can fill the prescription under the plan.',
  },
  Approved: {
    color: 'green',
    terminal: false,
    nextSteps:
      'Approved for the coverage period shown. The pharmacy can fill the prescription; a new request is needed after the coverage period ends.',
  },
  'Approved with Alterations': {
    color: 'green',
    terminal: false,
    nextSteps:
      'Approved with changes (for example quantity, strength or duration). The member should confirm the approved terms with the prescriber or pharmacy before filling.',
  },
  Denied: {
    color: 'red',
    terminal: true,
    nextSteps:
      'The request was denied. The prescriber may appeal or choose a covered alternative; the denial letter sent to the member explains how to appeal.',
  },
  'Duplicate Request': {
    color: 'grey',
    terminal: true,
    nextSteps:
      'This request duplicates one already on file; nothing is needed for it. Follow the original request for the decision.',
  },
  'Cancelled by Provider': {
    color: 'grey',
    terminal: true,
    nextSteps:
      'The prescriber cancelled this request. The member should contact the prescriber if the medication is still needed.',
  },
  'Paused - Waiting for Prescriber': {
    color: 'grey',
    terminal: false,
    nextSteps:
      'The review is paused until the prescriber responds. The member should contact the prescriber to complete the request.',
  },
  'Faulty Notification': {
    color: 'grey',
    terminal: true,
    nextSteps:
      'The request could not be processed because it was incomplete or sent in error. The prescriber needs to submit a new request.',
  },
  'Withdrawn by Provider': {
    color: 'grey',
    terminal: true,
    nextSteps:
      'The prescriber withdrew this request. The member should contact the prescriber if the medication is still needed.',
  },
};

/** What the old case's row reads once a newer prescription replaced it (spec 2 §4). */
export const PA_FILLED_BY_ALTERNATIVE = 'Filled by alternative prescription';

/** The empty state of the Prior Auth History tab (spec 2 §8). */
export const PA_EMPTY_MESSAGE = 'No Prior Authorizations detected in Agadia System';

/**
 * The PA system could not be reached (spec 2 §8 "PA failure: a technical-difficulties message
 * pointing to the previous SSO"): the 502's detail and what the tab shows instead of the table.
 */
export const PA_UNAVAILABLE_MESSAGE =
  'The Prior Authorization system is experiencing technical difficulties. Please try again later, or look the member up in Agadia through the previous single sign-on (SSO) link.';

/** Spec 2 §9: the PA list shows 3 rows a page; the interaction log scrolls after 6 entries. */
export const PA_PAGE_SIZE = 3;
export const PA_INTERACTION_LOG_VISIBLE = 6;
/** Spec 2 §9 "Drawer widths": the Authorization Detail drawer. */
export const PA_DETAIL_DRAWER_WIDTH = 1050;

export function paBadgeColor(status: PaStatus): PaBadgeColor {
  return PA_STATUS_RULES[status].color;
}

export function isTerminalPaStatus(status: PaStatus): boolean {
  return PA_STATUS_RULES[status].terminal;
}

/** The next-steps text of a row: the replacement note wins over the status's message. */
export function paNextSteps(paCase: Pick<PaCase, 'Status' | 'ReplacedByPACaseId'>): string {
  if (paCase.ReplacedByPACaseId) return PA_FILLED_BY_ALTERNATIVE;
  return PA_STATUS_RULES[paCase.Status].nextSteps;
}

/**
 * The date column of a row: a terminal status shows its end date (the event's end), any other the
 * coverage period (empty while nothing is covered yet).
 */
export type PaDateCell =
  | { kind: 'endDate'; date: string | null }
  | { kind: 'coveragePeriod'; start: string | null; end: string | null };

export function paDateCell(
  paCase: Pick<PaCase, 'Status' | 'EventEndDate' | 'CoverageStartDate' | 'CoverageEndDate'>,
): PaDateCell {
  if (isTerminalPaStatus(paCase.Status)) return { kind: 'endDate', date: paCase.EventEndDate };
  return {
    kind: 'coveragePeriod',
    start: paCase.CoverageStartDate,
    end: paCase.CoverageEndDate,
  };
}

// --- The member identifiers every PA lookup needs (spec 2 §5 "Other agent rules", §7) ---

/** Agadia's member key is the card's member ID: letters, digits and hyphens (spec 2 §9: 20). */
export const PA_ALTERNATE_ID_MAX_LENGTH = 20;
export const PA_NAME_MAX_LENGTH = 60;

/** The labels a 400 names the fields by. */
export const PA_IDENTIFIER_LABELS = {
  alternateId: 'Alternate ID',
  firstName: 'First Name',
  lastName: 'Last Name',
  dateOfBirth: 'Date of Birth',
} as const;

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must not exceed ${max} characters`);
}

/** Birth date as the PA system takes it: MM/DD/YYYY, a real date. */
export function paBirthDate(label: string = PA_IDENTIFIER_LABELS.dateOfBirth) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((value) => parseDisplayDate(value) !== null, {
      message: `${label} must be a valid date (MM/DD/YYYY)`,
    });
}

/** The four identifiers: all required, or the lookup is not made (the server answers 400). */
export const paMemberIdentifiersSchema = z.object({
  alternateId: requiredText(PA_IDENTIFIER_LABELS.alternateId, PA_ALTERNATE_ID_MAX_LENGTH).regex(
    /^[A-Za-z0-9-]+$/,
    `${PA_IDENTIFIER_LABELS.alternateId} may contain only letters, digits and hyphens`,
  ),
  firstName: requiredText(PA_IDENTIFIER_LABELS.firstName, PA_NAME_MAX_LENGTH),
  lastName: requiredText(PA_IDENTIFIER_LABELS.lastName, PA_NAME_MAX_LENGTH),
  dateOfBirth: paBirthDate(),
});

export type PaMemberIdentifiers = z.infer<typeof paMemberIdentifiersSchema>;

/** The PA case id as a path parameter or query value ('EOC' ids; spec 2 §3 "PACaseId (EOC ID)"). */
export const PA_CASE_ID_MAX_LENGTH = 40;
export const paCaseIdSchema = z
  .string({ error: 'PA Case ID is required' })
  .trim()
  .min(1, 'PA Case ID is required')
  .max(PA_CASE_ID_MAX_LENGTH, `PA Case ID must not exceed ${PA_CASE_ID_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9-]+$/, 'PA Case ID may contain only letters, digits and hyphens');

export const paCaseQuerySchema = paMemberIdentifiersSchema.extend({ paCaseId: paCaseIdSchema });

/**
 * The member the web holds (its record: birth date YYYY-MM-DD) turned into the lookup's
 * identifiers, or null when one is missing: the lookup is then skipped, not sent (spec 2 §5).
 */
export function paIdentifiersOf(member: {
  alternateId: string | null | undefined;
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  birthdate: string | null | undefined;
}): PaMemberIdentifiers | null {
  const { alternateId, firstName, lastName, birthdate } = member;
  if (!alternateId?.trim() || !firstName?.trim() || !lastName?.trim() || !birthdate) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate.slice(0, 10));
  if (!m) return null;
  return {
    alternateId: alternateId.trim(),
    firstName: firstName.trim(),
    lastName: lastName.trim(),
    dateOfBirth: `${m[2]}/${m[3]}/${m[1]}`,
  };
}

// --- What the PA system answers (spec 2 §3) ---

const text = (max: number) => z.string().max(max);

export const paCaseSchema = z.object({
  /** The EOC ID. */
  PACaseId: text(PA_CASE_ID_MAX_LENGTH),
  ServiceName: text(200),
  Status: z.enum(PA_STATUSES),
  RequestDate: isoDate('Request Date'),
  EventType: text(100).nullable(),
  EventEndDate: isoDate('Event End Date').nullable(),
  CoverageStartDate: isoDate('Coverage Start Date').nullable(),
  CoverageEndDate: isoDate('Coverage End Date').nullable(),
  PrescriberName: text(120),
  PrescriberExplanation: text(2000).nullable(),
  Outcome: text(500).nullable(),
  IsProtectService: z.boolean(),
  /** The member as the PA system knows them. */
  MemberId: text(40),
  EventId: text(40).nullable(),
  /**
   * The case that replaced this one with a newer prescription, when there is one: the row then
   * reads 'Filled by alternative prescription' (spec 2 §4). Not among the spec's named fields.
   */
  ReplacedByPACaseId: text(PA_CASE_ID_MAX_LENGTH).nullable(),
});

export type PaCase = z.infer<typeof paCaseSchema>;

export const paCaseListSchema = z.object({
  data: z.array(paCaseSchema),
  totalCount: z.number().int(),
});

export const paInteractionLogEntrySchema = z.object({
  InterventionSummaryID: z.number().int(),
  contactdescription: text(2000),
  contacttype: text(60),
  protectcaseassignedto: text(120).nullable(),
  /** An instant, ISO 8601. */
  contactdate: z.string().max(40),
  protectcasestatusdescription: text(120),
});

export type PaInteractionLogEntry = z.infer<typeof paInteractionLogEntrySchema>;

export const paInteractionLogSchema = z.object({
  data: z.array(paInteractionLogEntrySchema),
  totalCount: z.number().int(),
});

export const paReviewerHistoryEntrySchema = z.object({
  reviewer: text(120),
  effDate: isoDate('Effective Date'),
  expDate: isoDate('Expiration Date').nullable(),
});

export type PaReviewerHistoryEntry = z.infer<typeof paReviewerHistoryEntrySchema>;

export const paReviewerHistorySchema = z.object({
  data: z.array(paReviewerHistoryEntrySchema),
});

/**
 * A case record as one Agadia generation stored it (the old and the new system): labelled values
 * the drawer lists as they come, since their fields are the outside system's, not ours.
 */
export const agadiaDataSchema = z.record(
  z.string().max(80),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
);

export type AgadiaData = z.infer<typeof agadiaDataSchema>;

export const paCaseDetailSchema = z.object({
  case: paCaseSchema,
  agadiaDataOld: agadiaDataSchema.nullable(),
  agadiaDataNew: agadiaDataSchema.nullable(),
  /** The case's interaction log, oldest first. */
  data: z.array(paInteractionLogEntrySchema),
});

export type PaCaseDetail = z.infer<typeof paCaseDetailSchema>;

// --- The table's client-side sort (spec 2 §9: page size 3, ties broken by RequestDate) ---

export const PA_SORT_KEYS = [
  'PACaseId',
  'ServiceName',
  'Status',
  'RequestDate',
  'PrescriberName',
  'CoverageEndDate',
] as const;

export type PaSortKey = (typeof PA_SORT_KEYS)[number];

function compareNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A comparator for the PA table: by the chosen column, then the newest request first, then the
 * case id, so equal rows keep one order whatever the previous sort was. Empty values sort last.
 */
export function comparePaCases(
  key: PaSortKey,
  order: 'ascend' | 'descend' = 'ascend',
): (a: PaCase, b: PaCase) => number {
  const direction = order === 'ascend' ? 1 : -1;
  return (a, b) =>
    direction * compareNullable(a[key], b[key]) ||
    compareNullable(b.RequestDate, a.RequestDate) ||
    compareNullable(a.PACaseId, b.PACaseId);
}

/** The table's first order: newest request first. */
export function sortPaCases(cases: readonly PaCase[]): PaCase[] {
  return [...cases].sort(comparePaCases('RequestDate', 'descend'));
}
