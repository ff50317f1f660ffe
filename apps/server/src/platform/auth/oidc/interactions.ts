import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors, type Provider } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { MailService } from '../../mail/mail-service.ts';
import { lockoutNotice } from './lockout-mail.ts';
import { renderLoginPage, renderMessagePage } from '../login-page.ts';
import { messageFor, signIn } from './sign-in.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface InteractionDeps {
  provider: Provider;
  config: Config;
  db: Kysely<DB>;
  /** Path of the issuer (`/oidc`), the prefix of every URL the browser sees. */
  basePath: string;
  /** Origins of the client's redirect URIs: where a login post may end up. */
  redirectOrigins: string[];
  mail?: MailService;
}

const uidParams = z.object({ uid: z.string().min(1).max(100) });
const loginForm = z.object({ email: z.string().max(1000), password: z.string().max(1000) });

/** Longest form body accepted: two fields of a sane size. */
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * The pages the provider sends the browser to when it needs the user: the login form, and an
 * automatic consent for our own first-party client. They are Fastify routes, not part of the
 * provider's Koa app, so they read the form with our parser and answer with our HTML. The uid in
 * the URL must match the provider's signed interaction cookie, which is path-bound and SameSite:
 * a page forged on another site can neither read nor post a live interaction.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  deps: InteractionDeps,
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const routeOptions = { config: { access: 'public' as const }, schema: { hide: true } };

  app.get('/interaction/:uid', routeOptions, async (request, reply) => {
    const interaction = await loadInteraction(deps, request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name === 'login') {
      const hint =
        typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
      return sendPage(
        reply,
        200,
        renderLoginPage({ action: loginAction(deps, interaction), email: hint }),
        deps,
      );
    }
    if (interaction.prompt.name === 'consent') {
      return reply.redirect(await grantConsent(deps, request, reply, interaction), 303);
    }
    return sendProblemPage(reply, deps, 400, 'This sign-in step is not supported.');
  });

  app.post('/interaction/:uid/login', routeOptions, async (request, reply) => {
    const interaction = await loadInteraction(deps, request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name !== 'login') {
      return reply.redirect(`${deps.basePath}/interaction/${interaction.uid}`, 303);
    }
    const form = loginForm.safeParse(request.body ?? {});
    const email = form.success ? form.data.email : '';
    const result = form.success
      ? await signIn(
          {
            db: deps.db,
            login: deps.config.login,
            ...(deps.mail ? { onLocked: lockoutNotice(deps.db, deps.mail, deps.config) } : {}),
          },
          form.data,
          { ip: request.ip },
        )
      : ({ outcome: 'invalid' } as const);
    if (result.outcome !== 'success') {
      const page = renderLoginPage({
        action: loginAction(deps, interaction),
        email,
        error: messageFor(result),
      });
      return sendPage(reply, 200, page, deps);
    }
    const returnTo = await deps.provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: String(result.userNo) } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });
}

function loginAction(deps: InteractionDeps, interaction: Interaction): string {
  return `${deps.basePath}/interaction/${interaction.uid}/login`;
}

/**
 * The interaction the browser's cookie names, or an error page already sent. A missing or
 * expired cookie is the common case (a bookmarked or long-open login page), not a fault.
 */
async function loadInteraction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Interaction | undefined> {
  const params = uidParams.safeParse(request.params);
  try {
    const interaction = await deps.provider.interactionDetails(request.raw, reply.raw);
    if (params.success && interaction.uid === params.data.uid) return interaction;
  } catch (error) {
    if (!(error instanceof errors.SessionNotFound)) throw error;
  }
  await sendProblemPage(
    reply,
    deps,
    400,
    'Your sign-in page has expired or was opened in another window. Go back to Pillar and sign in again.',
  );
  return undefined;
}

/**
 * Pillar's web app is our own client: the user agreed to its use when their account was made,
 * so the provider's consent prompt is answered here without a screen, granting exactly what
 * the provider reports missing.
 */
async function grantConsent(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<string> {
  const { provider } = deps;
  const { prompt, params, session } = interaction;
  if (params.client_id !== deps.config.oidc.clientId || !session) {
    throw new errors.AccessDenied('consent is only given automatically to the Pillar web app');
  }
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  const details = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  const grantId = await grant.save();
  return provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
}

/**
 * Our own Content-Security-Policy replaces the app-wide one on these pages: no script at all,
 * and `form-action` lists the client's redirect origins because browsers apply it to every
 * redirect that follows the login post, right up to the web app's callback.
 */
function pageCsp(redirectOrigins: string[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${redirectOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function sendPage(reply: FastifyReply, status: number, html: string, deps: InteractionDeps) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', pageCsp(deps.redirectOrigins))
    .send(html);
}

function sendProblemPage(
  reply: FastifyReply,
  deps: InteractionDeps,
  status: number,
  message: string,
) {
  const page = renderMessagePage({
    title: 'Sign-in problem',
    message,
    link: { href: `${deps.config.publicUrl}/`, text: 'Go to Pillar' },
  });
  return sendPage(reply, status, page, deps);
}
