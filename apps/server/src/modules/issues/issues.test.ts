import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ISSUE_EMAIL_MAX_TOTAL_BYTES,
  ISSUE_MESSAGES,
  ORGANIZATION_NOT_FOUND,
  type IssueDetail,
  type IssueEmailResult,
  type IssueSummary,
  type IssueTypeList,
  type Page,
} from '@pillar/domain';
import { badJsonValue } from '../../test/bad-input.ts';
import { cutOffUpload } from '../../test/cut-off-upload.ts';
import { given, type Scenario } from '../../test/given.ts';
import { multipartBody, type UploadPart } from '../../test/multipart.ts';
import { createTestApp, type Caller, type TestApp } from '../../test/test-app.ts';

/** Every file the local storage holds (encrypted objects and `.part` files). */
function storedObjects(t: TestApp): string[] {
  const root = fileURLToPath(t.config.storage.url);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A small per-file limit (FILE_MAX_BYTES), so "oversize" needs kilobytes, not 200 MB. */
const LIMIT = 64 * 1024;

const SAMPLES = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(3000)]),
  eml: Buffer.from(
    'From: member@example.com\r\nSubject: my refill\r\n\r\nPlease call me about the refill.\r\n',
  ),
  exe: Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
    crypto.randomBytes(500),
  ]),
};

let t: TestApp;
let types: IssueTypeList['data'];
let cedar: Scenario<'organization' | 'group' | 'employee' | 'dependent'>;
let other: Scenario<'organization' | 'group' | 'employee'>;
/** An agent granted Cedar's organization only. */
let scopedAgent: Caller;
/** Another agent with every organization, neither creator nor supervisor. */
let otherAgent: Caller;
let supervisor: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { FILE_MAX_BYTES: String(LIMIT) }, startJobs: true });
  cedar = await given(t)
    .organization()
    .group()
    .employee({ firstName: 'Iris', lastName: 'Caller' })
    .dependent({ firstName: 'Ivy', lastName: 'Caller' })
    .build();
  const built = await given(t)
    .in(cedar.organization)
    .user({ type: 'internal', roles: ['agent'], grant: true })
    .build();
  scopedAgent = { userNo: built.user.userNo };
  other = await given(t).organization().group().employee().build();
  otherAgent = {
    userNo: (
      await given(t)
        .user({ type: 'internal', roles: ['agent'], allOrganizations: true })
        .build()
    ).user.userNo,
  };
  supervisor = {
    userNo: (
      await given(t)
        .user({ type: 'internal', roles: ['agentSupervisor'], allOrganizations: true })
        .build()
    ).user.userNo,
  };
  const answer = await t.injectAs('agent', { method: 'GET', url: '/issues/v1/issueTypes' });
  types = answer.json<IssueTypeList>().data;
});
afterAll(async () => {
  await t?.close();
});

function typeNos(type: string, subType: string) {
  const found = types.find((x) => x.name === type);
  const sub = found?.subTypes.find((s) => s.name === subType);
  if (!found || !sub) throw new Error(`no ${type} / ${subType}`);
  return {
    memberIssueTypeNo: found.memberIssueTypeNo,
    memberIssueSubTypeNo: sub.memberIssueSubTypeNo,
  };
}

function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    organizationNo: cedar.organization.organizationNo,
    employeeNo: cedar.employee.employeeNo,
    dependentNo: null,
    callId: 'C-100',
    name: 'Iris Caller',
    relationship: 1,
    communicationMethod: 'Call',
    phoneNo: '937-555-0100',
    location: null,
    npi: null,
    ...typeNos('Claims', 'Claim rejected at pharmacy'),
    eocs: [{ paCaseId: 'PA-1001', serviceName: 'Atorvastatin', status: 'In Review' }],
    comment: 'Refill rejected at the pharmacy',
    furtherActionNeeded: 'None',
    ...overrides,
  };
}

async function create(
  as: Caller,
  json: Record<string, unknown>,
  files: UploadPart[] = [],
  options: { filesFirst?: boolean } = {},
) {
  const body = multipartBody([['jsondata', JSON.stringify(json)]], files, options);
  return t.injectAs(as, { method: 'POST', url: '/issues/v1/records', ...body });
}

