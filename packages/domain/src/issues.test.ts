import { describe, expect, it } from 'vitest';
import {
  CALLER_TYPES,
  ISSUE_ATTACHMENT_MAX_BYTES,
  ISSUE_EMAIL_MAX_TOTAL_BYTES,
  ISSUE_MESSAGES,
  ISSUE_STATUS,
  attachmentContentMatches,
  attachmentProblem,
  canEmailAttachments,
  canMarkDone,
  initialIssueStatus,
  issueCommentInput,
  issueFormSchema,
  legacyIssueUpdate,
  locationRequirement,
  npiRequirement,
  pendingIssuesQuery,
  recentIssuesQuery,
  showsEocSelect,
  type IssueFormInput,
} from './issues.ts';

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...values: number[]) => Uint8Array.from(values);

const base: IssueFormInput = {
  organizationNo: 1,
  employeeNo: 10,
  dependentNo: null,
  callId: '',
  name: 'Pat Caller',
  relationship: 1,
  communicationMethod: 'Call',
  phoneNo: '555-123-4567',
  location: '',
  npi: '',
  memberIssueTypeNo: 1,
  memberIssueSubTypeNo: 2,
  eocs: [],
  comment: 'Asked about a refill',
  furtherActionNeeded: 'None',
};

function errorsOf(input: unknown): Record<string, string> {
  const result = issueFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('caller types', () => {
  it('are the seven of spec 2 §3 with their numbers', () => {
    expect(CALLER_TYPES.map((c) => `${c.value} ${c.label}`)).toEqual([
      '1 Self',
      '2 Subscriber/Spouse/Parent/Authorized Rep',
      '3 Client/Employer/TPA',
      '4 PBM',
      '5 Other',
      '6 Pharmacy',
      '7 Physician/Prescriber',
    ]);
  });

  // caller type -> location, NPI (spec 2 §4: location dropped below 5, NPI below 6)
  it.each([
    [1, 'dropped', 'dropped'],
    [2, 'dropped', 'dropped'],
    [3, 'dropped', 'dropped'],
    [4, 'dropped', 'dropped'],
    [5, 'required', 'dropped'],
    [6, 'optional', 'required'],
    [7, 'optional', 'required'],
  ] as const)('caller type %i: location %s, NPI %s', (relationship, location, npi) => {
    expect(locationRequirement(relationship)).toBe(location);
    expect(npiRequirement(relationship)).toBe(npi);
    const empty = errorsOf({ ...base, relationship, location: '', npi: '' });
    expect(empty.location).toBe(location === 'required' ? 'Calling From is required' : undefined);
    expect(empty.npi).toBe(npi === 'required' ? 'NPI is required' : undefined);
    const filled = issueFormSchema.parse({
      ...base,
      relationship,
      location: ' Main St Pharmacy ',
      npi: '1234567890',
    });
    expect(filled.location).toBe(location === 'dropped' ? null : 'Main St Pharmacy');
    expect(filled.npi).toBe(npi === 'dropped' ? null : '1234567890');
  });
});

describe('the notes form', () => {
  it('accepts a full call and trims it', () => {
    const parsed = issueFormSchema.parse({ ...base, name: '  Pat  ', callId: ' C-1 ' });
    expect(parsed).toMatchObject({ name: 'Pat', callId: 'C-1', location: null, npi: null });
  });

  it.each([
    ['Call', '', 'Phone is required'],
    ['Call', null, 'Phone is required'],
    ['Email', '', undefined],
    ['Chat', null, undefined],
  ] as const)('method %s with phone %j: %s', (communicationMethod, phoneNo, message) => {
    expect(errorsOf({ ...base, communicationMethod, phoneNo }).phoneNo).toBe(message);
  });

  it.each([
    ['name', '', 'Caller Name is required'],
    ['name', '   ', ISSUE_MESSAGES.nameAlphanumeric],
    ['name', '---', ISSUE_MESSAGES.nameAlphanumeric],
    ['name', 'x'.repeat(61), 'Caller Name must not exceed 60 characters'],
    ['comment', '', 'Details is required'],
    ['comment', ' \n ', ISSUE_MESSAGES.detailsAlphanumeric],
    ['comment', 'x'.repeat(65536), 'Details must not exceed 65535 characters'],
    ['memberIssueTypeNo', undefined, 'Issue Type is required'],
    ['memberIssueSubTypeNo', null, 'Sub Type is required'],
    ['furtherActionNeeded', undefined, 'Further Action Needed is required'],
    ['furtherActionNeeded', 'Later', 'Further Action Needed is required'],
    ['communicationMethod', 'Fax', 'Communication Method must be one of Call, Email, Chat'],
    ['relationship', undefined, 'Caller Type is required'],
    ['phoneNo', '555-abc', 'Phone may contain only digits, spaces and ( ) + - .'],
  ] as const)('%s = %j: %s', (field, value, message) => {
    expect(errorsOf({ ...base, [field]: value })[field]).toBe(message);
  });

  it('accepts names and details of exactly the maximum', () => {
    expect(errorsOf({ ...base, name: 'x'.repeat(60), comment: 'y'.repeat(65535) })).toEqual({});
  });

  it('checks the location and NPI of a caller type that has them', () => {
    expect(errorsOf({ ...base, relationship: 5, location: '...' }).location).toBe(
      ISSUE_MESSAGES.locationAlphanumeric,
    );
    expect(errorsOf({ ...base, relationship: 5, location: 'x'.repeat(101) }).location).toBe(
      'Calling From must not exceed 100 characters',
    );
    expect(errorsOf({ ...base, relationship: 6, npi: '12345678901' }).npi).toBe(
      'NPI must not exceed 10 characters',
    );
    expect(errorsOf({ ...base, relationship: 7, npi: '12AB' }).npi).toBe(
      'NPI may contain only digits',
    );
  });

  it('takes a note without a member (Organization Not Found), but not a dependent alone', () => {
    expect(
      errorsOf({ ...base, organizationNo: null, employeeNo: null, dependentNo: null }),
    ).toEqual({});
    expect(errorsOf({ ...base, employeeNo: null, dependentNo: 3 }).employeeNo).toBe(
      'Member is required',
    );
    expect(errorsOf({ ...base, organizationNo: null }).organizationNo).toBe(
      'Organization is required',
    );
  });

  it('ignores the actor the spec payload carries', () => {
    const parsed = issueFormSchema.parse({ ...base, actorId: 99, planNo: 4 });
    expect(parsed).not.toHaveProperty('actorId');
  });
});

describe('comments', () => {
  it.each([
    [{ comment: '' }, ISSUE_MESSAGES.noteRequired],
    [{ comment: null }, ISSUE_MESSAGES.noteRequired],
    [{ comment: '', markDone: true }, 'Add a note to mark issue as "Done"'],
    [{ markDone: true }, 'Add a note to mark issue as "Done"'],
    [{ comment: '   ' }, 'Details must contain alpha and/or numeric characters.'],
    [{ comment: '!!', markDone: true }, 'Details must contain alpha and/or numeric characters.'],
    [{ comment: 'x'.repeat(65536) }, 'Details must not exceed 65535 characters'],
  ])('%j: %s', (input, message) => {
    const result = issueCommentInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['comment']);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keeps a trimmed note and the Done tick', () => {
    expect(issueCommentInput.parse({ comment: ' called back ', markDone: true })).toEqual({
      comment: 'called back',
      markDone: true,
    });
    expect(issueCommentInput.parse({ comment: 'ok' })).toEqual({ comment: 'ok', markDone: false });
  });

  it("reads the spec's comment and close payloads", () => {
    expect(
      legacyIssueUpdate.parse({ issueNo: 5, comments: [{ comment: 'hi', actorId: 1 }] }),
    ).toEqual({ issueNo: 5, input: { comment: 'hi', markDone: false } });
    expect(
      legacyIssueUpdate.parse({ issueNo: 5, status: 'done', comment: 'bye', closedBy: 2 }),
    ).toEqual({ issueNo: 5, input: { comment: 'bye', markDone: true } });
  });
});

