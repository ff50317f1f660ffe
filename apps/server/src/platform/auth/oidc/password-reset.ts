import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@pillar/domain';
import type { Config } from '../../../config.ts';
import { writeAudit } from '../../audit.ts';
import type { DB } from '../../db/schema.ts';
import type { MailService } from '../../mail/mail-service.ts';
import { renderMessagePage, renderPasswordPage } from '../login-page.ts';
import { hashPassword } from '../passwords.ts';
import { findMailRecipient } from '../accounts.repo.ts';
import {
  claimOpenLink,
  closeOpenLinks,
  findOpenLink,
  insertLink,
  insertPasswordHistory,
  setPassword,
  type OpenLink,
  type PasswordLinkPurpose,
} from './password-reset.repo.ts';
import { clearAccountFailures } from './sign-in-throttle.ts';

/**
 * Password links of the built-in identity provider: a reset the user asks for from their profile,
 * and the invitation a new user gets to choose a first password. The e-mail carries a random
 * 256-bit token; the database keeps only its SHA-256, one use, with an expiry. Using a link sets
 * the password, clears any lockout and voids every other open link of that user.
 */

export type { PasswordLinkPurpose };

export interface PasswordLinkDeps {
  db: Kysely<DB>;
  config: Config;
  mail: MailService;
}

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The link a token opens: under the issuer, so it works behind a proxy prefix too. */
export function passwordLinkUrl(config: Config, token: string): string {
  return `${config.oidc.issuer}/reset/${token}`;
}

/**
 * Creates a link for the user and e-mails it. Earlier open links of the same purpose stop
 * working, so only the newest e-mail counts. Returns false when the user does not exist.
 */
export async function sendPasswordLink(
  deps: PasswordLinkDeps,
  userNo: number,
  purpose: PasswordLinkPurpose,
  actorUserNo: number | null,
): Promise<boolean> {
  const { db, config, mail } = deps;
  const user = await findMailRecipient(db, userNo);
  if (!user) return false;
  const token = crypto.randomBytes(32).toString('base64url');
  const minutes =
    purpose === 'reset'
      ? config.passwordReset.resetTtlMinutes
      : config.passwordReset.invitationTtlHours * 60;
  await db.transaction().execute(async (tx) => {
    await closeOpenLinks(tx, userNo, { purpose, actorUserNo });
    await insertLink(tx, { tokenHash: hashToken(token), userNo, purpose, minutes, actorUserNo });
  });
  const link = passwordLinkUrl(config, token);
  const validity =
    purpose === 'reset' ? `${minutes} minutes` : `${config.passwordReset.invitationTtlHours} hours`;
  await mail.enqueue(
    purpose === 'reset'
      ? {
          to: [user.username],
          subject: 'Reset your Pillar password',
          text: [
            `Hello ${user.first_name},`,
            '',
            'Someone, probably you, asked to reset the password of your Pillar account.',
            `Choose a new password here within ${validity}:`,
            '',
            link,
            '',
            'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          ].join('\n'),
        }
      : {
          to: [user.username],
          subject: 'Your Pillar account',
          text: [
            `Hello ${user.first_name},`,
            '',
            'An account has been created for you in Pillar.',
            `Choose your password here within ${validity}:`,
            '',
            link,
            '',
            `Then sign in at ${config.publicUrl}/login with this e-mail address.`,
          ].join('\n'),
        },
  );
  await writeAudit(db, {
    actorUserNo,
    action: purpose === 'reset' ? 'password.reset_requested' : 'password.invitation_sent',
    entity: 'app_user',
    entityId: userNo,
  });
  return true;
}

/**
 * Sets the password of an open link and closes it, in one transaction: the token row is claimed
 * first (used_at set only if still open), so two posts of the same link cannot both succeed.
 */
export async function usePasswordLink(
  db: Kysely<DB>,
  token: string,
  password: string,
  context: { ip: string },
): Promise<OpenLink | undefined> {
  const passwordHash = await hashPassword(password);
  const used = await db.transaction().execute(async (tx) => {
    const claimed = await claimOpenLink(tx, hashToken(token));
    if (!claimed) return undefined;
    const user = await setPassword(tx, claimed.user_no, passwordHash);
    if (!user) return undefined;
    // The new password lifts the per-address locks too (decision 0066).
    await clearAccountFailures(tx, user.username);
    await closeOpenLinks(tx, claimed.user_no);
    await insertPasswordHistory(
      tx,
      claimed.user_no,
      claimed.purpose === 'reset' ? 'reset by e-mail link' : 'set from invitation',
    );
    await writeAudit(tx, {
      actorUserNo: claimed.user_no,
      action: claimed.purpose === 'reset' ? 'password.reset' : 'password.set',
      entity: 'app_user',
      entityId: claimed.user_no,
      detail: { ip: context.ip },
    });
    return { user_no: user.user_no, username: user.username, purpose: claimed.purpose };
  });
  return used;
}

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
const passwordForm = z.object({
  password: z.string().max(1000).default(''),
  confirm: z.string().max(1000).default(''),
});
const FORM_BODY_LIMIT = 8 * 1024;
const RULE = `At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few unrelated words works well.`;

function pageCsp(): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp())
      // The token is in the path: no other site may learn it from a Referer header.
      .header('referrer-policy', 'no-referrer')
      .send(html)
  );
}

/**
 * GET and POST /oidc/reset/:token, plain server-rendered pages in the login page's style, public
 * by nature: the token is the credential.
 */
export async function passwordResetRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; config: Config; basePath: string },
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const routeOptions = { config: { access: 'public' as const }, schema: { hide: true } };
  const signIn = { href: `${deps.config.publicUrl}/login`, text: 'Sign in to Pillar' };
  const expired = (reply: FastifyReply) =>
    sendPage(
      reply,
      410,
      renderMessagePage({
        title: 'This link has expired',
        message:
          'This password link is no longer valid: it was used already, a newer one was sent, or it expired. Ask for a new one from your profile in Pillar, or ask your administrator.',
        link: signIn,
      }),
    );

  app.get('/reset/:token', routeOptions, async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    const link = params.success
      ? await findOpenLink(deps.db, hashToken(params.data.token))
      : undefined;
    if (!params.success || !link) return expired(reply);
    return sendPage(
      reply,
      200,
      renderPasswordPage({
        action: `${deps.basePath}/reset/${params.data.token}`,
        email: link.username,
        purpose: link.purpose,
        rule: RULE,
      }),
    );
  });

  app.post('/reset/:token', routeOptions, async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    const link = params.success
      ? await findOpenLink(deps.db, hashToken(params.data.token))
      : undefined;
    if (!params.success || !link) return expired(reply);
    const form = passwordForm.safeParse(request.body ?? {});
    const password = form.success ? form.data.password : '';
    const confirm = form.success ? form.data.confirm : '';
    const problem = passwordProblem(password, confirm, link.username);
    if (problem) {
      return sendPage(
        reply,
        400,
        renderPasswordPage({
          action: `${deps.basePath}/reset/${params.data.token}`,
          email: link.username,
          purpose: link.purpose,
          rule: RULE,
          error: problem,
        }),
      );
    }
    const used = await usePasswordLink(deps.db, params.data.token, password, { ip: request.ip });
    if (!used) return expired(reply);
    return sendPage(
      reply,
      200,
      renderMessagePage({
        title: used.purpose === 'reset' ? 'Your password has been reset' : 'Your password is set',
        message: `You can now sign in to Pillar as ${used.username} with your new password.`,
        link: signIn,
      }),
    );
  });
}
