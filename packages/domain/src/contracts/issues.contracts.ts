import { z } from 'zod';
import { PERMISSIONS } from '../permissions.ts';
import {
  ISSUE_ATTACHMENT_EXTENSIONS,
  ISSUE_ATTACHMENT_MAX_FILES,
  issueAttachmentParams,
  issueAttachmentQuery,
  issueCommentInput,
  issueDetail,
  issueEmailInput,
  issueEmailResult,
  issueGetQuery,
  issueNoParams,
  issueSummaryPage,
  issueTypeList,
  pendingIssuesParams,
  pendingIssuesQuery,
  recentIssuesParams,
  recentIssuesQuery,
} from '../issues.ts';
import { defineContract } from './define-contract.ts';

/** The 'Member Issues' permission group (decision 0102): one permission, every call. */
const memberIssues = { allOf: [PERMISSIONS.agentRecordNotes] } as const;
const tags = ['issues'];

/*
 * The issues service (spec 2 §7 "Issues service", base /issues/v1). The spec overloads two paths:
 * - GET /records/{x} is the issue (isIssue=true), an agent's pending notes (isAgent&isPending)
 *   or a member's recent notes (limit, dependentID). Here each is its own path, so a call cannot
 *   be mistaken for another: /records/:issueNo (isIssue=true accepted), /records/agents/:userNo
 *   (isAgent, isPending accepted) and /records/members/:employeeId.
 * - POST /records creates an issue, or comments on one, or closes one, by what its jsondata
 *   holds. It is kept (a jsondata with an issueNo is a comment or a close, answered with the
 *   issue like the clean call); the web uses the clean POST /records/:issueNo/comments.
 * Decision 0102.
 */
export const issuesContracts = {
  issueTypes: defineContract({
    method: 'GET',
    service: 'issues',
    path: '/issueTypes',
    answer: issueTypeList,
    access: memberIssues,
    tags,
    summary: 'Issue types with their sub types (the notes form caches them 23 hours)',
  }),
  /** The form's fields are `issueFormSchema` in the jsondata part, checked before any file. */
  create: defineContract({
    method: 'POST',
    service: 'issues',
    path: '/records',
    bodyKind: 'multipart',
    answer: issueDetail,
    status: 201,
    access: memberIssues,
    tags,
    summary: 'Record a call as an issue, with up to 10 attachments (multipart/form-data)',
    description:
      'A part named jsondata (the notes form as JSON) first, then up to ' +
      `${ISSUE_ATTACHMENT_MAX_FILES} parts named file. Accepted extensions: ` +
      `${ISSUE_ATTACHMENT_EXTENSIONS.join(', ')}; at most 200 MB each, names at most 60 ` +
      'characters. Nothing is stored unless every file is accepted. A jsondata with an issueNo ' +
      "is the spec's comment ({ issueNo, comments: [{ comment }] }) or close ({ issueNo, " +
      "status: 'done', comment }) and answers the issue (no files).",
  }),
  get: defineContract({
    method: 'GET',
    service: 'issues',
    path: '/records/:issueNo',
    params: issueNoParams,
    query: issueGetQuery,
    answer: issueDetail,
    access: memberIssues,
    tags,
    summary: 'One issue: details, comments, attachments (the issue drawer)',
  }),
  pending: defineContract({
    method: 'GET',
    service: 'issues',
    path: '/records/agents/:userNo',
    params: pendingIssuesParams,
    query: pendingIssuesQuery,
    answer: issueSummaryPage,
    access: memberIssues,
    tags,
    summary: "An agent's notes not yet Done (My Pending Notes), newest first",
    description:
      "The caller's own notes; a supervisor may read another agent's. isAgent and isPending " +
      "are the spec's flags, accepted (true only).",
  }),
  recent: defineContract({
    method: 'GET',
    service: 'issues',
    path: '/records/members/:employeeId',
    params: recentIssuesParams,
    query: recentIssuesQuery,
    answer: issueSummaryPage,
    access: memberIssues,
    tags,
    summary: "A member's notes of the last 6 months, newest first, at most 10 (Recent Notes)",
  }),
  comment: defineContract({
    method: 'POST',
    service: 'issues',
    path: '/records/:issueNo/comments',
    params: issueNoParams,
    body: issueCommentInput,
    answer: issueDetail,
    status: 201,
    access: memberIssues,
    tags,
    summary: 'Add a comment, and mark the issue Done when markDone (not while Pending)',
  }),
  email: defineContract({
    method: 'POST',
    service: 'issues',
    path: '/records/:issueNo/email',
    params: issueNoParams,
    body: issueEmailInput,
    answer: issueEmailResult,
    access: memberIssues,
    tags,
    summary: "E-mail the issue with its attachments to a contact of the member's organization",
    description:
      'Queued on the mail job. Refused with 400 when the attachments total 24 MB or more ' +
      '(the detail says so), or the contact has no e-mail address.',
  }),
  /** Each download is recorded in the audit log, so the route answers no HEAD (a file answer). */
  downloadAttachment: defineContract({
    method: 'GET',
    service: 'issues',
    path: '/:issueNo/v1/attachments/:fileId',
    params: issueAttachmentParams,
    query: issueAttachmentQuery,
    answer: z.unknown().describe('The attachment, as uploaded'),
    answerKind: 'file',
    access: memberIssues,
    tags,
    summary: "One attachment of an issue (fileName must be the attachment's); recorded",
  }),
  deleteAttachment: defineContract({
    method: 'DELETE',
    service: 'issues',
    path: '/:issueNo/v1/attachments/:fileId',
    params: issueAttachmentParams,
    query: issueAttachmentQuery,
    answer: z.null().describe('Deleted'),
    status: 204,
    access: memberIssues,
    tags,
    summary: "Delete an attachment (the issue's creator or a supervisor)",
  }),
};
