import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import Provider, {
  errors,
  type Account,
  type Configuration,
  type CookiesSetOptions,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { DB } from '../db/schema.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { Secrets } from '../secrets.ts';
import { findActiveAccount } from './accounts.repo.ts';
import { renderLogoutConfirmPage, renderMessagePage } from './login-page.ts';
import { createOidcAdapter } from './oidc-adapter.ts';
import { interactionRoutes } from './oidc/interactions.ts';
import { passwordResetRoutes } from './oidc/password-reset.ts';
import { sessionPolicy } from './oidc/session-policy.ts';

/** Where Fastify routes the provider; the issuer's own path may carry a proxy prefix before it. */
const MOUNT = '/oidc';

/** The web app's development server, so `npm run dev` signs in against this provider too. */
const DEV_WEB_ORIGIN = 'http://localhost:5173';

/** How long a sign-in lasts at the provider: one working day, then the password is asked again. */
const SESSION_TTL_SECONDS = 8 * 60 * 60;
const INTERACTION_TTL_SECONDS = 30 * 60;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;

interface OidcProviderDeps {
  config: Config;
  db: Kysely<DB>;
  secrets: Secrets;
  /** Tells a user by e-mail when their account locks; without it the lock is only audited. */
  mail?: MailService;
}

/**
 * Mounts the built-in OpenID Connect provider (oidc-provider, a Koa app) under /oidc on the
 * Fastify server. Its routes live in their own plugin context, whose content-type parsers leave
 * request bodies unread: the provider parses its own form posts, and the login form has a parser
 * of its own. app.ts needs nothing else.
 */
export async function registerOidcProvider(
  app: FastifyInstance,
  deps: OidcProviderDeps,
): Promise<void> {
  const { config } = deps;
  const provider = createProvider(deps, app.log);
  const basePath = new URL(config.oidc.issuer).pathname.replace(/\/$/, '');
  const forward = forwarder(provider, config, basePath);
  const redirectOrigins = [
    ...new Set(clientRedirectUris(config).map((uri) => new URL(uri).origin)),
  ];

  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.route({
        method: ['GET', 'POST', 'OPTIONS'],
        url: '/*',
        config: { access: 'public' },
        schema: { hide: true },
        handler: forward,
      });
      await scope.register(interactionRoutes, {
        provider,
        config,
        db: deps.db,
        basePath,
        redirectOrigins,
        ...(deps.mail ? { mail: deps.mail } : {}),
      });
      await scope.register(passwordResetRoutes, { db: deps.db, config, basePath });
    },
    { prefix: MOUNT },
  );
}

/**
 * Hands a request to the provider as if it were mounted at the issuer's path. The provider reads
 * its mount path from `req.originalUrl` minus `req.url`, and its public origin from the forwarded
 * headers (with `proxy` on). Both are set from the configured public URL, so every URL it
 * advertises is the one users reach, whatever Host header this hop received.
 */
function forwarder(provider: Provider, config: Config, basePath: string) {
  const callback = provider.callback();
  const publicUrl = new URL(config.publicUrl);
  return async function forward(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? '/';
    reply.hijack();
    const suffix = url.slice(MOUNT.length) || '/';
    raw.originalUrl = `${basePath}${suffix}`;
    raw.url = suffix;
    raw.headers['x-forwarded-host'] = publicUrl.host;
    raw.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
    try {
      await callback(raw, reply.raw);
    } finally {
      raw.url = url;
    }
  };
}

function clientRedirectUris(config: Config): string[] {
  return [...new Set([`${config.publicUrl}/login/callback`, `${DEV_WEB_ORIGIN}/login/callback`])];
}

function clientPostLogoutUris(config: Config): string[] {
  return [...new Set([`${config.publicUrl}/`, `${DEV_WEB_ORIGIN}/`])];
}

function createProvider(deps: OidcProviderDeps, log: FastifyBaseLogger): Provider {
  const provider = new Provider(deps.config.oidc.issuer, providerConfiguration(deps, log));
  provider.proxy = true;
  logProviderEvents(provider, log);
  return provider;
}

