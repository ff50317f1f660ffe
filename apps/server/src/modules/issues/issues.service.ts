import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Multipart } from '@fastify/multipart';
import {
  CONTENT_CHECK_BYTES,
  ISSUE_ATTACHMENT_MAX_FILES,
  ISSUE_ATTACHMENT_NAME_MAX_LENGTH,
  ISSUE_MESSAGES,
  ISSUE_STATUS,
  ISSUE_SUPERVISOR_PERMISSION,
  RECENT_ISSUES_MONTHS,
  attachmentContentMatches,
  callerTypeLabel,
  canEmailAttachments,
  canMarkDone,
  fileExtensionOf,
  initialIssueStatus,
  isAcceptedAttachmentName,
  isEmailAttachment,
  issueCommentInput,
  issueFormSchema,
  issueStatusName,
  legacyIssueUpdate,
  type IssueAttachment,
  type IssueComment,
  type IssueDetail,
  type IssueEmailInput,
  type IssueEmailResult,
  type IssueForm,
  type IssueSummary,
  type IssueType,
  type Page,
  type PendingIssuesQuery,
  type RecentIssuesQuery,
} from '@pillar/domain';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  type HttpProblem,
  badRequest,
  conflict,
  forbidden,
  notFound,
} from '../../platform/http/problem.ts';
import { NUL_MESSAGE, fieldWithNul } from '../../platform/http/client-input.ts';
import type { MailService } from '../../platform/mail/mail-service.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  cleanFileName,
  multipartProblem,
  streamIntoStorage,
} from '../../platform/storage/streamed-upload.ts';
import type { DB } from '../../database.ts';
import { requireDependent, requireEmployee } from '../members/index.ts';
import { getOrganization } from '../organizations/index.ts';
import {
  requireAttachment,
  requireIssue,
  requireIssueMember,
  type ScopedIssue,
} from './issues.access.ts';
import {
  closeIssue,
  deleteAttachmentRow,
  insertComment,
  insertIssue,
  listAttachments,
  listComments,
  listIssueTypes,
  searchPendingIssues,
  searchRecentIssues,
  subtypeBelongsTo,
  touchIssue,
  type NewAttachment,
} from './issues.repo.ts';

export interface IssuesContext {
  db: Kysely<DB>;
  storage: FileStorage;
  mail: MailService;
  /** The largest attachment: the spec's 200 MB, or the server's FILE_MAX_BYTES if lower. */
  maxFileBytes: number;
  log: FastifyBaseLogger;
}

/** The biggest jsondata part read (the details may be 65,535 characters of UTF-8). */
export const JSONDATA_MAX_BYTES = 512 * 1024;

/** Busboy's limits for POST /issues/v1/records; the checks below give the clear messages first. */
export function issueMultipartLimits(maxBytes: number) {
  return {
    fileSize: maxBytes + 1,
    // jsondata may come as a file part (a Blob), plus one file over the limit to name it.
    files: ISSUE_ATTACHMENT_MAX_FILES + 2,
    fields: 5,
    fieldSize: JSONDATA_MAX_BYTES,
    parts: ISSUE_ATTACHMENT_MAX_FILES + 8,
  };
}

function isSupervisor(principal: Principal): boolean {
  return principal.permissions.has(ISSUE_SUPERVISOR_PERMISSION);
}

function zodProblem(error: z.ZodError, prefix = ''): HttpProblem {
  const params: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = `${prefix}${String(issue.path[0] ?? 'jsondata')}`;
    params[field] ??= issue.message;
  }
  const detail = Object.values(params).join('; ');
  return badRequest(detail, params);
}

// ---- Reading ----

export function getIssueTypes(db: Kysely<DB>): Promise<IssueType[]> {
  return listIssueTypes(db);
}

