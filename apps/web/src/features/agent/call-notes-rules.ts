import {
  DEFAULT_COMMUNICATION_METHOD,
  ISSUE_EMAIL_MAX_TOTAL_BYTES,
  attachmentProblem,
  issueFormSchema,
  locationRequirement,
  npiRequirement,
  showsEocSelect,
  type IssueDetail,
  type IssueFormInput,
  type PaCase,
  type PaReviewerHistoryEntry,
} from '@pillar/domain';

/**
 * Who a note is recorded about (spec 2 §2, §4 "Agent desktop, agent search and agent organization
 * modes"): the agent home searches (no member yet: saving is blocked), a member's page, an
 * organization's page, or the member-not-found page ('Organization Not Found').
 */
export type CallNotesSubject =
  | { mode: 'search' }
  | {
      mode: 'member';
      organizationNo: number;
      employeeNo: number;
      dependentNo?: number;
      /** Shown in the region: whom the note is filed under. */
      name: string;
    }
  | { mode: 'organization'; organizationNo: number; name: string }
  | { mode: 'notFound' };

/** The notes form's fields as the form holds them (EOCs by their PA case ID). */
export interface CallNotesValues {
  name?: string;
  relationship?: number;
  communicationMethod?: string;
  phoneNo?: string;
  location?: string;
  npi?: string;
  callId?: string;
  memberIssueTypeNo?: number;
  memberIssueSubTypeNo?: number;
  eocs?: string[];
  comment?: string;
  furtherActionNeeded?: string;
}

export const CALL_NOTES_DEFAULTS: CallNotesValues = {
  communicationMethod: DEFAULT_COMMUNICATION_METHOD,
};

/** The ids the subject gives the note (none for the member-not-found page). */
function subjectIds(subject: CallNotesSubject) {
  switch (subject.mode) {
    case 'member':
      return {
        organizationNo: subject.organizationNo,
        employeeNo: subject.employeeNo,
        dependentNo: subject.dependentNo ?? null,
      };
    case 'organization':
      return { organizationNo: subject.organizationNo, employeeNo: null, dependentNo: null };
    default:
      return { organizationNo: null, employeeNo: null, dependentNo: null };
  }
}

/**
 * The create payload's fields from the form (the domain's schema is the judge): the subject's
 * ids, empty text as null, location and NPI only where the caller type has them, and each chosen
 * EOC with what the PA system says of it.
 */
export function toIssueForm(
  values: CallNotesValues,
  subject: CallNotesSubject,
  paCases: readonly PaCase[],
): IssueFormInput {
  const text = (v: string | undefined) => (v === undefined || v === '' ? null : v);
  return {
    ...subjectIds(subject),
    name: values.name ?? '',
    relationship: values.relationship as number,
    communicationMethod: (values.communicationMethod ??
      DEFAULT_COMMUNICATION_METHOD) as IssueFormInput['communicationMethod'],
    phoneNo: text(values.phoneNo),
    location: locationRequirement(values.relationship) === 'dropped' ? null : text(values.location),
    npi: npiRequirement(values.relationship) === 'dropped' ? null : text(values.npi),
    callId: text(values.callId),
    memberIssueTypeNo: values.memberIssueTypeNo as number,
    memberIssueSubTypeNo: values.memberIssueSubTypeNo as number,
    eocs: (values.eocs ?? []).map((paCaseId) => {
      const found = paCases.find((c) => c.PACaseId === paCaseId);
      return {
        paCaseId,
        serviceName: found?.ServiceName ?? '',
        eventId: found?.EventId ?? null,
        status: found?.Status ?? null,
        requestDate: found?.RequestDate ?? null,
      };
    }),
    comment: values.comment ?? '',
    furtherActionNeeded: values.furtherActionNeeded as IssueFormInput['furtherActionNeeded'],
  };
}

/**
 * Each field's first message under the domain's notes-form schema, the server's own check (one
 * schema for both): `{ name: 'Caller Name is required', … }`; empty when the form may be saved.
 */
export function formProblems(
  values: CallNotesValues,
  subject: CallNotesSubject,
  paCases: readonly PaCase[] = [],
): Record<string, string> {
  const result = issueFormSchema.safeParse(toIssueForm(values, subject, paCases));
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in problems)) problems[field] = issue.message;
  }
  return problems;
}

/**
 * A valid form the per-field check lays the field (and the fields it depends on) over: the
 * schema's cross-field rules (phone for a Call, location, NPI) run only once every field is
 * sound, and a field's message must not wait for the others.
 */
const SOUND: CallNotesValues = {
  name: 'Caller',
  relationship: 1,
  communicationMethod: 'Email',
  memberIssueTypeNo: 1,
  memberIssueSubTypeNo: 1,
  comment: 'Details',
  furtherActionNeeded: 'None',
};

/** The fields whose value decides whether another is required. */
const DEPENDS_ON: Partial<Record<keyof CallNotesValues, (keyof CallNotesValues)[]>> = {
  phoneNo: ['communicationMethod'],
  location: ['relationship'],
  npi: ['relationship'],
};

/** One field's message under the domain's schema, whatever the other fields hold. */
export function fieldProblem(
  values: CallNotesValues,
  field: keyof CallNotesValues,
  subject: CallNotesSubject,
): string | undefined {
  const laid: CallNotesValues = { ...SOUND };
  for (const name of [field, ...(DEPENDS_ON[field] ?? [])]) {
    (laid as Record<string, unknown>)[name] = values[name];
  }
  return formProblems(laid, subject)[field];
}

/**
 * Whether the EOC select shows: the domain's rule (spec 2 §5), for a member subject only (an
 * organization has no member, no PA cases).
 */
export function showsEocs(
  subject: CallNotesSubject,
  reviewers: readonly PaReviewerHistoryEntry[] | undefined,
  today: string,
): boolean {
  return showsEocSelect(subject.mode === 'member', reviewers, today);
}

export interface ChosenFile {
  name: string;
  size: number;
}

/** Each chosen file's problem (at most 10, the accepted types, names, sizes), by position. */
export function attachmentProblems(files: readonly ChosenFile[]): (string | null)[] {
  return files.map((_file, index) => attachmentProblem(files, index));
}

/** Whether the files may still be e-mailed with the issue: their total under 24 MB. */
export function underEmailLimit(files: readonly ChosenFile[]): boolean {
  return files.reduce((sum, f) => sum + f.size, 0) < ISSUE_EMAIL_MAX_TOTAL_BYTES;
}

/** A saved issue as the read-only form shows it. */
export function valuesOfIssue(issue: IssueDetail): CallNotesValues {
  return {
    name: issue.name,
    relationship: issue.relationship,
    communicationMethod: issue.communicationMethod,
    phoneNo: issue.phoneNo ?? undefined,
    location: issue.location ?? undefined,
    npi: issue.npi ?? undefined,
    callId: issue.callId ?? undefined,
    memberIssueTypeNo: issue.memberIssueTypeNo,
    memberIssueSubTypeNo: issue.memberIssueSubTypeNo,
    eocs: issue.eocs.map((e) => e.paCaseId),
    comment: issue.details,
    furtherActionNeeded: issue.furtherActionNeeded,
  };
}
