import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ISSUE_ATTACHMENT_MAX_BYTES, fileMediaType, issuesContracts } from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { moveSeedAttachmentsIntoStorage } from './issues.repo.ts';
import {
  addComment,
  createIssue,
  deleteAttachment,
  emailIssue,
  getIssue,
  getIssueTypes,
  issueMultipartLimits,
  listPendingIssues,
  listRecentIssues,
  openAttachment,
  type IssuesContext,
} from './issues.service.ts';

/**
 * The issues service (spec 2 §7 "Issues service"; decision 0102), from `issuesContracts`.
 * Registered at the root: each contract names its service.
 */
export async function issuesRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, secrets, mail } = app.ctx;
  const ctx: IssuesContext = {
    db,
    storage: await createFileStorage(config.storage, secrets),
    mail,
    maxFileBytes: Math.min(ISSUE_ATTACHMENT_MAX_BYTES, config.storage.fileMaxBytes),
    log: app.log,
  };
  // Multipart parsing exists in this scope only; no other route of the module accepts it.
  await app.register(multipart, { limits: issueMultipartLimits(ctx.maxFileBytes) });
  // Demo attachments written by the seed reach storage before the first request is served.
  await moveSeedAttachmentsIntoStorage(db, ctx.storage);

  registerRoute(app, issuesContracts.issueTypes, async () => ({ data: await getIssueTypes(db) }));

  registerRoute(app, issuesContracts.create, async ({ request }) => {
    const parts = request.isMultipart()
      ? request.parts()
      : // Answered 415 the way every other refusal is.
        (async function* () {
          yield* [];
          throw Object.assign(new Error('not multipart'), {
            code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
          });
        })();
    return createIssue(ctx, principalOf(request), parts, () => {
      // A refused upload's remaining bytes are read and dropped, so the client gets the answer.
      request.raw.unpipe();
      request.raw.resume();
    });
  });

  registerRoute(app, issuesContracts.get, async ({ request, params }) =>
    getIssue(db, principalOf(request), params.issueNo),
  );

  registerRoute(app, issuesContracts.pending, async ({ request, params, query }) =>
    listPendingIssues(db, principalOf(request), params.userNo, query),
  );

  registerRoute(app, issuesContracts.recent, async ({ request, params, query }) =>
    listRecentIssues(db, principalOf(request), params.employeeId, query),
  );

  registerRoute(app, issuesContracts.comment, async ({ request, params, body }) =>
    addComment(db, principalOf(request), params.issueNo, body),
  );

  registerRoute(app, issuesContracts.email, async ({ request, params, body }) =>
    emailIssue(ctx, principalOf(request), params.issueNo, body),
  );

  registerRoute(
    app,
    issuesContracts.downloadAttachment,
    async ({ request, reply, params, query }) => {
      const { name, size, stream } = await openAttachment(
        ctx,
        principalOf(request),
        params.issueNo,
        params.fileId,
        query.fileName,
      );
      return reply
        .header('content-disposition', attachmentDisposition(name))
        .header('access-control-expose-headers', 'content-disposition')
        .header('content-length', size)
        .header('cache-control', 'no-store')
        .type(issueAttachmentMediaType(name))
        .send(stream);
    },
  );

  registerRoute(app, issuesContracts.deleteAttachment, async ({ request, params, query }) => {
    await deleteAttachment(
      ctx,
      principalOf(request),
      params.issueNo,
      params.fileId,
      query.fileName,
    );
    return null;
  });
}

/** The media type an attachment is sent with (always as an attachment, never inline). */
function issueAttachmentMediaType(name: string): string {
  const lower = name.toLowerCase();
  if (lower.endsWith('.eml') || lower.endsWith('.mbox')) return 'message/rfc822';
  if (lower.endsWith('.msg')) return 'application/vnd.ms-outlook';
  if (lower.endsWith('.html')) return 'text/html; charset=utf-8';
  if (lower.endsWith('.pst')) return 'application/octet-stream';
  return fileMediaType(name);
}