async function detailOf(
  db: Kysely<DB>,
  principal: Principal,
  issue: ScopedIssue,
): Promise<IssueDetail> {
  const { row } = issue;
  const [comments, attachments] = await Promise.all([
    listComments(db, issue),
    listAttachments(db, issue),
  ]);
  const [first, ...rest] = comments;
  const status = row.process_status as 1 | 2 | 3;
  const mayDelete = row.created_by === principal.userNo || isSupervisor(principal);
  const files: IssueAttachment[] = attachments.map((a) => ({
    fileId: a.file_id,
    filename: a.file_name,
    size: Number(a.size_bytes),
    isEmail: isEmailAttachment(a.file_name),
    createdBy: a.created_by,
    createdDate: new Date(a.created_at).toISOString(),
    canDelete: mayDelete,
  }));
  return {
    issueNo: row.issue_no,
    processStatus: status,
    processStatusName: issueStatusName(status),
    furtherActionNeeded: row.further_action,
    organizationNo: row.organization_no,
    organizationName: row.organization_name,
    employeeNo: row.employee_no,
    dependentNo: row.dependent_no,
    employeeName: row.employee_name,
    dependentName: row.dependent_name,
    generatedId: row.generated_id,
    salesforceId: null,
    callId: row.call_id,
    communicationMethod: row.communication_method,
    relationship: row.relationship,
    reportedByName: callerTypeLabel(row.relationship),
    name: row.caller_name,
    phoneNo: row.phone_no,
    npi: row.npi,
    location: row.location,
    createdDate: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    closedDate: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    closedByName: row.closed_by_name,
    memberIssueTypeNo: row.member_issue_type_no,
    memberIssueTypeName: row.type_name,
    memberIssueSubTypeNo: row.member_issue_subtype_no,
    memberIssueSubtypeName: row.subtype_name,
    eocs: row.eocs,
    details: first?.comment ?? '',
    comments: rest.map((c) => ({
      issueCommentNo: c.issue_comment_no,
      comment: c.comment,
      createdBy: c.created_by,
      createdByName: c.created_by_name,
      createdDate: new Date(c.created_at).toISOString(),
    })),
    attachments: files,
    attachmentsEmailable: canEmailAttachments(files.map((f) => f.size)),
    canMarkDone: canMarkDone(status),
  };
}

export async function getIssue(
  db: Kysely<DB>,
  principal: Principal,
  issueNo: number,
): Promise<IssueDetail> {
  return detailOf(db, principal, await requireIssue(db, principal, issueNo));
}

/**
 * My Pending Notes: the caller's own; a supervisor may read another agent's. Another agent's
 * list is outside a plain agent's scope: 404, as an agent that does not exist.
 */
export function listPendingIssues(
  db: Kysely<DB>,
  principal: Principal,
  userNo: number,
  query: PendingIssuesQuery,
): Promise<Page<IssueSummary>> {
  if (userNo !== principal.userNo && !isSupervisor(principal)) {
    throw notFound('Agent');
  }
  return searchPendingIssues(db, principal, userNo, query);
}

/** Recent Notes: the member's (or one dependent's) notes of the last 6 months; 404 outside scope. */
export async function listRecentIssues(
  db: Kysely<DB>,
  principal: Principal,
  employeeNo: number,
  query: RecentIssuesQuery,
  now: Date = new Date(),
): Promise<Page<IssueSummary>> {
  const employee = await requireEmployee(db, principal, query.organizationNo, employeeNo);
  if (query.dependentNo !== undefined) {
    await requireDependent(db, principal, employee, query.dependentNo);
  }
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - RECENT_ISSUES_MONTHS);
  return searchRecentIssues(
    db,
    principal,
    { employeeNo, dependentNo: query.dependentNo ?? null },
    since,
    query.limit,
  );
}

// ---- Creating ----

async function checkForm(db: Kysely<DB>, json: unknown): Promise<IssueForm> {
  const parsed = issueFormSchema.safeParse(json);
  if (!parsed.success) throw zodProblem(parsed.error);
  const form = parsed.data;
  const { typeExists, subTypeOfType } = await subtypeBelongsTo(
    db,
    form.memberIssueTypeNo,
    form.memberIssueSubTypeNo,
  );
  if (!typeExists) {
    const message = 'Issue Type is not a known issue type';
    throw badRequest(message, { memberIssueTypeNo: message });
  }
  if (!subTypeOfType) {
    throw badRequest(ISSUE_MESSAGES.subTypeMismatch, {
      memberIssueSubTypeNo: ISSUE_MESSAGES.subTypeMismatch,
    });
  }
  return form;
}

