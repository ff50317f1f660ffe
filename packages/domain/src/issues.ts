import { z } from 'zod';
import { contentMatchesExtension, fileExtensionOf } from './files.ts';
import { pageSchema, pagingQuery } from './paging.ts';
import { PERMISSIONS, type Permission } from './permissions.ts';
import { INT4_MAX, int4Id, int4IdValue, requiredMessage } from './validation.ts';

/*
 * Call notes, which the product calls issues (spec 2 §2 "Member issue detail drawer", §3 "Issue",
 * "Issue comment", "Attachment", "Create-issue payload", "Caller types", §4 "Notes form" and
 * "Issue lifecycle", §5 "Notes form", §7 "Issues service", §8 "Issues", §9). The notes form and
 * the server check the same schemas from here; every message is written once. Decision 0102.
 */

// ---- Codes ----

/** Spec 2 §3 "Caller types (relationship)", numbers and labels as the spec writes them. */
export const CALLER_TYPES = [
  { value: 1, label: 'Self' },
  { value: 2, label: 'Subscriber/Spouse/Parent/Authorized Rep' },
  { value: 3, label: 'Client/Employer/TPA' },
  { value: 4, label: 'PBM' },
  { value: 5, label: 'Other' },
  { value: 6, label: 'Pharmacy' },
  { value: 7, label: 'Physician/Prescriber' },
] as const;
export type CallerType = (typeof CALLER_TYPES)[number]['value'];
export const CALLER_TYPE_VALUES: readonly number[] = CALLER_TYPES.map((c) => c.value);

export function callerTypeLabel(value: number): string {
  return CALLER_TYPES.find((c) => c.value === value)?.label ?? '';
}

/** Spec 2 §3: Call, Email, Chat; Call is the default (§4). */
export const COMMUNICATION_METHODS = ['Call', 'Email', 'Chat'] as const;
export type CommunicationMethod = (typeof COMMUNICATION_METHODS)[number];
export const DEFAULT_COMMUNICATION_METHOD: CommunicationMethod = 'Call';

/** Spec 2 §3 "processStatus (Open, Done, Pending)"; §4: Pending is 2. */
export const ISSUE_STATUS = { open: 1, pending: 2, done: 3 } as const;
export type IssueStatus = (typeof ISSUE_STATUS)[keyof typeof ISSUE_STATUS];
export const ISSUE_STATUS_NAMES: Readonly<Record<IssueStatus, 'Open' | 'Pending' | 'Done'>> = {
  1: 'Open',
  2: 'Pending',
  3: 'Done',
};
export function issueStatusName(status: number): string {
  return ISSUE_STATUS_NAMES[status as IssueStatus] ?? '';
}

/** Spec 2 §3 "furtherActionNeeded (None, Pending, Client Services)". */
export const FURTHER_ACTIONS = ['None', 'Pending', 'Client Services'] as const;
export type FurtherAction = (typeof FURTHER_ACTIONS)[number];

/**
 * The status a new issue gets: a call that needs no further action is Open (the agent closes it
 * by marking it Done); one that waits on further action (Pending, Client Services) is Pending,
 * which the lifecycle forbids marking Done (decision 0102).
 */
export function initialIssueStatus(furtherAction: FurtherAction): IssueStatus {
  return furtherAction === 'None' ? ISSUE_STATUS.open : ISSUE_STATUS.pending;
}

/** Spec 2 §4 "Issue lifecycle": an issue whose status is not Pending (2) can be marked Done. */
export function canMarkDone(status: number): boolean {
  return status !== ISSUE_STATUS.pending && status !== ISSUE_STATUS.done;
}

/** The name issues without a member are recorded under (the member-not-found page). */
export const ORGANIZATION_NOT_FOUND = 'Organization Not Found';

/**
 * Who deletes another agent's attachment: the Agent Supervisor's distinguishing permission
 * (besides the issue's creator). Decision 0102.
 */
export const ISSUE_SUPERVISOR_PERMISSION: Permission = PERMISSIONS.agentUnlockMemberPortal;

// ---- Limits (spec 2 §5, §9) ----

