import { afterEach, describe, expect, it, vi } from 'vitest';
import { ISSUE_MESSAGES, ISSUE_TYPES_STALE_MS, type IssueFormInput } from '@pillar/domain';
import { ApiError } from '../../shared/api/api-error.ts';
import { fakeApi } from '../../shared/api/fake-api.ts';
import {
  commentOnIssue,
  createIssue,
  deleteIssueAttachment,
  emailIssue,
  getIssue,
  getIssueTypes,
  issueEmailRefusal,
  issueFailureText,
  issueQueryOptions,
  issueTypesQueryOptions,
  listPendingIssues,
  listRecentIssues,
} from './api/issue-calls.ts';
import { issueKeys } from './query-keys.ts';

const BASE = 'https://api.example/issues/v1';

const FORM: IssueFormInput = {
  organizationNo: 3,
  employeeNo: 41,
  dependentNo: null,
  name: 'Pat Caller',
  relationship: 1,
  communicationMethod: 'Call',
  phoneNo: '555-010-2000',
  location: null,
  npi: null,
  callId: null,
  memberIssueTypeNo: 2,
  memberIssueSubTypeNo: 7,
  eocs: [],
  comment: 'Asked about a rejected claim',
  furtherActionNeeded: 'None',
};

describe('the issues calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('read the types, an issue, the pending and the recent notes at the service paths', async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    await getIssueTypes();
    await getIssue(12);
    await listPendingIssues(5, { limit: 10, offset: 20, sort: 'createdDate:desc' });
    await listRecentIssues(41, { organizationNo: 3, dependentNo: 2 });
    await listRecentIssues(41, { organizationNo: 3 });
    expect(seen.lines()).toEqual([
      `GET ${BASE}/issueTypes`,
      `GET ${BASE}/records/12?isIssue=true`,
      `GET ${BASE}/records/agents/5?isAgent=true&isPending=true&limit=10&offset=20&sort=createdDate%3Adesc`,
      `GET ${BASE}/records/members/41?limit=10&organizationNo=3&dependentNo=2`,
      `GET ${BASE}/records/members/41?limit=10&organizationNo=3`,
    ]);
  });

  it('save a note as multipart: the jsondata part first, then one file part per attachment', async () => {
    const seen = fakeApi({ issueNo: 9 }, { status: 201 });
    const a = new File(['From: a'], 'call.eml', { type: 'message/rfc822' });
    const b = new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' });
    await createIssue({ form: FORM, files: [a, b] });
    expect(seen.lines()).toEqual([`POST ${BASE}/records`]);
    const body = seen[0]!.body as FormData;
    expect([...body.keys()]).toEqual(['jsondata', 'file', 'file']);
    expect(JSON.parse(body.get('jsondata') as string)).toEqual(FORM);
    expect((body.getAll('file') as File[]).map((f) => f.name)).toEqual(['call.eml', 'letter.pdf']);
  });

  it('comment (marking Done when asked) and delete an attachment by its name', async () => {
    const seen = fakeApi(null, { status: 204 });
    await commentOnIssue(12, { comment: 'Called back', markDone: true });
    await deleteIssueAttachment({ issueNo: 12, fileId: 'f-1', fileName: 'a b.pdf' });
    expect(seen.lines()).toEqual([
      `POST ${BASE}/records/12/comments`,
      `DELETE ${BASE}/12/v1/attachments/f-1?fileName=a+b.pdf`,
    ]);
    expect(seen[0]!.body).toEqual({ comment: 'Called back', markDone: true });
  });

  it("e-mail an issue to a contact kind, and say a 400 refusal in the server's words", async () => {
    const seen = fakeApi({ issueNo: 12, to: 'elig@example.test', attachmentCount: 2 });
    const sent = await emailIssue(12, { contact: 'maintenanceContact' });
    expect(seen.lines()).toEqual([`POST ${BASE}/records/12/email`]);
    expect(seen[0]!.body).toEqual({ contact: 'maintenanceContact' });
    expect(sent).toEqual({ issueNo: 12, to: 'elig@example.test', attachmentCount: 2 });

    const tooLarge = new ApiError({
      status: 400,
      title: 'Bad Request',
      detail: ISSUE_MESSAGES.emailTooLarge,
      params: { attachments: ISSUE_MESSAGES.emailTooLarge },
    });
    fakeApi({ title: 'Bad Request', detail: ISSUE_MESSAGES.emailTooLarge }, { status: 400 });
    await expect(emailIssue(12, { contact: 'invoiceContact' })).rejects.toMatchObject({
      status: 400,
      detail: ISSUE_MESSAGES.emailTooLarge,
    });
    expect(issueEmailRefusal(tooLarge)).toBe(ISSUE_MESSAGES.emailTooLarge);
    expect(issueEmailRefusal(new ApiError({ status: 400, title: 't' }))).toBeNull();
    expect(issueEmailRefusal(new ApiError({ status: 500, title: 't', detail: 'x' }))).toBeNull();
  });

  it('keep the issue types 23 hours and ask for an issue only when there is one', () => {
    const types = issueTypesQueryOptions();
    expect(types.staleTime).toBe(ISSUE_TYPES_STALE_MS);
    expect(types.gcTime).toBe(ISSUE_TYPES_STALE_MS);
    expect(issueQueryOptions(null).enabled).toBe(false);
    expect(issueQueryOptions(4).enabled).toBe(true);
  });

  it("say a failure in the spec's words, or the server's detail for refused input", () => {
    const failure = (status: number, detail?: string) =>
      new ApiError({ status, title: 't', ...(detail ? { detail } : {}) });
    expect(issueFailureText(failure(400, ISSUE_MESSAGES.emailTooLarge))).toBe(
      ISSUE_MESSAGES.emailTooLarge,
    );
    expect(issueFailureText(failure(400))).toBe(ISSUE_MESSAGES.createFailed);
    expect(issueFailureText(failure(500))).toBe(ISSUE_MESSAGES.createFailed);
    expect(issueFailureText(new Error('offline'))).toBe(ISSUE_MESSAGES.createFailed);
    expect(issueFailureText(failure(401))).toBe(ISSUE_MESSAGES.userNotVerified);
    expect(issueFailureText(failure(404))).toBe(ISSUE_MESSAGES.memberNotVerified);
  });

  it('keep every key under the issue root, the lists under one prefix', () => {
    const lists = issueKeys.lists();
    for (const key of [
      issueKeys.pending(5, { limit: 10, offset: 0 }),
      issueKeys.recent(41, { organizationNo: 3 }),
    ]) {
      expect(key.slice(0, lists.length)).toEqual(lists);
    }
    expect(issueKeys.detail(4)[0]).toBe('issue');
    expect(issueKeys.types()[0]).toBe('issue');
  });
});