function providerConfiguration(deps: OidcProviderDeps, log: FastifyBaseLogger): Configuration {
  const { config, db, secrets } = deps;
  const secure = config.publicUrl.startsWith('https://');
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure } as const;
  const ttl = config.oidc.accessTokenTtlSeconds;
  const basePath = new URL(config.oidc.issuer).pathname.replace(/\/$/, '');
  const sessions = sessionPolicy(db, config);
  return {
    adapter: createOidcAdapter(db, {
      onCleanupError: (error) => log.warn({ err: error }, 'oidc: expired payload sweep failed'),
    }),
    clients: [
      {
        client_id: config.oidc.clientId,
        client_name: 'Pillar',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        // Refresh tokens keep an active user signed in without a trip to the login page.
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: clientRedirectUris(config),
        post_logout_redirect_uris: clientPostLogoutUris(config),
      },
    ],
    jwks: { keys: secrets.signingKeys },
    cookies: { keys: secrets.cookieKeys, long: cookieOptions, short: cookieOptions },
    responseTypes: ['code'],
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name'],
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    findAccount: async (_ctx, sub, token) =>
      (await sessions.tokenSessionLive(token)) ? findAccount(db, sub) : undefined,
    extraTokenClaims: (ctx, token) => ({ ...emailClaim(ctx), ...sessionClaim(token) }),
    loadExistingGrant: sessions.loadExistingGrant,
    // The public PKCE client gets a refresh token without asking for offline_access: it lives
    // no longer than the session (the grant), and each use replaces it; a replayed one ends
    // the session (the provider revokes the grant, and with it the session; decision 0065).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    interactions: {
      policy: sessions.policy,
      url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      // Every access token is for our API, so userinfo could only refuse it; with the endpoint
      // off, the provider puts the profile claims into the ID token, where the web app reads them.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // The web app sends resource=<audience>; a client that leaves it off the authorization
        // request still gets a JWT for our API rather than an opaque token.
        defaultResource: () => config.oidc.audience,
        getResourceServerInfo: (_ctx, indicator) => resourceServer(config, indicator),
        // The token request names no resource; the code's granted one must win, or the provider
        // would fall back to an opaque userinfo token whenever userinfo is on and openid asked.
        useGrantedResource: () => true,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => logoutSource(ctx, form, cookieOptions),
        postLogoutSuccessSource: (ctx) => {
          sendHtml(ctx, signedOutPage(config));
        },
      },
    },
    ttl: {
      AccessToken: ttl,
      IdToken: ttl,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
      RefreshToken: SESSION_TTL_SECONDS,
    },
    renderError: (ctx, out) => {
      sendHtml(ctx, errorPage(config, out.error, out.error_description));
    },
  };
}

/**
 * RFC 9068 access tokens for our API: signed RS256 with the provider's keys (the `kid` is set
 * by the provider), `aud` the audience, `sub` the user number. The API verifies them with jose.
 */
function resourceServer(config: Config, indicator: string): ResourceServer {
  if (indicator !== config.oidc.audience) throw new errors.InvalidTarget();
  return {
    scope: config.oidc.scope,
    audience: config.oidc.audience,
    accessTokenTTL: config.oidc.accessTokenTtlSeconds,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'RS256' } },
  };
}

/** Only active users have an account at the provider: deactivating a user ends their sign-ins. */
async function findAccount(db: Kysely<DB>, sub: string): Promise<Account | undefined> {
  const userNo = Number(sub);
  if (!Number.isSafeInteger(userNo) || userNo <= 0) return undefined;
  const user = await findActiveAccount(db, userNo);
  if (!user) return undefined;
  return {
    accountId: String(userNo),
    email: user.username,
    claims: () => ({
      sub: String(userNo),
      email: user.username,
      given_name: user.first_name,
      family_name: user.last_name,
      name: `${user.first_name} ${user.last_name}`.trim(),
    }),
  };
}

/**
 * The e-mail rides in the access token as well, the claim an external issuer is asked to provide,
 * so logs and the API can name the user the same way whichever issuer signed in.
 */
function emailClaim(ctx: KoaContextWithOIDC): { email: string } | undefined {
  const email = ctx.oidc.account?.email;
  return typeof email === 'string' ? { email } : undefined;
}

/**
 * The session every access token belongs to: the grant of the sign-in, which logout and a
 * replayed refresh token destroy. The API refuses tokens of an ended session (`sid`).
 */
function sessionClaim(token: unknown): { sid: string } | undefined {
  const grantId = (token as { grantId?: unknown }).grantId;
  return typeof grantId === 'string' ? { sid: grantId } : undefined;
}