export const CALLER_NAME_MAX_LENGTH = 60;
export const CALLER_LOCATION_MAX_LENGTH = 100;
export const CALLER_NPI_MAX_LENGTH = 10;
export const CALLER_PHONE_MAX_LENGTH = 20;
export const CALL_ID_MAX_LENGTH = 40;
export const ISSUE_DETAILS_MAX_LENGTH = 65535;
export const ISSUE_EOC_MAX = 50;
/** Spec 2 §9: recent notes cover 6 months, at most 10, 3 a page; pending notes page as lists do. */
export const RECENT_ISSUES_MONTHS = 6;
export const RECENT_ISSUES_LIMIT = 10;
export const RECENT_ISSUES_PAGE_SIZE = 3;
/** Spec 2 §9: the issue-types cache refetches every 23 hours. */
export const ISSUE_TYPES_STALE_MS = 82_800_000;
/** Spec 2 §9: the issue drawer's width. */
export const ISSUE_DRAWER_WIDTH = '45%';

export const ISSUE_ATTACHMENT_MAX_FILES = 10;
/** 200 MB (spec 2 §5: 209715200 bytes). */
export const ISSUE_ATTACHMENT_MAX_BYTES = 209_715_200;
export const ISSUE_ATTACHMENT_NAME_MAX_LENGTH = 60;
/** "Total attachments must stay under 24MB to be emailed": strictly less than this. */
export const ISSUE_EMAIL_MAX_TOTAL_BYTES = 24 * 1024 * 1024;

/** Spec 2 §5, in the spec's order. */
export const ISSUE_ATTACHMENT_EXTENSIONS = [
  '.eml',
  '.msg',
  '.mbox',
  '.pst',
  '.pdf',
  '.html',
  '.txt',
  '.csv',
  '.xls',
  '.xlsx',
  '.docx',
  '.zip',
] as const;
export type IssueAttachmentExtension = (typeof ISSUE_ATTACHMENT_EXTENSIONS)[number];
/** The e-mail files the drawer shows as such (spec 2 §2 "attached emails"). */
export const ISSUE_EMAIL_EXTENSIONS: readonly string[] = ['.eml', '.msg', '.mbox', '.pst'];

export function isAcceptedAttachmentName(name: string): boolean {
  return (ISSUE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtensionOf(name));
}

export function isEmailAttachment(name: string): boolean {
  return ISSUE_EMAIL_EXTENSIONS.includes(fileExtensionOf(name));
}

/** Outlook's personal folder file starts with '!BDN'. */
const PST = [0x21, 0x42, 0x44, 0x4e];

/**
 * Whether the first bytes of an attachment match its extension (an .exe renamed .pdf is
 * refused): the secure files' signatures for the types both accept, OLE2 for an Outlook .msg,
 * '!BDN' for a .pst, and no NUL byte for the text types (.eml, .mbox, .html).
 */
export function attachmentContentMatches(extension: string, head: Uint8Array): boolean {
  switch (extension.toLowerCase()) {
    case '.msg':
      return contentMatchesExtension('.xls', head);
    case '.pst':
      return PST.every((byte, i) => head[i] === byte);
    case '.eml':
    case '.mbox':
    case '.html':
      return contentMatchesExtension('.txt', head);
    default:
      return (ISSUE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension.toLowerCase())
        ? contentMatchesExtension(extension, head)
        : false;
  }
}

// ---- Messages (spec 2 §8 "Issues", §5, §2, §8 "Empty states") ----

