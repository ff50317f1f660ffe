import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ISSUE_MESSAGES, type PaCase } from '@pillar/domain';
import {
  attachmentProblems,
  fieldProblem,
  formProblems,
  showsEocs,
  toIssueForm,
  underEmailLimit,
  type CallNotesSubject,
  type CallNotesValues,
} from './call-notes-rules.ts';
import {
  CALL_NOTES_STORAGE_KEY,
  clearCallNotesDraft,
  isFilled,
  readCallNotesDraft,
  writeCallNotesDraft,
} from './call-notes-storage.ts';
import { leavesTheCall } from './unsaved-notes-modal.tsx';

const MEMBER: CallNotesSubject = {
  mode: 'member',
  organizationNo: 3,
  employeeNo: 41,
  dependentNo: 2,
  name: 'Lopez, Maria',
};

const FILLED: CallNotesValues = {
  name: 'Pat Caller',
  relationship: 1,
  communicationMethod: 'Call',
  phoneNo: '555-010-2000',
  memberIssueTypeNo: 2,
  memberIssueSubTypeNo: 7,
  comment: 'Asked about a rejected claim',
  furtherActionNeeded: 'None',
};

describe('the notes form rules', () => {
  it('accept a filled form and send the subject ids with it', () => {
    expect(formProblems(FILLED, MEMBER)).toEqual({});
    expect(toIssueForm(FILLED, MEMBER, [])).toMatchObject({
      organizationNo: 3,
      employeeNo: 41,
      dependentNo: 2,
      location: null,
      npi: null,
    });
    expect(toIssueForm(FILLED, { mode: 'notFound' }, [])).toMatchObject({
      organizationNo: null,
      employeeNo: null,
      dependentNo: null,
    });
    expect(
      toIssueForm(FILLED, { mode: 'organization', organizationNo: 3, name: 'Acme' }, []),
    ).toMatchObject({ organizationNo: 3, employeeNo: null });
  });

  it('name every required field of an empty form, each on its own', () => {
    const empty: CallNotesValues = { communicationMethod: 'Call' };
    const fields = [
      'name',
      'relationship',
      'phoneNo',
      'memberIssueTypeNo',
      'memberIssueSubTypeNo',
      'comment',
      'furtherActionNeeded',
    ] as const;
    expect(fields.map((f) => fieldProblem(empty, f, MEMBER))).toEqual([
      'Caller Name is required',
      'Caller Type is required',
      'Phone is required',
      'Issue Type is required',
      'Sub Type is required',
      'Details is required',
      'Further Action Needed is required',
    ]);
    expect(fieldProblem(empty, 'location', MEMBER)).toBeUndefined();
    expect(fieldProblem({ relationship: 5 }, 'location', MEMBER)).toBe('Calling From is required');
    expect(fieldProblem({ relationship: 7 }, 'npi', MEMBER)).toBe('NPI is required');
  });

  it('require a phone for a Call only', () => {
    const noPhone = { ...FILLED, phoneNo: '' };
    expect(formProblems(noPhone, MEMBER).phoneNo).toBe('Phone is required');
    expect(formProblems({ ...noPhone, communicationMethod: 'Email' }, MEMBER)).toEqual({});
  });

  it.each([
    [1, undefined, undefined],
    [4, undefined, undefined],
    [5, 'Calling From is required', undefined],
    [6, undefined, 'NPI is required'],
    [7, undefined, 'NPI is required'],
  ])('caller type %i: location %s, NPI %s', (relationship, location, npi) => {
    const problems = formProblems({ ...FILLED, relationship }, MEMBER);
    expect(problems.location).toBe(location);
    expect(problems.npi).toBe(npi);
  });

  it('drop the location below 5 and the NPI below 6 from what is sent', () => {
    const typed = { ...FILLED, location: 'Denver', npi: '1234567893' };
    expect(toIssueForm({ ...typed, relationship: 4 }, MEMBER, [])).toMatchObject({
      location: null,
      npi: null,
    });
    expect(toIssueForm({ ...typed, relationship: 5 }, MEMBER, [])).toMatchObject({
      location: 'Denver',
      npi: null,
    });
    expect(toIssueForm({ ...typed, relationship: 6 }, MEMBER, [])).toMatchObject({
      location: 'Denver',
      npi: '1234567893',
    });
  });

  it('refuse blank details and name with the spec message', () => {
    const problems = formProblems({ ...FILLED, comment: '   ', name: '---' }, MEMBER);
    expect(problems.comment).toBe(ISSUE_MESSAGES.detailsAlphanumeric);
    expect(problems.name).toBe(ISSUE_MESSAGES.nameAlphanumeric);
  });

  it('send each chosen EOC with what the PA system says of it', () => {
    const paCase = {
      PACaseId: 'EOC-1',
      ServiceName: 'Humira',
      Status: 'Approved',
      RequestDate: '2026-10-01',
      EventId: 'EV-9',
    } as PaCase;
    expect(toIssueForm({ ...FILLED, eocs: ['EOC-1'] }, MEMBER, [paCase]).eocs).toEqual([
      {
        paCaseId: 'EOC-1',
        serviceName: 'Humira',
        eventId: 'EV-9',
        status: 'Approved',
        requestDate: '2026-10-01',
      },
    ]);
  });

  it('show EOCs for a member whose current reviewer is the PA partner, never for an organization', () => {
    const agadia = [
      { reviewer: 'PBM Utilization Management', effDate: '2024-01-01', expDate: '2025-06-30' },
      { reviewer: 'Agadia Clinical Review', effDate: '2025-07-01', expDate: null },
    ];
    const other = [
      { reviewer: 'PBM Utilization Management', effDate: '2025-07-01', expDate: null },
    ];
    expect(showsEocs(MEMBER, agadia, '2026-11-24')).toBe(true);
    expect(showsEocs(MEMBER, other, '2026-11-24')).toBe(false);
    expect(showsEocs(MEMBER, undefined, '2026-11-24')).toBe(false);
    expect(
      showsEocs({ mode: 'organization', organizationNo: 3, name: 'Acme' }, agadia, '2026-11-24'),
    ).toBe(false);
  });

  it('check attachments by the domain limits, and the 24 MB e-mail total', () => {
    const ok = { name: 'call.eml', size: 10 };
    const problems = attachmentProblems([
      ok,
      { name: 'virus.exe', size: 10 },
      { name: `${'n'.repeat(61)}.pdf`, size: 10 },
      { name: 'huge.pdf', size: 209_715_201 },
    ]);
    expect(problems[0]).toBeNull();
    expect(problems[1]).toBe(ISSUE_MESSAGES.notAccepted('virus.exe'));
    expect(problems[2]).toBe(ISSUE_MESSAGES.fileNameTooLong(`${'n'.repeat(61)}.pdf`));
    expect(problems[3]).toBe(ISSUE_MESSAGES.fileTooLarge('huge.pdf'));
    expect(attachmentProblems(Array.from({ length: 11 }, () => ok))[10]).toBe(
      ISSUE_MESSAGES.tooManyFiles,
    );
    expect(underEmailLimit([{ name: 'a.pdf', size: 24 * 1024 * 1024 - 1 }])).toBe(true);
    expect(underEmailLimit([{ name: 'a.pdf', size: 24 * 1024 * 1024 }])).toBe(false);
  });
});