describe('the lifecycle', () => {
  it('opens a call without further action, and leaves one that waits Pending', () => {
    expect(initialIssueStatus('None')).toBe(ISSUE_STATUS.open);
    expect(initialIssueStatus('Pending')).toBe(ISSUE_STATUS.pending);
    expect(initialIssueStatus('Client Services')).toBe(ISSUE_STATUS.pending);
  });

  it('marks Done only an issue that is not Pending (2) and not Done already', () => {
    expect(canMarkDone(ISSUE_STATUS.open)).toBe(true);
    expect(canMarkDone(ISSUE_STATUS.pending)).toBe(false);
    expect(canMarkDone(ISSUE_STATUS.done)).toBe(false);
  });
});

describe('attachments', () => {
  const ok = { name: 'call.eml', size: 100 };
  it.each([
    [[ok], 0, null],
    [[{ name: `${'n'.repeat(56)}.pdf`, size: 1 }], 0, null],
    [
      [{ name: `${'n'.repeat(57)}.pdf`, size: 1 }],
      0,
      ISSUE_MESSAGES.fileNameTooLong(`${'n'.repeat(57)}.pdf`),
    ],
    [[{ name: 'run.exe', size: 1 }], 0, ISSUE_MESSAGES.notAccepted('run.exe')],
    [[{ name: 'big.zip', size: ISSUE_ATTACHMENT_MAX_BYTES }], 0, null],
    [
      [{ name: 'big.zip', size: ISSUE_ATTACHMENT_MAX_BYTES + 1 }],
      0,
      ISSUE_MESSAGES.fileTooLarge('big.zip'),
    ],
    [[{ name: 'empty.txt', size: 0 }], 0, ISSUE_MESSAGES.emptyFile('empty.txt')],
    [Array.from({ length: 11 }, () => ok), 9, null],
    [Array.from({ length: 11 }, () => ok), 10, ISSUE_MESSAGES.tooManyFiles],
  ])('%#: %s', (files, index, problem) => {
    expect(attachmentProblem(files, index)).toBe(problem);
  });

  it('accepts the twelve formats of spec 2 §5 by content', () => {
    const pdf = text('%PDF-1.7');
    const zip = text('PK\x03\x04rest');
    const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0);
    expect(attachmentContentMatches('.pdf', pdf)).toBe(true);
    expect(attachmentContentMatches('.pdf', text('MZ\x90\x00'))).toBe(false);
    expect(attachmentContentMatches('.docx', zip)).toBe(true);
    expect(attachmentContentMatches('.xlsx', zip)).toBe(true);
    expect(attachmentContentMatches('.zip', zip)).toBe(true);
    expect(attachmentContentMatches('.xls', ole)).toBe(true);
    expect(attachmentContentMatches('.msg', ole)).toBe(true);
    expect(attachmentContentMatches('.msg', pdf)).toBe(false);
    expect(attachmentContentMatches('.pst', text('!BDN\x00\x00'))).toBe(true);
    expect(attachmentContentMatches('.pst', zip)).toBe(false);
    for (const ext of ['.eml', '.mbox', '.html', '.txt', '.csv']) {
      expect(attachmentContentMatches(ext, text('From: a@b.example\r\n\r\nhello'))).toBe(true);
      expect(attachmentContentMatches(ext, bytes(0x4d, 0x5a, 0x00, 0x00))).toBe(false);
    }
    expect(attachmentContentMatches('.exe', text('MZ'))).toBe(false);
    expect(attachmentContentMatches('.doc', ole)).toBe(false);
  });

  it('e-mails attachments only while they total under 24 MB', () => {
    expect(canEmailAttachments([])).toBe(true);
    expect(canEmailAttachments([ISSUE_EMAIL_MAX_TOTAL_BYTES - 1])).toBe(true);
    expect(
      canEmailAttachments([ISSUE_EMAIL_MAX_TOTAL_BYTES / 2, ISSUE_EMAIL_MAX_TOTAL_BYTES / 2]),
    ).toBe(false);
  });
});