export const ISSUE_MESSAGES = {
  memberNotVerified: 'Cannot verify member/organization.',
  userNotVerified: 'Cannot verify authenticated user. Your session may have expired.',
  detailsAlphanumeric: 'Details must contain alpha and/or numeric characters.',
  nameAlphanumeric: 'Name must contain alpha and/or numeric characters.',
  locationAlphanumeric: 'Location must contain alpha and/or numeric characters.',
  fileTooLarge: (name: string) => `'${name}' is too large. Files must be 200 MB or smaller.`,
  fileNameTooLong: (name: string) =>
    `'${name.slice(0, 40)}…' has a file name over ${ISSUE_ATTACHMENT_NAME_MAX_LENGTH} characters.`,
  tooManyFiles: `A maximum of ${ISSUE_ATTACHMENT_MAX_FILES} files can be uploaded per upload session.`,
  notAccepted: (name: string) =>
    `'${name}' is not an accepted file type. Accepted types: ${ISSUE_ATTACHMENT_EXTENSIONS.join(', ')}`,
  emptyFile: (name: string) => `'${name}' is empty`,
  contentMismatch: (name: string) => `The content of '${name}' does not match its extension`,
  createFailed: 'Failed to create a new issue. An unknown error occurred...',
  /** The server's detail the web shows as it is (spec 2 §8). */
  emailTooLarge: 'Total attachments must be under 24MB to be emailed.',
  emailNoContact: 'The organization has no e-mail address for this contact.',
  emailNoOrganization: `An issue recorded under '${ORGANIZATION_NOT_FOUND}' has no client contact to e-mail.`,
  emailQueued: (issueNo: number, to: string) => `Issue # ${issueNo} has been e-mailed to ${to}`,
  noteRequired: 'A note is required',
  noteRequiredForDone: 'Add a note to mark issue as "Done"',
  commentAdded: (issueNo: number) => `Comment successfully added to Issue # ${issueNo}`,
  markedDone: (issueNo: number) => `Issue # ${issueNo} has been marked as "Done"`,
  cannotMarkPendingDone: `An issue whose status is Pending cannot be marked as "Done"`,
  alreadyDone: 'This issue is already Done.',
  attachmentDeleteForbidden: "Only the issue's creator or a supervisor may delete this attachment.",
  subTypeMismatch: 'Sub Type does not belong to the chosen Issue Type',
  loadFailedTitle: 'Unable To Load Data',
  loadFailedAdvice:
    'Please log out and log back in. If the problem continues, contact production support.',
  noPendingNotes: 'No Pending Notes',
  noRecentNotes: 'No Recent Notes',
  selectMember: 'Select a member to save note',
  unsavedGoHome: 'Go home without saving',
  unsavedReturn: 'Return to review & save notes',
  successTitle: 'Success',
} as const;

/** The labels a 400 names the fields by (the notes form's labels). */
export const ISSUE_FIELD_LABELS = {
  name: 'Caller Name',
  relationship: 'Caller Type',
  communicationMethod: 'Communication Method',
  phoneNo: 'Phone',
  location: 'Calling From',
  npi: 'NPI',
  callId: 'Call ID',
  memberIssueTypeNo: 'Issue Type',
  memberIssueSubTypeNo: 'Sub Type',
  comment: 'Details',
  furtherActionNeeded: 'Further Action Needed',
  eocs: 'EOCs',
  organizationNo: 'Organization',
  employeeNo: 'Member',
  dependentNo: 'Dependent',
} as const;

// ---- The notes form's rules ----

export type FieldRequirement = 'required' | 'optional' | 'dropped';

/**
 * Spec 2 §4: below 5 the location is dropped; §5: required for some caller types. Other (5)
 * must say where they call from; a pharmacy or a prescriber may (decision 0102).
 */
export function locationRequirement(relationship: number | null | undefined): FieldRequirement {
  if (relationship === 5) return 'required';
  if (relationship === 6 || relationship === 7) return 'optional';
  return 'dropped';
}

/** Spec 2 §4: below 6 the NPI is dropped; §5: required for the others (pharmacy, prescriber). */
export function npiRequirement(relationship: number | null | undefined): FieldRequirement {
  return relationship === 6 || relationship === 7 ? 'required' : 'dropped';
}

/** Spec 2 §5: a phone is required when the communication method is Call. */
export function phoneRequired(method: string | null | undefined): boolean {
  return method === 'Call';
}

const ALPHANUMERIC = /[A-Za-z0-9]/;

/**
 * Text that is required, at most `max`, and "not blank": '' is `required`; anything without a
 * letter or digit (spaces only, '---') is `blank`. Trimmed.
 */
function notBlankText(max: number, required: string, blank: string, label: string) {
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .max(max, { error: `${label} must not exceed ${max} characters`, abort: true })
    .refine((v) => ALPHANUMERIC.test(v), { error: blank, abort: true })
    .transform((v) => v.trim());
}