/** The jsondata part as JSON: a form field, or a file part (a Blob) of at most 512 KB. */
async function readJsonData(part: Multipart): Promise<unknown> {
  let text: string;
  if (part.type === 'field') {
    text = String(part.value);
  } else {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > JSONDATA_MAX_BYTES) {
        throw badRequest('jsondata is too large', { jsondata: 'is too large' });
      }
      chunks.push(chunk);
    }
    text = Buffer.concat(chunks).toString('utf8');
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw badRequest('jsondata must be a JSON object', { jsondata: 'must be a JSON object' });
  }
  // The multipart body passes no edge check: the one PostgreSQL text cannot hold, refused here.
  const field = fieldWithNul(json, '');
  if (field) throw badRequest(`${field}: ${NUL_MESSAGE}`, { [field]: NUL_MESSAGE });
  return json;
}

function fileProblem(detail: string): HttpProblem {
  return badRequest(detail, { file: detail });
}

/** Refusals that depend only on the name, raised before a byte of the file is read. */
function checkAttachmentName(name: string): void {
  if (!name) throw fileProblem('File name is required');
  if (name.length > ISSUE_ATTACHMENT_NAME_MAX_LENGTH) {
    throw fileProblem(ISSUE_MESSAGES.fileNameTooLong(name));
  }
  if (!isAcceptedAttachmentName(name)) throw fileProblem(ISSUE_MESSAGES.notAccepted(name));
}

async function storeAttachment(
  ctx: IssuesContext,
  part: Extract<Multipart, { type: 'file' }>,
  name: string,
): Promise<NewAttachment> {
  const fileId = crypto.randomUUID();
  const storageKey = `issues/${fileId}`;
  const extension = fileExtensionOf(name);
  const { size, sha256 } = await streamIntoStorage(ctx.storage, storageKey, part.file, {
    maxBytes: ctx.maxFileBytes,
    headBytes: CONTENT_CHECK_BYTES,
    contentMatches: (head) => attachmentContentMatches(extension, head),
    tooLarge: () => fileProblem(ISSUE_MESSAGES.fileTooLarge(name)),
    mismatch: () => fileProblem(ISSUE_MESSAGES.contentMismatch(name)),
    empty: () => fileProblem(ISSUE_MESSAGES.emptyFile(name)),
  });
  return { fileId, name, size, sha256, storageKey };
}

/**
 * POST /issues/v1/records. The jsondata part comes first and is checked (form, type and sub
 * type, the member in scope) before any file is read; each file then streams into storage. The
 * issue, its details and its attachments are written in one transaction at the end; on any
 * refusal, failure or cut-off, every object already stored is deleted and no row is left.
 * A jsondata with an issueNo is the spec's comment or close (no files).
 */