describe('list queries', () => {
  it('caps recent notes at 10 and needs the organization', () => {
    expect(recentIssuesQuery.parse({ organizationNo: '3' })).toEqual({
      organizationNo: 3,
      limit: 10,
    });
    expect(recentIssuesQuery.safeParse({ organizationNo: '3', limit: '11' }).success).toBe(false);
    expect(recentIssuesQuery.safeParse({}).error?.issues[0]?.path).toEqual(['organizationNo']);
  });

  it("takes the spec's flags on the pending list, true only", () => {
    expect(pendingIssuesQuery.parse({ isAgent: 'true', isPending: 'true' })).toMatchObject({
      limit: 20,
      offset: 0,
    });
    expect(pendingIssuesQuery.safeParse({ isPending: 'false' }).success).toBe(false);
  });
});

describe('the EOC select', () => {
  const today = '2026-11-24';
  const agadia = [
    { reviewer: 'PBM Utilization Management', effDate: '2024-01-01', expDate: '2025-06-30' },
    { reviewer: 'Agadia Clinical Review', effDate: '2025-07-01', expDate: null },
  ];

  it('shows for a member whose current PA reviewer is the PA partner', () => {
    expect(showsEocSelect(true, agadia, today)).toBe(true);
    expect(
      showsEocSelect(true, [{ reviewer: ' agadia ', effDate: today, expDate: today }], today),
    ).toBe(true);
  });

  it('is hidden for another reviewer, a past or future partner period, no history, or an organization', () => {
    expect(
      showsEocSelect(
        true,
        [{ reviewer: 'PBM Utilization Management', effDate: '2025-07-01', expDate: null }],
        today,
      ),
    ).toBe(false);
    expect(
      showsEocSelect(
        true,
        [{ reviewer: 'Agadia', effDate: '2024-01-01', expDate: '2026-11-23' }],
        today,
      ),
    ).toBe(false);
    expect(
      showsEocSelect(true, [{ reviewer: 'Agadia', effDate: '2026-11-25', expDate: null }], today),
    ).toBe(false);
    expect(
      showsEocSelect(
        true,
        [{ reviewer: 'Agadiax Review', effDate: '2025-01-01', expDate: null }],
        today,
      ),
    ).toBe(false);
    expect(showsEocSelect(true, undefined, today)).toBe(false);
    expect(showsEocSelect(false, agadia, today)).toBe(false);
  });
});