describe('the notes draft', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept in session storage without empty fields, and cleared', () => {
    writeCallNotesDraft({ name: 'Pat', phoneNo: '', eocs: [], communicationMethod: 'Call' });
    expect(JSON.parse(window.sessionStorage.getItem(CALL_NOTES_STORAGE_KEY)!)).toEqual({
      name: 'Pat',
      communicationMethod: 'Call',
    });
    expect(readCallNotesDraft()).toEqual({ name: 'Pat', communicationMethod: 'Call' });
    clearCallNotesDraft();
    expect(readCallNotesDraft()).toBeNull();
  });

  it('counts as filled only with something beyond the defaults', () => {
    expect(isFilled(null)).toBe(false);
    expect(isFilled({ communicationMethod: 'Call' })).toBe(false);
    expect(isFilled({ communicationMethod: 'Call', comment: 'x' })).toBe(true);
  });

  it('warns on going home or leaving the agent desktop, not between agent pages', () => {
    const at = (pathname: string) =>
      ({ pathname, search: '', hash: '', state: null, key: pathname }) as const;
    expect(leavesTheCall(at('/agent/3/member/41'), at('/agent'))).toBe(true);
    expect(leavesTheCall(at('/agent/3/member/41'), at('/members'))).toBe(true);
    expect(leavesTheCall(at('/agent'), at('/agent/3/member/41'))).toBe(false);
    expect(leavesTheCall(at('/agent/3/member/41'), at('/agent/member-not-found'))).toBe(false);
  });
});