async function created(as: Caller, json: Record<string, unknown>, files: UploadPart[] = []) {
  const response = await create(as, json, files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IssueDetail>();
}

async function counts() {
  const db = t.ctx.db;
  const issues = await db
    .selectFrom('member_issue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const files = await db
    .selectFrom('member_issue_attachment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { issues: Number(issues.n), files: Number(files.n), objects: storedObjects(t).length };
}

function expectBadRequest(
  response: { statusCode: number; body: string; json: <T>() => T },
  field: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  const problem = response.json<{ detail: string; params: Record<string, string> }>();
  expect(Object.keys(problem.params)).toContain(field);
  if (message) expect(problem.params[field]).toBe(message);
}

const attachmentUrl = (issueNo: number, fileId: string, fileName: string) =>
  `/issues/v1/${issueNo}/v1/attachments/${fileId}?fileName=${encodeURIComponent(fileName)}`;

describe('GET /issues/v1/issueTypes', () => {
  it('lists the seeded types with their sub types', () => {
    expect(types.map((x) => x.name)).toEqual([
      'Eligibility',
      'ID Card',
      'Claims',
      'Prior Authorization',
      'Pharmacy Network',
      'Billing',
      'Portal Access',
      'Other',
    ]);
    for (const type of types) expect(type.subTypes.length).toBeGreaterThan(1);
  });

  it('needs a token and the Member Issues permission', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/issues/v1/issueTypes' });
    expect(anonymous.statusCode).toBe(401);
    const accountManager = await t.injectAs('accountManager', {
      method: 'GET',
      url: '/issues/v1/issueTypes',
    });
    expect(accountManager.statusCode).toBe(403);
  });
});

describe('demo issues', () => {
  it("are the agent's: open, pending and done, with attachments in storage", async () => {
    const rows = await t.ctx.db
      .selectFrom('member_issue')
      .select(['issue_no', 'process_status', 'organization_no'])
      .where('created_by', '=', await t.userNo('agent'))
      .orderBy('issue_no')
      .execute();
    expect(new Set(rows.map((r) => r.process_status))).toEqual(new Set([1, 2, 3]));
    expect(rows.some((r) => r.organization_no === null)).toBe(true);
    const staged = await t.ctx.db
      .selectFrom('member_issue_attachment_seed_content')
      .select('file_id')
      .execute();
    expect(staged).toEqual([]);
    const withFile = await t.ctx.db
      .selectFrom('member_issue_attachment')
      .select(['issue_no', 'file_id', 'file_name'])
      .where('file_name', '=', 'Member email - ID cards.eml')
      .executeTakeFirstOrThrow();
    const download = await t.injectAs('agent', {
      method: 'GET',
      url: attachmentUrl(withFile.issue_no, withFile.file_id, withFile.file_name),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.toString('utf8')).toContain('Subject: ID cards');
    const detail = await t.injectAs('agent', {
      method: 'GET',
      url: `/issues/v1/records/${withFile.issue_no}`,
    });
    expect(detail.json<IssueDetail>()).toMatchObject({
      processStatusName: 'Done',
      closedByName: 'Priya Raman',
      attachments: [{ filename: 'Member email - ID cards.eml', isEmail: true }],
    });
  });
});

describe('POST /issues/v1/records (create)', () => {
  it('records a call with two attachments, encrypted at rest, the agent as creator', async () => {
    const before = await counts();
    const detail = await created('agent', form({ actorId: 1, createdBy: 1 }), [
      { name: 'Rejection notice.pdf', content: SAMPLES.pdf },
      { name: 'Member email.eml', content: SAMPLES.eml },
    ]);
    const agentNo = await t.userNo('agent');
    expect(detail).toMatchObject({
      processStatus: 1,
      processStatusName: 'Open',
      furtherActionNeeded: 'None',
      organizationNo: cedar.organization.organizationNo,
      organizationName: cedar.organization.name,
      employeeNo: cedar.employee.employeeNo,
      employeeName: 'Iris Caller',
      generatedId: cedar.employee.detail.generatedId,
      callId: 'C-100',
      communicationMethod: 'Call',
      relationship: 1,
      reportedByName: 'Self',
      name: 'Iris Caller',
      phoneNo: '937-555-0100',
      npi: null,
      location: null,
      createdBy: agentNo,
      createdByName: 'Priya Raman',
      closedDate: null,
      memberIssueTypeName: 'Claims',
      memberIssueSubtypeName: 'Claim rejected at pharmacy',
      details: 'Refill rejected at the pharmacy',
      comments: [],
      attachmentsEmailable: true,
      canMarkDone: true,
    });
    expect(detail.eocs).toEqual([
      {
        paCaseId: 'PA-1001',
        serviceName: 'Atorvastatin',
        eventId: null,
        status: 'In Review',
        requestDate: null,
      },
    ]);
    expect(detail.attachments.map((a) => [a.filename, a.size, a.isEmail, a.canDelete])).toEqual([
      ['Rejection notice.pdf', SAMPLES.pdf.length, false, true],
      ['Member email.eml', SAMPLES.eml.length, true, true],
    ]);
    const after = await counts();
    expect(after).toEqual({
      issues: before.issues + 1,
      files: before.files + 2,
      objects: before.objects + 2,
    });
    for (const object of storedObjects(t)) {
      expect(fs.readFileSync(object).includes(Buffer.from('Please call me'))).toBe(false);
    }

    // Another agent reads the same issue; the download gives the bytes back and is recorded.
    const read = await t.injectAs(otherAgent, {
      method: 'GET',
      url: `/issues/v1/records/${detail.issueNo}?isIssue=true`,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<IssueDetail>().attachments.map((a) => a.canDelete)).toEqual([false, false]);
    const eml = detail.attachments[1]!;
    const download = await t.injectAs(otherAgent, {
      method: 'GET',
      url: attachmentUrl(detail.issueNo, eml.fileId, eml.filename),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLES.eml)).toBe(true);
    expect(download.headers['content-disposition']).toContain('Member email.eml');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_user_no', 'entity_id'])
      .where('action', '=', 'issue.attachment.download')
      .execute();
    expect(audit).toContainEqual({
      actor_user_no: await t.userNo(otherAgent),
      entity_id: String(detail.issueNo),
    });
  });

  it('records a Pending issue when further action is needed, and a dependent’s note', async () => {
    const detail = await created(
      'agent',
      form({
        dependentNo: cedar.dependent.dependentNo,
        furtherActionNeeded: 'Client Services',
        relationship: 6,
        location: 'Main St Pharmacy',
        npi: '1234567890',
      }),
    );
    expect(detail).toMatchObject({
      processStatus: 2,
      processStatusName: 'Pending',
      dependentName: 'Ivy Caller',
      location: 'Main St Pharmacy',
      npi: '1234567890',
      reportedByName: 'Pharmacy',
      canMarkDone: false,
    });
  });

  it("records an organization's note (the organization detail's form), seen within its scope", async () => {
    const detail = await created(
      scopedAgent,
      form({ employeeNo: null, relationship: 3, name: 'HR Desk', comment: 'Asked about renewals' }),
    );
    expect(detail).toMatchObject({
      organizationNo: cedar.organization.organizationNo,
      organizationName: cedar.organization.name,
      employeeNo: null,
      employeeName: null,
      reportedByName: 'Client/Employer/TPA',
    });
    const url = `/issues/v1/records/${detail.issueNo}`;
    expect((await t.injectAs('agent', { method: 'GET', url })).statusCode).toBe(200);
    const elsewhere = await given(t)
      .in(other.organization)
      .user({ type: 'internal', roles: ['agent'], grant: true })
      .build();
    expect(
      (await t.injectAs({ userNo: elsewhere.user.userNo }, { method: 'GET', url })).statusCode,
    ).toBe(404);
  });

  it('drops the location and NPI of a caller type that has none', async () => {
    const detail = await created('agent', form({ relationship: 4, location: 'X', npi: '1' }));
    expect(detail).toMatchObject({ location: null, npi: null });
  });

  it("records a note under 'Organization Not Found', seen by its creator and every-organization agents only", async () => {
    const detail = await created(
      scopedAgent,
      form({ organizationNo: null, employeeNo: null, comment: 'Caller not found by name' }),
    );
    expect(detail).toMatchObject({
      organizationNo: null,
      employeeNo: null,
      organizationName: ORGANIZATION_NOT_FOUND,
    });
    const url = `/issues/v1/records/${detail.issueNo}`;
    expect((await t.injectAs(scopedAgent, { method: 'GET', url })).statusCode).toBe(200);
    expect((await t.injectAs('agent', { method: 'GET', url })).statusCode).toBe(200);
    const restricted = await given(t)
      .in(cedar.organization)
      .user({ type: 'internal', roles: ['agent'], grant: true })
      .build();
    expect(
      (await t.injectAs({ userNo: restricted.user.userNo }, { method: 'GET', url })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['name', { name: '' }, 'Caller Name is required'],
    ['name', { name: '   ' }, ISSUE_MESSAGES.nameAlphanumeric],
    ['name', { name: 'x'.repeat(61) }, 'Caller Name must not exceed 60 characters'],
    ['phoneNo', { phoneNo: null }, 'Phone is required'],
    ['location', { relationship: 5 }, 'Calling From is required'],
    ['location', { relationship: 5, location: '--' }, ISSUE_MESSAGES.locationAlphanumeric],
    ['npi', { relationship: 7 }, 'NPI is required'],
    ['comment', { comment: ' ' }, ISSUE_MESSAGES.detailsAlphanumeric],
    ['comment', { comment: 'x'.repeat(65536) }, 'Details must not exceed 65535 characters'],
    ['furtherActionNeeded', { furtherActionNeeded: null }, 'Further Action Needed is required'],
    ['memberIssueTypeNo', { memberIssueTypeNo: undefined }, 'Issue Type is required'],
    ['memberIssueTypeNo', { memberIssueTypeNo: 99999 }, 'Issue Type is not a known issue type'],
    ['employeeNo', { employeeNo: 2_147_483_648 }, 'Member is too large'],
  ])('refuses %s (case %#) with 400, writing nothing', async (field, overrides, message) => {
    const before = await counts();
    expectBadRequest(
      await create('agent', form(overrides), [{ name: 'a.pdf', content: SAMPLES.pdf }]),
      field,
      message,
    );
    expect(await counts()).toEqual(before);
  });

  it('never answers a 5xx to a bad value in any jsondata field', async () => {
    const samples = fc.sample(
      fc.record({ field: fc.constantFrom(...Object.keys(form())), value: badJsonValue }),
      { seed: 20261124, numRuns: 120 },
    );
    const failures: string[] = [];
    for (const { field, value } of samples) {
      const response = await create('agent', form({ [field]: value }));
      if (response.statusCode >= 500) {
        failures.push(`${field}=${String(JSON.stringify(value)).slice(0, 80)}: ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
    for (const json of [[], 'text', 42, null, { ...form(), eocs: 'x' }]) {
      const body = multipartBody([['jsondata', JSON.stringify(json)]], []);
      const response = await t.injectAs('agent', {
        method: 'POST',
        url: '/issues/v1/records',
        ...body,
      });
      expect(response.statusCode, JSON.stringify(json)).toBe(400);
    }
  });

  it('refuses a sub type of another type', async () => {
    const before = await counts();
    expectBadRequest(
      await create(
        'agent',
        form({
          ...typeNos('Billing', 'Refund request'),
          ...{ memberIssueTypeNo: typeNos('Claims', 'Claim history request').memberIssueTypeNo },
        }),
      ),
      'memberIssueSubTypeNo',
      ISSUE_MESSAGES.subTypeMismatch,
    );
    expect(await counts()).toEqual(before);
  });

  it.each([
    [
      'an 11th file',
      Array.from({ length: 11 }, (_, i) => ({ name: `page ${i}.pdf`, content: SAMPLES.pdf })),
      ISSUE_MESSAGES.tooManyFiles,
    ],
    [
      'a 61-character name',
      [{ name: `${'n'.repeat(57)}.pdf`, content: SAMPLES.pdf }],
      ISSUE_MESSAGES.fileNameTooLong(`${'n'.repeat(57)}.pdf`),
    ],
    [
      'an .exe renamed .pdf',
      [
        { name: 'fine.eml', content: SAMPLES.eml },
        { name: 'invoice.pdf', content: SAMPLES.exe },
      ],
      ISSUE_MESSAGES.contentMismatch('invoice.pdf'),
    ],
    [
      'an .exe',
      [{ name: 'setup.exe', content: SAMPLES.exe }],
      ISSUE_MESSAGES.notAccepted('setup.exe'),
    ],
    [
      'an oversize file',
      [
        { name: 'fine.pdf', content: SAMPLES.pdf },
        {
          name: 'big.zip',
          content: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(LIMIT)]),
        },
      ],
      ISSUE_MESSAGES.fileTooLarge('big.zip'),
    ],
    ['an empty file', [{ name: 'empty.txt', content: '' }], ISSUE_MESSAGES.emptyFile('empty.txt')],
  ])('refuses %s: 400 naming the file, nothing stored, no issue', async (_case, files, message) => {
    const before = await counts();
    expectBadRequest(await create('agent', form(), files), 'file', message);
    expect(await counts()).toEqual(before);
  });

  it('refuses files sent before the jsondata, and jsondata that is not JSON', async () => {
    const before = await counts();
    expectBadRequest(
      await create('agent', form(), [{ name: 'a.pdf', content: SAMPLES.pdf }], {
        filesFirst: true,
      }),
      'jsondata',
    );
    const notJson = multipartBody([['jsondata', '{nope']], []);
    expectBadRequest(
      await t.injectAs('agent', { method: 'POST', url: '/issues/v1/records', ...notJson }),
      'jsondata',
    );
    const notMultipart = await t.injectAs('agent', {
      method: 'POST',
      url: '/issues/v1/records',
      payload: form(),
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another organization's member, and for one outside the agent's scope", async () => {
    const before = await counts();
    const mismatched = await create(
      'agent',
      form({
        organizationNo: cedar.organization.organizationNo,
        employeeNo: other.employee.employeeNo,
      }),
    );
    expect(mismatched.statusCode).toBe(404);
    const outOfScope = await create(
      scopedAgent,
      form({
        organizationNo: other.organization.organizationNo,
        employeeNo: other.employee.employeeNo,
      }),
    );
    expect(outOfScope.statusCode).toBe(404);
    const organizationOnly = await create(
      scopedAgent,
      form({ organizationNo: other.organization.organizationNo, employeeNo: null }),
    );
    expect(organizationOnly.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('leaves no issue and no file when the upload is cut off', async () => {
    const before = await counts();
    const beforeObjects = storedObjects(t);
    const boundary = '----pillar-issue-cut';
    await cutOffUpload(t, {
      url: '/issues/v1/records',
      as: 'agent',
      boundary,
      head: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="jsondata"\r\n\r\n${JSON.stringify(form())}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="first.pdf"\r\n\r\n` +
          `${SAMPLES.pdf.toString('latin1')}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\n\r\n`,
        'latin1',
      ),
      missingBytes: 10 * LIMIT,
      stored: () => storedObjects(t),
      before: beforeObjects,
    });
    await expect
      .poll(() => storedObjects(t).sort(), { timeout: 10_000 })
      .toEqual([...beforeObjects].sort());
    expect(await counts()).toEqual(before);
  });
});

describe('comments and Done', () => {
  it('adds a comment keeping the status, then marks the issue Done with a note', async () => {
    const issue = await created('agent', form());
    const url = `/issues/v1/records/${issue.issueNo}/comments`;
    const commented = await t.injectAs(otherAgent, {
      method: 'POST',
      url,
      payload: { comment: 'Pharmacy re-ran the claim' },
    });
    expect(commented.statusCode, commented.body).toBe(201);
    expect(commented.json<IssueDetail>()).toMatchObject({
      processStatus: 1,
      comments: [{ comment: 'Pharmacy re-ran the claim', createdBy: await t.userNo(otherAgent) }],
    });
    const done = await t.injectAs('agent', {
      method: 'POST',
      url,
      payload: { comment: 'Resolved', markDone: true },
    });
    expect(done.statusCode, done.body).toBe(201);
    const closed = done.json<IssueDetail>();
    expect(closed).toMatchObject({
      processStatus: 3,
      processStatusName: 'Done',
      closedByName: 'Priya Raman',
      canMarkDone: false,
    });
    expect(closed.closedDate).not.toBeNull();
    expect(closed.comments.map((c) => c.comment)).toEqual([
      'Pharmacy re-ran the claim',
      'Resolved',
    ]);
    const again = await t.injectAs('agent', {
      method: 'POST',
      url,
      payload: { comment: 'Once more', markDone: true },
    });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    [{ comment: '' }, ISSUE_MESSAGES.noteRequired],
    [{ markDone: true }, ISSUE_MESSAGES.noteRequiredForDone],
    [{ comment: '   ', markDone: true }, ISSUE_MESSAGES.detailsAlphanumeric],
  ])('refuses the comment %j: %s', async (payload, message) => {
    const issue = await created('agent', form());
    const response = await t.injectAs('agent', {
      method: 'POST',
      url: `/issues/v1/records/${issue.issueNo}/comments`,
      payload,
    });
    expectBadRequest(response, 'comment', message);
    const read = await t.injectAs('agent', {
      method: 'GET',
      url: `/issues/v1/records/${issue.issueNo}`,
    });
    expect(read.json<IssueDetail>()).toMatchObject({ processStatus: 1, comments: [] });
  });

  it('refuses to mark a Pending issue Done (409), and takes its comment', async () => {
    const issue = await created('agent', form({ furtherActionNeeded: 'Pending' }));
    const url = `/issues/v1/records/${issue.issueNo}/comments`;
    const done = await t.injectAs('agent', {
      method: 'POST',
      url,
      payload: { comment: 'Closing', markDone: true },
    });
    expect(done.statusCode).toBe(409);
    expect(done.json<{ detail: string }>().detail).toBe(ISSUE_MESSAGES.cannotMarkPendingDone);
    const comment = await t.injectAs('agent', {
      method: 'POST',
      url,
      payload: { comment: 'Waiting' },
    });
    expect(comment.json<IssueDetail>()).toMatchObject({
      processStatus: 2,
      comments: [{ comment: 'Waiting' }],
    });
  });

  it("keeps the spec's POST /records comment and close working", async () => {
    const issue = await created('agent', form());
    const comment = await create('agent', {
      issueNo: issue.issueNo,
      comments: [{ comment: 'Spec comment', actorId: 1 }],
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json<IssueDetail>().comments.map((c) => c.comment)).toEqual(['Spec comment']);
    const close = await create('agent', {
      issueNo: issue.issueNo,
      status: 'done',
      comment: 'Spec close',
      closedBy: 1,
    });
    expect(close.statusCode, close.body).toBe(201);
    expect(close.json<IssueDetail>()).toMatchObject({
      processStatus: 3,
      closedByName: 'Priya Raman',
    });
    const files = await create('agent', { issueNo: issue.issueNo, comments: [{ comment: 'x' }] }, [
      { name: 'a.pdf', content: SAMPLES.pdf },
    ]);
    expectBadRequest(files, 'file');
  });

  it('answers 404 for an issue outside the scope', async () => {
    const issue = await created(
      'agent',
      form({
        organizationNo: other.organization.organizationNo,
        employeeNo: other.employee.employeeNo,
      }),
    );
    for (const request of [
      { method: 'GET' as const, url: `/issues/v1/records/${issue.issueNo}` },
      {
        method: 'POST' as const,
        url: `/issues/v1/records/${issue.issueNo}/comments`,
        payload: { comment: 'x' },
      },
      { method: 'GET' as const, url: `/issues/v1/records/999999` },
    ]) {
      expect((await t.injectAs(scopedAgent, request)).statusCode).toBe(404);
    }
  });
});

describe('lists', () => {
  it("lists an agent's notes not yet Done (My Pending Notes)", async () => {
    const agentNo = await t.userNo(scopedAgent);
    const open = await created(scopedAgent, form());
    const pending = await created(scopedAgent, form({ furtherActionNeeded: 'Pending' }));
    const done = await created(scopedAgent, form());
    await t.injectAs(scopedAgent, {
      method: 'POST',
      url: `/issues/v1/records/${done.issueNo}/comments`,
      payload: { comment: 'done', markDone: true },
    });
    const response = await t.injectAs(scopedAgent, {
      method: 'GET',
      url: `/issues/v1/records/agents/${agentNo}?isAgent=true&isPending=true&limit=20`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<IssueSummary>>();
    const numbers = page.data.map((i) => i.issueNo);
    expect(numbers).toContain(open.issueNo);
    expect(numbers).toContain(pending.issueNo);
    expect(numbers).not.toContain(done.issueNo);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(page.data.find((i) => i.issueNo === open.issueNo)).toMatchObject({
      processStatusName: 'Open',
      memberIssueTypeName: 'Claims',
      employeeName: 'Iris Caller',
      organizationName: cedar.organization.name,
      comments: 'Refill rejected at the pharmacy',
    });

    const paged = await t.injectAs(scopedAgent, {
      method: 'GET',
      url: `/issues/v1/records/agents/${agentNo}?limit=1&offset=1&sort=issueNo:asc`,
    });
    expect(paged.json<Page<IssueSummary>>()).toMatchObject({ totalCount: page.totalCount });
    expect(paged.json<Page<IssueSummary>>().data).toHaveLength(1);

    // Another agent's list: outside a plain agent's scope (404); a supervisor's to read.
    const notMine = await t.injectAs(otherAgent, {
      method: 'GET',
      url: `/issues/v1/records/agents/${agentNo}`,
    });
    expect(notMine.statusCode).toBe(404);
    const asSupervisor = await t.injectAs(supervisor, {
      method: 'GET',
      url: `/issues/v1/records/agents/${agentNo}`,
    });
    expect(asSupervisor.json<Page<IssueSummary>>().totalCount).toBe(page.totalCount);
    const badFlag = await t.injectAs(scopedAgent, {
      method: 'GET',
      url: `/issues/v1/records/agents/${agentNo}?isPending=false`,
    });
    expectBadRequest(badFlag, 'isPending');
  });

  it("lists a member's notes of the last 6 months, at most 10 (Recent Notes)", async () => {
    const member = await given(t).in(cedar.group).employee().dependent().build();
    const json = form({ employeeNo: member.employee.employeeNo, name: 'Recent Caller' });
    const issues: IssueDetail[] = [];
    for (let i = 0; i < 12; i++) issues.push(await created('agent', json));
    const forDependent = await created('agent', {
      ...json,
      dependentNo: member.dependent.dependentNo,
    });
    // One from seven months ago falls outside.
    const old = issues[0]!.issueNo;
    await t.ctx.db
      .updateTable('member_issue')
      .set({ created_at: new Date(Date.now() - 214 * 86_400_000) } as never)
      .where('issue_no', '=', old)
      .execute();
    const url = `/issues/v1/records/members/${member.employee.employeeNo}?organizationNo=${cedar.organization.organizationNo}`;
    const response = await t.injectAs('agent', { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<IssueSummary>>();
    expect(page.data).toHaveLength(10);
    expect(page.data[0]!.issueNo).toBe(forDependent.issueNo);
    expect(page.data.map((i) => i.issueNo)).not.toContain(old);
    const dependent = await t.injectAs('agent', {
      method: 'GET',
      url: `${url}&dependentNo=${member.dependent.dependentNo}&limit=3`,
    });
    expect(dependent.json<Page<IssueSummary>>().data.map((i) => i.issueNo)).toEqual([
      forDependent.issueNo,
    ]);
    expectBadRequest(await t.injectAs('agent', { method: 'GET', url: `${url}&limit=11` }), 'limit');
    // Another organization's member, or one outside the agent's scope: 404.
    const outside = await t.injectAs(scopedAgent, {
      method: 'GET',
      url: `/issues/v1/records/members/${other.employee.employeeNo}?organizationNo=${other.organization.organizationNo}`,
    });
    expect(outside.statusCode).toBe(404);
    const mismatched = await t.injectAs('agent', {
      method: 'GET',
      url: `/issues/v1/records/members/${other.employee.employeeNo}?organizationNo=${cedar.organization.organizationNo}`,
    });
    expect(mismatched.statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('deletes an attachment for the creator or a supervisor only, and needs its name', async () => {
    const issue = await created('agent', form(), [
      { name: 'one.pdf', content: SAMPLES.pdf },
      { name: 'two.eml', content: SAMPLES.eml },
    ]);
    const [one, two] = issue.attachments as [
      IssueDetail['attachments'][number],
      IssueDetail['attachments'][number],
    ];
    const wrongName = await t.injectAs('agent', {
      method: 'DELETE',
      url: attachmentUrl(issue.issueNo, one.fileId, 'other.pdf'),
    });
    expect(wrongName.statusCode).toBe(404);
    const noName = await t.injectAs('agent', {
      method: 'GET',
      url: `/issues/v1/${issue.issueNo}/v1/attachments/${one.fileId}`,
    });
    expectBadRequest(noName, 'fileName');
    const notCreator = await t.injectAs(otherAgent, {
      method: 'DELETE',
      url: attachmentUrl(issue.issueNo, one.fileId, one.filename),
    });
    expect(notCreator.statusCode).toBe(403);
    const objects = storedObjects(t).length;
    const byCreator = await t.injectAs('agent', {
      method: 'DELETE',
      url: attachmentUrl(issue.issueNo, one.fileId, one.filename),
    });
    expect(byCreator.statusCode, byCreator.body).toBe(204);
    const bySupervisor = await t.injectAs(supervisor, {
      method: 'DELETE',
      url: attachmentUrl(issue.issueNo, two.fileId, two.filename),
    });
    expect(bySupervisor.statusCode).toBe(204);
    expect(storedObjects(t).length).toBe(objects - 2);
    const read = await t.injectAs('agent', {
      method: 'GET',
      url: `/issues/v1/records/${issue.issueNo}`,
    });
    expect(read.json<IssueDetail>().attachments).toEqual([]);
    const gone = await t.injectAs('agent', {
      method: 'GET',
      url: attachmentUrl(issue.issueNo, one.fileId, one.filename),
    });
    expect(gone.statusCode).toBe(404);
  });

  it("answers 404 for an attachment of an issue outside the agent's scope", async () => {
    const issue = await created(
      'agent',
      form({
        organizationNo: other.organization.organizationNo,
        employeeNo: other.employee.employeeNo,
      }),
      [{ name: 'one.pdf', content: SAMPLES.pdf }],
    );
    const file = issue.attachments[0]!;
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await t.injectAs(scopedAgent, {
        method,
        url: attachmentUrl(issue.issueNo, file.fileId, file.filename),
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('POST /issues/v1/records/{issueNo}/email', () => {
  async function contactEmail(organizationNo: number, email: string | null) {
    await t.ctx.db
      .deleteFrom('organization_contact')
      .where('organization_no', '=', organizationNo)
      .where('kind', '=', 'eligibility')
      .execute();
    await t.ctx.db
      .insertInto('organization_contact')
      .values({
        organization_no: organizationNo,
        kind: 'eligibility',
        name: 'Eligibility Desk',
        phone: null,
        email,
        created_by: null,
        updated_by: null,
      })
      .execute();
  }

  it('queues the issue with its attachments to the contact', async () => {
    await contactEmail(cedar.organization.organizationNo, 'eligibility@cedar.example');
    const issue = await created('agent', form(), [{ name: 'one.pdf', content: SAMPLES.pdf }]);
    const response = await t.injectAs('agent', {
      method: 'POST',
      url: `/issues/v1/records/${issue.issueNo}/email`,
      payload: { contact: 'eligibilityContact' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<IssueEmailResult>()).toEqual({
      issueNo: issue.issueNo,
      to: 'eligibility@cedar.example',
      attachmentCount: 1,
    });
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_addresses', 'subject', 'text_body', 'attachments'])
      .orderBy('mail_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to_addresses).toEqual(['eligibility@cedar.example']);
    expect(mail.subject).toBe(`Issue # ${issue.issueNo}: Claims / Claim rejected at pharmacy`);
    expect(mail.text_body).toContain('Refill rejected at the pharmacy');
    expect(mail.attachments).toEqual([
      { filename: 'one.pdf', storageKey: `issues/${issue.attachments[0]!.fileId}` },
    ]);
  });

  it('refuses attachments of 24 MB or more with the detail the web shows', async () => {
    await contactEmail(cedar.organization.organizationNo, 'eligibility@cedar.example');
    const issue = await created('agent', form(), [{ name: 'one.pdf', content: SAMPLES.pdf }]);
    await t.ctx.db
      .updateTable('member_issue_attachment')
      .set({ size_bytes: ISSUE_EMAIL_MAX_TOTAL_BYTES })
      .where('issue_no', '=', issue.issueNo)
      .execute();
    const response = await t.injectAs('agent', {
      method: 'POST',
      url: `/issues/v1/records/${issue.issueNo}/email`,
      payload: { contact: 'eligibilityContact' },
    });
    expectBadRequest(response, 'attachments', ISSUE_MESSAGES.emailTooLarge);
    expect(response.json<{ detail: string }>().detail).toBe(ISSUE_MESSAGES.emailTooLarge);
  });

  it('refuses a contact without an address, a note without an organization, an unknown contact', async () => {
    await contactEmail(cedar.organization.organizationNo, null);
    const issue = await created('agent', form());
    const url = `/issues/v1/records/${issue.issueNo}/email`;
    expectBadRequest(
      await t.injectAs('agent', {
        method: 'POST',
        url,
        payload: { contact: 'eligibilityContact' },
      }),
      'contact',
      ISSUE_MESSAGES.emailNoContact,
    );
    expectBadRequest(
      await t.injectAs('agent', { method: 'POST', url, payload: { contact: 'ceo' } }),
      'contact',
    );
    const orphan = await created('agent', form({ organizationNo: null, employeeNo: null }));
    expectBadRequest(
      await t.injectAs('agent', {
        method: 'POST',
        url: `/issues/v1/records/${orphan.issueNo}/email`,
        payload: { contact: 'eligibilityContact' },
      }),
      'contact',
      ISSUE_MESSAGES.emailNoOrganization,
    );
  });
});