export async function createIssue(
  ctx: IssuesContext,
  principal: Principal,
  parts: AsyncIterable<Multipart>,
  discardRest: () => void,
): Promise<IssueDetail> {
  const stored: NewAttachment[] = [];
  let issueNo: number;
  let legacy: { issueNo: number; input: IssueComment } | null = null;
  try {
    let form: IssueForm | null = null;
    let member: Awaited<ReturnType<typeof requireIssueMember>> | null = null;
    let fileCount = 0;
    for await (const part of parts) {
      if (part.fieldname === 'jsondata') {
        if (form || legacy) throw badRequest('Send one jsondata part', { jsondata: 'sent twice' });
        const json = await readJsonData(part);
        if (json !== null && typeof json === 'object' && 'issueNo' in json) {
          const parsed = legacyIssueUpdate.safeParse(json);
          if (!parsed.success) throw zodProblem(parsed.error);
          const comment = issueCommentInput.safeParse(parsed.data.input);
          if (!comment.success) throw zodProblem(comment.error);
          legacy = { issueNo: parsed.data.issueNo, input: comment.data };
          continue;
        }
        form = await checkForm(ctx.db, json);
        member = await requireIssueMember(ctx.db, principal, form);
        continue;
      }
      if (part.type === 'field') {
        throw badRequest(`Unexpected field ${part.fieldname}`, {
          [part.fieldname]: 'is not a field of the notes form; send it inside jsondata',
        });
      }
      if (part.fieldname !== 'file') {
        throw badRequest(`Unexpected file field ${part.fieldname}; send files as 'file'`, {
          [part.fieldname]: 'is not a field of the notes form',
        });
      }
      if (legacy) throw fileProblem('A comment takes no files');
      if (!form) {
        throw badRequest('Send the jsondata part before the files', {
          jsondata: 'must come before the files',
        });
      }
      fileCount += 1;
      if (fileCount > ISSUE_ATTACHMENT_MAX_FILES) throw fileProblem(ISSUE_MESSAGES.tooManyFiles);
      const name = cleanFileName(part.filename);
      checkAttachmentName(name);
      stored.push(await storeAttachment(ctx, part, name));
    }
    if (legacy) {
      issueNo = legacy.issueNo;
    } else {
      if (!form || !member) {
        throw badRequest(ISSUE_MESSAGES.createFailed, { jsondata: 'is required' });
      }
      const createdForm = form;
      const createdMember = member;
      const status = initialIssueStatus(createdForm.furtherActionNeeded);
      issueNo = await ctx.db.transaction().execute(async (trx) => {
        const no = await insertIssue(
          trx,
          createdMember,
          createdForm,
          status,
          principal.userNo,
          stored,
        );
        await writeAudit(trx, {
          actorUserNo: principal.userNo,
          action: 'issue.create',
          entity: 'issue',
          entityId: no,
          detail: {
            organizationNo: createdMember.organizationNo,
            employeeNo: createdMember.employeeNo,
            dependentNo: createdMember.dependentNo,
            status,
            attachments: stored.map((a) => ({ fileId: a.fileId, size: a.size, sha256: a.sha256 })),
          },
        });
        return no;
      });
    }
  } catch (error) {
    discardRest();
    await Promise.all(
      stored.map((file) =>
        ctx.storage.delete(file.storageKey).catch((cleanupError: unknown) => {
          ctx.log.error({ err: cleanupError, key: file.storageKey }, 'upload clean-up failed');
        }),
      ),
    );
    throw multipartProblem(error, { tooManyFiles: ISSUE_MESSAGES.tooManyFiles, field: 'file' });
  }
  if (legacy) return addComment(ctx.db, principal, legacy.issueNo, legacy.input);
  return getIssue(ctx.db, principal, issueNo);
}

// ---- Comments and closing ----

/**
 * A comment, and the close when `markDone` (spec 2 §4: an issue whose status is not Pending may
 * be marked Done while commenting; a comment alone keeps the status). 409 when the issue is
 * Pending or already Done.
 */
export async function addComment(
  db: Kysely<DB>,
  principal: Principal,
  issueNo: number,
  input: IssueComment,
): Promise<IssueDetail> {
  const issue = await requireIssue(db, principal, issueNo);
  if (input.markDone) {
    if (issue.row.process_status === ISSUE_STATUS.pending) {
      throw conflict(ISSUE_MESSAGES.cannotMarkPendingDone);
    }
    if (issue.row.process_status === ISSUE_STATUS.done) throw conflict(ISSUE_MESSAGES.alreadyDone);
  }
  await db.transaction().execute(async (trx) => {
    await insertComment(trx, issue, input.comment, principal.userNo);
    if (input.markDone) {
      // The status condition in the update settles a concurrent close: only one wins.
      if (!(await closeIssue(trx, issue, principal.userNo))) {
        throw conflict(ISSUE_MESSAGES.alreadyDone);
      }
    } else {
      await touchIssue(trx, issue, principal.userNo);
    }
    await writeAudit(trx, {
      actorUserNo: principal.userNo,
      action: input.markDone ? 'issue.close' : 'issue.comment',
      entity: 'issue',
      entityId: issueNo,
    });
  });
  return getIssue(db, principal, issueNo);
}

// ---- Attachments ----