/**
 * RP-initiated logout. When the request proves it comes from the user's own session of our
 * client (an id_token_hint for the signed-in user plus a registered post_logout_redirect_uri,
 * both already checked by the provider), the user is signed out and sent back at once, as
 * RP-Initiated Logout 1.0 allows. Anything less gets the confirmation page the spec asks for,
 * because a bare logout link could otherwise be planted on any site.
 */
async function logoutSource(
  ctx: KoaContextWithOIDC,
  form: string,
  cookieOptions: CookiesSetOptions,
): Promise<void> {
  const { session, client, entities, provider } = ctx.oidc;
  const params = ctx.oidc.params ?? {};
  const hintSubject = entities.IdTokenHint?.payload.sub;
  const redirectUri =
    typeof params.post_logout_redirect_uri === 'string' ? params.post_logout_redirect_uri : '';
  if (!client || !redirectUri || !session?.accountId || hintSubject !== session.accountId) {
    sendHtml(ctx, renderLogoutConfirmPage(form));
    return;
  }
  await revokeSessionGrants(provider, session.authorizations);
  await session.destroy();
  ctx.oidc.cookies.set(provider.cookieName('session'), null, cookieOptions);
  provider.emit('end_session.success', ctx);
  const target = new URL(redirectUri);
  if (typeof params.state === 'string') target.searchParams.set('state', params.state);
  ctx.status = 303;
  ctx.redirect(target.href);
}

/** What the provider's own confirm step does on "sign out": codes and grants of the session die. */
async function revokeSessionGrants(
  provider: Provider,
  authorizations: Record<string, { grantId?: string; persistsLogout?: boolean }> | undefined,
): Promise<void> {
  for (const { grantId, persistsLogout } of Object.values(authorizations ?? {})) {
    if (!grantId || persistsLogout) continue;
    await provider.AccessToken.revokeByGrantId(grantId);
    await provider.AuthorizationCode.revokeByGrantId(grantId);
    await provider.Grant.adapter.destroy(grantId);
  }
}

function sendHtml(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.body = html;
}

function signedOutPage(config: Config): string {
  return renderMessagePage({
    title: 'You are signed out',
    message: 'You have signed out of Pillar.',
    link: { href: `${config.publicUrl}/`, text: 'Sign in again' },
  });
}

/** The provider's errors in words, with the OAuth error code for a support call; never a stack. */
function errorPage(config: Config, error: string, description: string | undefined): string {
  return renderMessagePage({
    title: 'Sign-in problem',
    message:
      error === 'server_error'
        ? 'Pillar could not complete the sign-in because of a server problem. Try again in a moment.'
        : 'Pillar could not complete this sign-in request. Go back to Pillar and sign in again.',
    detail: description ? `${error}: ${description}` : error,
    link: { href: `${config.publicUrl}/`, text: 'Go to Pillar' },
  });
}

/** Client-side failures the provider reports by event; each is a warning, never with a token. */
const CLIENT_ERROR_EVENTS = [
  'authorization.error',
  'grant.error',
  'end_session.error',
  'end_session_confirm.error',
  'end_session_success.error',
  'jwks.error',
  'discovery.error',
] as const;

/** The fields of an OAuth error that are safe to log: its code and words, not the request. */
function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const oauth = error as Error & {
    error?: string;
    error_description?: string;
    error_detail?: string;
  };
  return {
    type: error.name,
    error: oauth.error,
    description: oauth.error_description,
    detail: oauth.error_detail,
  };
}

function logProviderEvents(provider: Provider, log: FastifyBaseLogger): void {
  const oidcLog = log.child({ component: 'oidc' });
  // The typings give each event its own overload, which a loop over names cannot pick; the
  // provider is a plain EventEmitter underneath.
  const events = provider as unknown as NodeJS.EventEmitter;
  for (const event of CLIENT_ERROR_EVENTS) {
    events.on(event, (_ctx: unknown, error: unknown) => oidcLog.warn(describeError(error), event));
  }
  provider.on('server_error', (_ctx, error) => oidcLog.error({ err: error }, 'server_error'));
  // Koa prints unhandled errors to stderr unless someone listens; they belong in our log.
  events.on('error', (error: Error) => oidcLog.error({ err: error }, 'unhandled provider error'));
}