const L = ISSUE_FIELD_LABELS;
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must not exceed ${max} characters`)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

/** One EOC (a PA case of the member) as the create payload carries it (spec 2 §3). */
export const issueEocInput = z.object({
  paCaseId: z
    .string({ error: 'EOC PA Case ID is required' })
    .trim()
    .min(1, 'EOC PA Case ID is required')
    .max(40, 'EOC PA Case ID must not exceed 40 characters'),
  serviceName: z.string().trim().max(200, 'EOC service name must not exceed 200 characters'),
  eventId: z.string().trim().max(40, 'EOC event ID must not exceed 40 characters').nullish(),
  status: z.string().trim().max(60, 'EOC status must not exceed 60 characters').nullish(),
  requestDate: z
    .string()
    .trim()
    .max(30, 'EOC request date must not exceed 30 characters')
    .nullish(),
});
export type IssueEocInput = z.infer<typeof issueEocInput>;

/** A required id in the JSON body: missing or null says '<label> is required'. */
function requiredId(label: string) {
  return z
    .number({
      error: (issue) =>
        issue.input == null ? requiredMessage(label) : `${label} must be a number`,
    })
    .int(`${label} must be a whole number`)
    .positive(requiredMessage(label))
    .max(INT4_MAX, `${label} is too large`);
}

const nullableId = (label: string) =>
  int4IdValue(label)
    .nullish()
    .transform((v) => v ?? null);

/**
 * The notes form (spec 2 §5 "Notes form"; the create-issue payload of §3), shared by the form
 * and the server's `jsondata` part. `actorId` and `planNo` of the spec's payload are not read:
 * the creator is the session's user. A member-not-found note sends no organization or member.
 * Location and NPI are dropped (null) for the caller types that do not have them (§4).
 */
export const issueFormSchema = z
  .object({
    organizationNo: nullableId(L.organizationNo),
    employeeNo: nullableId(L.employeeNo),
    dependentNo: nullableId(L.dependentNo),
    callId: optionalText(CALL_ID_MAX_LENGTH, L.callId),
    name: notBlankText(
      CALLER_NAME_MAX_LENGTH,
      requiredMessage(L.name),
      ISSUE_MESSAGES.nameAlphanumeric,
      L.name,
    ),
    relationship: z
      .number({ error: requiredMessage(L.relationship) })
      .refine((v) => CALLER_TYPE_VALUES.includes(v), {
        error: `${L.relationship} must be one of ${CALLER_TYPES.map((c) => `${c.value} ${c.label}`).join(', ')}`,
      }),
    communicationMethod: z.enum(COMMUNICATION_METHODS, {
      error: `${L.communicationMethod} must be one of ${COMMUNICATION_METHODS.join(', ')}`,
    }),
    phoneNo: z
      .string({ error: `${L.phoneNo} must be text` })
      .max(
        CALLER_PHONE_MAX_LENGTH,
        `${L.phoneNo} must not exceed ${CALLER_PHONE_MAX_LENGTH} characters`,
      )
      .regex(/^[0-9()+\-. ]*$/, `${L.phoneNo} may contain only digits, spaces and ( ) + - .`)
      .nullish()
      .transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
    location: z
      .string({ error: `${L.location} must be text` })
      .max(
        CALLER_LOCATION_MAX_LENGTH,
        `${L.location} must not exceed ${CALLER_LOCATION_MAX_LENGTH} characters`,
      )
      .nullish(),
    npi: z
      .string({ error: `${L.npi} must be text` })
      .max(CALLER_NPI_MAX_LENGTH, `${L.npi} must not exceed ${CALLER_NPI_MAX_LENGTH} characters`)
      .regex(/^[0-9]*$/, `${L.npi} may contain only digits`)
      .nullish(),
    memberIssueTypeNo: requiredId(L.memberIssueTypeNo),
    memberIssueSubTypeNo: requiredId(L.memberIssueSubTypeNo),
    eocs: z
      .array(issueEocInput, { error: `${L.eocs} must be a list` })
      .max(ISSUE_EOC_MAX, `At most ${ISSUE_EOC_MAX} EOCs`)
      .default([]),
    comment: notBlankText(
      ISSUE_DETAILS_MAX_LENGTH,
      requiredMessage(L.comment),
      ISSUE_MESSAGES.detailsAlphanumeric,
      L.comment,
    ),
    furtherActionNeeded: z.enum(FURTHER_ACTIONS, {
      error: requiredMessage(L.furtherActionNeeded),
    }),
  })
  .superRefine((v, ctx) => {
    if (phoneRequired(v.communicationMethod) && !v.phoneNo) {
      ctx.addIssue({ code: 'custom', path: ['phoneNo'], message: requiredMessage(L.phoneNo) });
    }
    const location = locationRequirement(v.relationship);
    if (location !== 'dropped') {
      const text = v.location ?? '';
      if (text === '') {
        if (location === 'required') {
          ctx.addIssue({
            code: 'custom',
            path: ['location'],
            message: requiredMessage(L.location),
          });
        }
      } else if (!ALPHANUMERIC.test(text)) {
        ctx.addIssue({
          code: 'custom',
          path: ['location'],
          message: ISSUE_MESSAGES.locationAlphanumeric,
        });
      }
    }
    if (npiRequirement(v.relationship) === 'required' && !v.npi?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['npi'], message: requiredMessage(L.npi) });
    }
    if (v.dependentNo != null && v.employeeNo == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['employeeNo'],
        message: requiredMessage(L.employeeNo),
      });
    }
    if (v.employeeNo != null && v.organizationNo == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['organizationNo'],
        message: requiredMessage(L.organizationNo),
      });
    }
  })
  .transform((v) => ({
    ...v,
    location:
      locationRequirement(v.relationship) === 'dropped' || !v.location?.trim()
        ? null
        : v.location.trim(),
    npi: npiRequirement(v.relationship) === 'dropped' || !v.npi?.trim() ? null : v.npi.trim(),
  }));
/** What the form holds before checking (numbers as numbers, empty optional text '' or null). */
export type IssueFormInput = z.input<typeof issueFormSchema>;
/** What the server stores: trimmed, location and NPI dropped where the caller type has none. */
export type IssueForm = z.output<typeof issueFormSchema>;

/**
 * A comment on an issue, optionally marking it Done (spec 2 §5 "Issue comment"): '' is 'A note
 * is required' ('Add a note to mark issue as "Done"' when Done is ticked), spaces only or no
 * letter or digit is the Details message.
 */
export const issueCommentInput = z
  .object({
    comment: z.string({ error: ISSUE_MESSAGES.noteRequired }).nullish(),
    markDone: z.boolean({ error: 'markDone must be true or false' }).default(false),
  })
  .transform((v, ctx) => {
    const comment = v.comment ?? '';
    if (comment === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['comment'],
        message: v.markDone ? ISSUE_MESSAGES.noteRequiredForDone : ISSUE_MESSAGES.noteRequired,
      });
      return z.NEVER;
    }
    if (comment.length > ISSUE_DETAILS_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['comment'],
        message: `Details must not exceed ${ISSUE_DETAILS_MAX_LENGTH} characters`,
      });
      return z.NEVER;
    }
    if (!ALPHANUMERIC.test(comment)) {
      ctx.addIssue({
        code: 'custom',
        path: ['comment'],
        message: ISSUE_MESSAGES.detailsAlphanumeric,
      });
      return z.NEVER;
    }
    return { comment: comment.trim(), markDone: v.markDone };
  });
export type IssueCommentInput = z.input<typeof issueCommentInput>;

/**
 * The spec's other two uses of POST /records (spec 2 §7), kept working: a comment
 * (`{ issueNo, comments: [{ comment, actorId }] }`) or a close (`{ issueNo, status: 'done',
 * comment, closedBy }`). `actorId` and `closedBy` are not read: the actor is the session's user.
 * Turned into the clean comment call's input.
 */
export const legacyIssueUpdate = z
  .object({
    issueNo: int4IdValue('issueNo'),
    comments: z
      .array(z.object({ comment: z.string().nullish() }).loose())
      .max(1, 'comments must hold one comment')
      .optional(),
    comment: z.string().nullish(),
    status: z.enum(['done', 'Done'], { error: "status must be 'done'" }).optional(),
  })
  .transform((v) => ({
    issueNo: v.issueNo,
    input: {
      comment: v.status ? (v.comment ?? null) : (v.comments?.[0]?.comment ?? v.comment ?? null),
      markDone: v.status !== undefined,
    } satisfies IssueCommentInput,
  }));
export type IssueComment = z.output<typeof issueCommentInput>;

// ---- Attachments: the limits as one check the form and the server share ----

export interface AttachmentCandidate {
  name: string;
  size: number;
}

/**
 * The first broken attachment rule, or null: too many files, an unaccepted type, a name over 60
 * characters, an empty or oversize file. The server checks the same while it streams (it learns
 * a size only at the end of a part) and sniffs the content.
 */
export function attachmentProblem(
  files: readonly AttachmentCandidate[],
  index: number,
): string | null {
  if (index >= ISSUE_ATTACHMENT_MAX_FILES) return ISSUE_MESSAGES.tooManyFiles;
  const file = files[index];
  if (!file) return null;
  const base = file.name.split(/[\\/]/).pop() ?? '';
  if (base.length > ISSUE_ATTACHMENT_NAME_MAX_LENGTH) return ISSUE_MESSAGES.fileNameTooLong(base);
  if (!isAcceptedAttachmentName(base)) return ISSUE_MESSAGES.notAccepted(base);
  if (file.size === 0) return ISSUE_MESSAGES.emptyFile(base);
  if (file.size > ISSUE_ATTACHMENT_MAX_BYTES) return ISSUE_MESSAGES.fileTooLarge(base);
  return null;
}

/** Whether attachments of these sizes may be e-mailed: their total under 24 MB. */
export function canEmailAttachments(sizes: readonly number[]): boolean {
  return sizes.reduce((sum, s) => sum + s, 0) < ISSUE_EMAIL_MAX_TOTAL_BYTES;
}

/** A PA reviewer assignment as the reviewer history gives it (prior-auth's `PaReviewerHistoryEntry`). */
export interface PaReviewerPeriod {
  reviewer: string;
  effDate: string;
  expDate: string | null;
}

/**
 * Whether the notes form's EOC select shows (spec 2 §5): only for a member (never for an agent
 * organization: no member, no PA cases), and only when the member's reviewer on `today` (ISO
 * date) is the PA partner (Agadia), whose cases the EOCs are.
 */
export function showsEocSelect(
  forMember: boolean,
  reviewers: readonly PaReviewerPeriod[] | undefined,
  today: string,
): boolean {
  if (!forMember || !reviewers) return false;
  const current = reviewers.find(
    (r) => r.effDate <= today && (r.expDate === null || r.expDate >= today),
  );
  return current !== undefined && /^agadia\b/i.test(current.reviewer.trim());
}

// ---- Requests ----

export const issueNoParams = z.object({ issueNo: int4Id('issueNo') });

/** The spec's flag on the issue read; accepted, and only 'true'. */
const trueFlag = (name: string) => z.literal('true', { error: `${name} must be true` }).optional();

export const issueGetQuery = z.object({ isIssue: trueFlag('isIssue') });

export const issueAttachmentParams = z.object({
  issueNo: int4Id('issueNo'),
  fileId: z.uuid({ error: 'fileId must be a file id' }),
});
/** Spec 2 §5: download and delete need the file name too; it must be the attachment's. */
export const issueAttachmentQuery = z.object({
  fileName: z
    .string({ error: requiredMessage('fileName') })
    .min(1, requiredMessage('fileName'))
    .max(
      ISSUE_ATTACHMENT_NAME_MAX_LENGTH,
      `fileName must not exceed ${ISSUE_ATTACHMENT_NAME_MAX_LENGTH} characters`,
    ),
});

export const PENDING_ISSUE_SORT_FIELDS = ['createdDate', 'issueNo'] as const;
export const pendingIssuesParams = z.object({ userNo: int4Id('userNo') });
export const pendingIssuesQuery = pagingQuery(PENDING_ISSUE_SORT_FIELDS).extend({
  isAgent: trueFlag('isAgent'),
  isPending: trueFlag('isPending'),
});
export type PendingIssuesQuery = z.infer<typeof pendingIssuesQuery>;

export const recentIssuesParams = z.object({ employeeId: int4Id('employeeId') });
export const recentIssuesQuery = z.object({
  organizationNo: int4Id('organizationNo'),
  /** The spec's `dependentID`: the dependent's notes; absent, the member's own and all dependents'. */
  dependentNo: int4Id('dependentNo').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(RECENT_ISSUES_LIMIT, `limit must not exceed ${RECENT_ISSUES_LIMIT}`)
    .default(RECENT_ISSUES_LIMIT),
});
export type RecentIssuesQuery = z.infer<typeof recentIssuesQuery>;

/** The client contacts of the organization (spec 1 §3) an issue may be e-mailed to. */
export const ISSUE_EMAIL_CONTACTS = [
  'eligibilityContact',
  'maintenanceContact',
  'invoiceContact',
] as const;
/** How the drawer names each contact kind. */
export const ISSUE_EMAIL_CONTACT_LABELS: Readonly<Record<IssueEmailContact, string>> = {
  eligibilityContact: 'Eligibility Contact',
  maintenanceContact: 'Maintenance Contact',
  invoiceContact: 'Invoice Contact',
};
export type IssueEmailContact = (typeof ISSUE_EMAIL_CONTACTS)[number];
export const issueEmailInput = z.object({
  contact: z.enum(ISSUE_EMAIL_CONTACTS, {
    error: `contact must be one of ${ISSUE_EMAIL_CONTACTS.join(', ')}`,
  }),
});
export type IssueEmailInput = z.infer<typeof issueEmailInput>;

// ---- Answers ----

export const issueSubType = z.object({ memberIssueSubTypeNo: z.number().int(), name: z.string() });
export const issueType = z.object({
  memberIssueTypeNo: z.number().int(),
  name: z.string(),
  subTypes: z.array(issueSubType),
});
export type IssueType = z.infer<typeof issueType>;
export const issueTypeList = z.object({ data: z.array(issueType) });
export type IssueTypeList = z.infer<typeof issueTypeList>;

export const issueEoc = z.object({
  paCaseId: z.string(),
  serviceName: z.string(),
  eventId: z.string().nullable(),
  status: z.string().nullable(),
  requestDate: z.string().nullable(),
});

export const issueCommentRow = z.object({
  issueCommentNo: z.number().int(),
  comment: z.string(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  /** ISO 8601 instant. */
  createdDate: z.string(),
});
export type IssueCommentRow = z.infer<typeof issueCommentRow>;

export const issueAttachment = z.object({
  fileId: z.uuid(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  /** An e-mail file (.eml, .msg, .mbox, .pst): the drawer lists it as an attached e-mail. */
  isEmail: z.boolean(),
  createdBy: z.number().int(),
  /** ISO 8601 instant. */
  createdDate: z.string(),
  /** Whether the caller may delete it (its uploader or the issue's creator, or a supervisor). */
  canDelete: z.boolean(),
});
export type IssueAttachment = z.infer<typeof issueAttachment>;

const issueStatusCode = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** One row of My Pending Notes and Recent Notes (spec 2 §3 "Issue (note)"). */
export const issueSummary = z.object({
  issueNo: z.number().int(),
  /** ISO 8601 instant. */
  createdDate: z.string(),
  processStatus: issueStatusCode,
  processStatusName: z.string(),
  memberIssueTypeName: z.string(),
  memberIssueSubtypeName: z.string(),
  createdByName: z.string(),
  employeeName: z.string().nullable(),
  dependentName: z.string().nullable(),
  /** 'Organization Not Found' for a note without a member. */
  organizationName: z.string(),
  /** The details (the first comment). */
  comments: z.string(),
});
export type IssueSummary = z.infer<typeof issueSummary>;
export const issueSummaryPage = pageSchema(issueSummary);

/** The issue drawer (spec 2 §2 "Member issue detail drawer", §3 "Full issue"). */
export const issueDetail = z.object({
  issueNo: z.number().int(),
  processStatus: issueStatusCode,
  processStatusName: z.string(),
  furtherActionNeeded: z.enum(FURTHER_ACTIONS),
  organizationNo: z.number().int().nullable(),
  organizationName: z.string(),
  employeeNo: z.number().int().nullable(),
  dependentNo: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  dependentName: z.string().nullable(),
  /** The member ID. */
  generatedId: z.string().nullable(),
  /** The case number in the CRM; none is kept yet (null). */
  salesforceId: z.string().nullable(),
  callId: z.string().nullable(),
  communicationMethod: z.enum(COMMUNICATION_METHODS),
  relationship: z.number().int(),
  /** The caller type's label. */
  reportedByName: z.string(),
  /** The caller's name. */
  name: z.string(),
  phoneNo: z.string().nullable(),
  npi: z.string().nullable(),
  location: z.string().nullable(),
  createdDate: z.string(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  closedDate: z.string().nullable(),
  closedByName: z.string().nullable(),
  memberIssueTypeNo: z.number().int(),
  memberIssueTypeName: z.string(),
  memberIssueSubTypeNo: z.number().int(),
  memberIssueSubtypeName: z.string(),
  eocs: z.array(issueEoc),
  /** The first comment by number. */
  details: z.string(),
  /** Every comment after the details, oldest first. */
  comments: z.array(issueCommentRow),
  attachments: z.array(issueAttachment),
  /** Whether the attachments may be e-mailed (their total under 24 MB). */
  attachmentsEmailable: z.boolean(),
  /** Whether a comment may mark it Done now (spec 2 §4). */
  canMarkDone: z.boolean(),
});
export type IssueDetail = z.infer<typeof issueDetail>;

export const issueEmailResult = z.object({
  issueNo: z.number().int(),
  /** The contact's address the mail was queued to. */
  to: z.string(),
  attachmentCount: z.number().int().nonnegative(),
});
export type IssueEmailResult = z.infer<typeof issueEmailResult>;