/** Opens an attachment's bytes and records the download (audit) once they are at hand. */
export async function openAttachment(
  ctx: IssuesContext,
  principal: Principal,
  issueNo: number,
  fileId: string,
  fileName: string,
): Promise<{ name: string; size: number; stream: Readable }> {
  const issue = await requireIssue(ctx.db, principal, issueNo);
  const attachment = await requireAttachment(ctx.db, issue, fileId, fileName);
  const stream = await ctx.storage.get(attachment.row.storage_key);
  try {
    await writeAudit(ctx.db, {
      actorUserNo: principal.userNo,
      action: 'issue.attachment.download',
      entity: 'issue',
      entityId: issueNo,
      detail: { fileId, size: Number(attachment.row.size_bytes) },
    });
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return { name: attachment.row.file_name, size: Number(attachment.row.size_bytes), stream };
}

/** Only the issue's creator or a supervisor deletes an attachment (403 otherwise). */
export async function deleteAttachment(
  ctx: IssuesContext,
  principal: Principal,
  issueNo: number,
  fileId: string,
  fileName: string,
): Promise<void> {
  const issue = await requireIssue(ctx.db, principal, issueNo);
  const attachment = await requireAttachment(ctx.db, issue, fileId, fileName);
  if (issue.row.created_by !== principal.userNo && !isSupervisor(principal)) {
    throw forbidden(ISSUE_MESSAGES.attachmentDeleteForbidden);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteAttachmentRow(trx, attachment);
    await writeAudit(trx, {
      actorUserNo: principal.userNo,
      action: 'issue.attachment.delete',
      entity: 'issue',
      entityId: issueNo,
      detail: { fileId, size: Number(attachment.row.size_bytes) },
    });
  });
  // After the commit: a row never points at bytes that are gone.
  try {
    await ctx.storage.delete(attachment.row.storage_key);
  } catch (error) {
    ctx.log.error({ err: error, fileId }, 'the deleted attachment could not be removed');
  }
}

// ---- E-mail ----

/** The issue as the e-mail's text: what the drawer shows, without the member's birth data. */
function emailText(detail: IssueDetail): string {
  const line = (label: string, value: string | null) => (value ? [`${label}: ${value}`] : []);
  return [
    `Issue # ${detail.issueNo} (${detail.processStatusName})`,
    ...line('Organization', detail.organizationName),
    ...line('Member', detail.employeeName),
    ...line('Dependent', detail.dependentName),
    ...line('Member ID', detail.generatedId),
    ...line('Type', `${detail.memberIssueTypeName} / ${detail.memberIssueSubtypeName}`),
    ...line('Caller', `${detail.name} (${detail.reportedByName})`),
    ...line('Communication method', detail.communicationMethod),
    ...line('Further action needed', detail.furtherActionNeeded),
    ...line('Created', `${detail.createdDate} by ${detail.createdByName}`),
    ...line('Closed', detail.closedDate && `${detail.closedDate} by ${detail.closedByName}`),
    '',
    'Details:',
    detail.details,
    ...detail.comments.flatMap((c) => ['', `${c.createdByName}, ${c.createdDate}:`, c.comment]),
    '',
    ...(detail.attachments.length > 0
      ? ['Attachments:', ...detail.attachments.map((a) => `- ${a.filename}`)]
      : []),
  ].join('\n');
}

/**
 * E-mails the issue and its attachments to a contact of its organization through the mail job.
 * 400 when the attachments total 24 MB or more (the spec's detail), when the note has no
 * organization, or when the contact has no address.
 */
export async function emailIssue(
  ctx: IssuesContext,
  principal: Principal,
  issueNo: number,
  input: IssueEmailInput,
): Promise<IssueEmailResult> {
  const issue = await requireIssue(ctx.db, principal, issueNo);
  const organizationNo = issue.row.organization_no;
  if (organizationNo === null) {
    throw badRequest(ISSUE_MESSAGES.emailNoOrganization, {
      contact: ISSUE_MESSAGES.emailNoOrganization,
    });
  }
  const organization = await getOrganization(ctx.db, principal, organizationNo);
  const to = organization[input.contact]?.email?.trim();
  if (!to)
    throw badRequest(ISSUE_MESSAGES.emailNoContact, { contact: ISSUE_MESSAGES.emailNoContact });
  const detail = await detailOf(ctx.db, principal, issue);
  if (!detail.attachmentsEmailable) {
    throw badRequest(ISSUE_MESSAGES.emailTooLarge, { attachments: ISSUE_MESSAGES.emailTooLarge });
  }
  const attachments = await listAttachments(ctx.db, issue);
  await ctx.mail.enqueue({
    to: [to],
    subject: `Issue # ${issueNo}: ${detail.memberIssueTypeName} / ${detail.memberIssueSubtypeName}`,
    text: emailText(detail),
    attachments: attachments.map((a) => ({ filename: a.file_name, storageKey: a.storage_key })),
  });
  await writeAudit(ctx.db, {
    actorUserNo: principal.userNo,
    action: 'issue.email',
    entity: 'issue',
    entityId: issueNo,
    detail: { contact: input.contact, attachments: attachments.length },
  });
  return { issueNo, to, attachmentCount: attachments.length };
}
