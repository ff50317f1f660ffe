import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
} from 'jose';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { DB } from '../db/schema.ts';
import { serializeRequest } from '../http/log-redaction.ts';
import type { MailMessage, MailService } from '../mail/mail-service.ts';
import type { Secrets } from '../secrets.ts';
import { accessControl } from './access.ts';
import { createAccessTokenVerifier } from './access-token.ts';
import { registerOidcProvider } from './oidc-provider.ts';
import { hashPassword } from './passwords.ts';

const PASSWORD = 'Correct-Horse-Battery-9';
/**
 * Issue 10: a locked account answers exactly as a wrong password or an unknown account does;
 * until then the page said 'Your account is locked after too many failed sign-in attempts…'.
 */
const LOCKED_MESSAGE = 'Invalid email or password.';

/** A cookie jar that honours Path, so the path-bound interaction cookies behave as in a browser. */
class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const pathAttribute = attributes.find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttribute ? pathAttribute.slice(5) : '/';
      const expired = attributes.some((a) => /^expires=.*1970/i.test(a) || /^max-age=0$/i.test(a));
      const key = `${name};${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.values()]
      .filter(
        (c) =>
          pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

interface Harness {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  db: Kysely<DB>;
  logs: string[];
  mails: MailMessage[];
  routes: { url: string; access: unknown }[];
  close(): Promise<void>;
}

let harness: Harness;

async function testSecrets(): Promise<Secrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    kid: crypto.randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };
  return {
    signingKeys: [jwk],
    cookieKeys: [crypto.randomBytes(32).toString('base64url')],
    ssnKey: crypto.randomBytes(32),
  };
}

/**
 * The Node server listens first, so the provider can be configured with its real address as the
 * public URL (unless the test names another, as a proxy would); Fastify then serves on it
 * through `serverFactory`.
 */
async function startHarness(options: { publicUrl?: string } = {}): Promise<Harness> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig(
    {
      ...process.env,
      PORT: '0',
      PUBLIC_URL: options.publicUrl ?? baseUrl,
      OIDC_ISSUER: undefined,
      LOG_LEVEL: 'silent',
    },
    { database: { pgliteDir: 'memory://', poolSize: 1 } },
  );
  const database: Database = await openDatabase(config.database);
  await migrateToLatest(database.db);
  const logs: string[] = [];
  const app = Fastify({
    logger: {
      level: 'debug',
      serializers: { req: serializeRequest },
      stream: { write: (line: string) => logs.push(line) },
    },
    serverFactory: (handler) => server.on('request', handler),
    // As behind the production proxy: each test browser tells its own client address, so the
    // per-address sign-in throttles of one test do not reach another.
    trustProxy: '127.0.0.1',
  });
  // app.ts may parse forms for its own routes; the provider must still get its raw bodies.
  await app.register(formbody);
  const secrets = await testSecrets();
  // An API route behind the real access control, to see which tokens the API still takes.
  await app.register(accessControl, {
    db: database.db,
    verifier: await createAccessTokenVerifier(config, secrets),
  });
  app.get('/api/me', { config: { access: 'authenticated' } }, async (request) => ({
    userNo: request.principal?.userNo,
  }));
  const routes: Harness['routes'] = [];
  app.addHook('onRoute', (route) => {
    routes.push({ url: route.url, access: route.config?.access });
  });
  const mails: MailMessage[] = [];
  const mail: MailService = {
    enqueue: async (message) => mails.push(message),
    startWorker: async () => {},
  };
  await registerOidcProvider(app, { config, db: database.db, secrets, mail });
  await app.ready();
  const close = async () => {
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  };
  return { app, baseUrl, config, db: database.db, logs, mails, routes, close };
}

async function createUser(options: {
  email: string;
  active?: boolean;
  password?: string;
  userType?: 'i' | 'b' | 'c';
}): Promise<number> {
  const row = await harness.db
    .insertInto('app_user')
    .values({
      username: options.email,
      first_name: 'Casey',
      last_name: 'Rivera',
      phone: null,
      extension: null,
      user_type: options.userType ?? 'i',
      rxb_admin: false,
      all_organizations: false,
      active: options.active ?? true,
      password_hash: await hashPassword(options.password ?? PASSWORD),
      locked_until: null,
      last_login_at: null,
      external_subject: null,
      created_by: null,
      updated_by: null,
    })
    .returning('user_no')
    .executeTakeFirstOrThrow();
  return row.user_no;
}

/** One browser: its cookies and the PKCE pair of the sign-in it is doing. */
class Browser {
  readonly jar = new CookieJar();
  readonly verifier = crypto.randomBytes(32).toString('base64url');
  readonly state = crypto.randomBytes(8).toString('hex');
  /** The client address this browser signs in from, as the proxy reports it. */
  readonly address = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.address);
    const cookie = this.jar.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(response.headers.getSetCookie());
    return response;
  }

  /** Follows redirects inside the provider; stops at the first one that leaves it. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let response = await this.fetch(url, init);
    let current = url;
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', current).href;
      if (!next.startsWith(`${harness.baseUrl}/oidc/`)) return { response, url: next };
      current = next;
      response = await this.fetch(current);
    }
    return { response, url: current };
  }

  authorizeUrl(options: { pkce?: boolean; resource?: boolean; clientId?: string } = {}): string {
    const url = new URL(`${harness.baseUrl}/oidc/auth`);
    url.search = new URLSearchParams({
      client_id: options.clientId ?? harness.config.oidc.clientId,
      response_type: 'code',
      redirect_uri: `${harness.baseUrl}/login/callback`,
      scope: harness.config.oidc.scope,
      state: this.state,
      nonce: 'n-0S6_WzA2Mj',
    }).toString();
    if (options.pkce !== false) {
      url.searchParams.set('code_challenge', crypto.hash('sha256', this.verifier, 'base64url'));
      url.searchParams.set('code_challenge_method', 'S256');
    }
    if (options.resource !== false) url.searchParams.set('resource', harness.config.oidc.audience);
    return url.href;
  }

  /** Starts a sign-in and returns the login page's URL and HTML. */
  async openLoginPage(options: { resource?: boolean } = {}) {
    const { response, url } = await this.follow(this.authorizeUrl(options));
    expect(response.status).toBe(200);
    return { url, html: await response.text(), headers: response.headers };
  }

  /** Posts the login form; answers the next page's HTML or the callback URL it redirected to. */
  async submitLogin(loginUrl: string, email: string, password: string) {
    const { response, url } = await this.follow(`${loginUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    return { response, url, html: response.status === 200 ? await response.text() : '' };
  }

  async signIn(email: string, options: { resource?: boolean } = {}): Promise<URL> {
    const { url } = await this.openLoginPage(options);
    const result = await this.submitLogin(url, email, PASSWORD);
    return new URL(result.url);
  }

  async exchange(code: string, verifier = this.verifier): Promise<Response> {
    return this.fetch(`${harness.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: harness.baseUrl },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: `${harness.baseUrl}/login/callback`,
        client_id: harness.config.oidc.clientId,
      }).toString(),
    });
  }
}

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

async function signInAndGetTokens(browser: Browser, email: string): Promise<TokenResponse> {
  const callback = await browser.signIn(email);
  const code = callback.searchParams.get('code');
  expect(code).toBeTruthy();
  const response = await browser.exchange(code ?? '');
  expect(response.status).toBe(200);
  return (await response.json()) as TokenResponse;
}

async function auditRows(userNo: number | null, action: string) {
  return harness.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where(
      userNo === null
        ? sql<boolean>`entity_id is null`
        : sql<boolean>`entity_id = ${String(userNo)}`,
    )
    .execute();
}

async function userRow(userNo: number) {
  return harness.db
    .selectFrom('app_user')
    .select(['failed_login_count', 'locked_until', 'last_login_at'])
    .where('user_no', '=', userNo)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe('built-in OpenID provider', () => {
  it('publishes a discovery document whose endpoints live under /oidc on the public URL', async () => {
    const response = await fetch(`${harness.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    const base = `${harness.baseUrl}/oidc`;
    expect(discovery.issuer).toBe(base);
    expect(discovery.authorization_endpoint).toBe(`${base}/auth`);
    expect(discovery.token_endpoint).toBe(`${base}/token`);
    expect(discovery.jwks_uri).toBe(`${base}/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${base}/session/end`);
    expect(discovery.code_challenge_methods_supported).toContain('S256');

    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('declares public access on every route it registers', () => {
    const urls = harness.routes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/oidc/*', '/oidc/interaction/:uid', '/oidc/interaction/:uid/login']),
    );
    for (const route of harness.routes)
      expect(route, route.url).toMatchObject({ access: 'public' });
  });

  it('signs in with PKCE and a resource, and issues an RFC 9068 access token for the API', async () => {
    const email = 'Casey.Rivera@example.com';
    const userNo = await createUser({ email });
    const browser = new Browser();

    const { url: loginUrl, html, headers } = await browser.openLoginPage();
    // Browsers apply form-action to every redirect after the post, up to the web app's callback.
    expect(headers.get('content-security-policy')).toContain(
      `form-action 'self' ${harness.baseUrl} http://localhost:5173`,
    );
    expect(headers.get('cache-control')).toBe('no-store');
    expect(loginUrl).toMatch(new RegExp(`^${harness.baseUrl}/oidc/interaction/[\\w-]+$`));
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sign in to Pillar</title>');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toContain('autocomplete="current-password"');
    expect(html).toContain('role="alert"');
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html).toContain('<button type="submit">Sign in</button>');

    const wrong = await browser.submitLogin(loginUrl, email, 'not-the-password');
    expect(wrong.response.status).toBe(200);
    expect(wrong.html).toContain('Invalid email or password.');
    const unknown = await browser.submitLogin(loginUrl, 'nobody@example.com', PASSWORD);
    expect(unknown.html).toContain('Invalid email or password.');

    // Usernames match without regard to case, as the unique index on lower(username) does.
    const signedIn = await browser.submitLogin(loginUrl, email.toLowerCase(), PASSWORD);
    const callback = new URL(signedIn.url);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${harness.baseUrl}/login/callback`);
    expect(callback.searchParams.get('state')).toBe(browser.state);
    const code = callback.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const tokenResponse = await browser.exchange(code);
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get('access-control-allow-origin')).toBe(harness.baseUrl);
    const tokens = (await tokenResponse.json()) as TokenResponse;
    expect(tokens.token_type).toBe('Bearer');
    // Issue 10: a refresh token keeps an active user signed in without the login page.
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const jwks = createRemoteJWKSet(new URL(`${harness.baseUrl}/oidc/jwks`));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: harness.config.oidc.issuer,
      audience: harness.config.oidc.audience,
      typ: 'at+jwt',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload.sub).toBe(String(userNo));
    expect(payload.client_id).toBe(harness.config.oidc.clientId);
    expect(String(payload.scope).split(' ')).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email']),
    );
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(harness.config.oidc.accessTokenTtlSeconds);
    expect(payload.email).toBe(email);
    // The session the token belongs to, which logout and the idle timeout end.
    expect(payload.sid).toEqual(expect.any(String));

    const idToken = decodeJwt(tokens.id_token);
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('RS256');
    expect(idToken).toMatchObject({
      sub: String(userNo),
      aud: harness.config.oidc.clientId,
      email,
      given_name: 'Casey',
      family_name: 'Rivera',
      name: 'Casey Rivera',
      nonce: 'n-0S6_WzA2Mj',
    });

    const user = await userRow(userNo);
    expect(user.failed_login_count).toBe(0);
    expect(user.last_login_at).not.toBeNull();
    expect(await auditRows(userNo, 'login.success')).toHaveLength(1);
    const failures = await auditRows(userNo, 'login.failure');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ entity: 'app_user', actor_user_no: userNo });
    expect(JSON.stringify(failures[0]?.detail)).not.toContain('not-the-password');
    expect((await auditRows(null, 'login.failure')).length).toBeGreaterThanOrEqual(1);
  });

  it('issues an access token for the API even when the client names no resource', async () => {
    await createUser({ email: 'no.resource@example.com' });
    const browser = new Browser();
    const callback = await browser.signIn('no.resource@example.com', { resource: false });
    const response = await browser.exchange(callback.searchParams.get('code') ?? '');
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as TokenResponse;
    expect(decodeJwt(tokens.access_token).aud).toBe(harness.config.oidc.audience);
  });

  it('refuses an authorization request without PKCE', async () => {
    const browser = new Browser();
    const { url } = await browser.follow(browser.authorizeUrl({ pkce: false }));
    const callback = new URL(url);
    expect(callback.pathname).toBe('/login/callback');
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('redeems a code once, and only with its code verifier', async () => {
    await createUser({ email: 'once@example.com' });
    const browser = new Browser();
    const code = (await browser.signIn('once@example.com')).searchParams.get('code') ?? '';

    const wrongVerifier = await browser.exchange(
      code,
      crypto.randomBytes(32).toString('base64url'),
    );
    expect(wrongVerifier.status).toBe(400);
    expect(((await wrongVerifier.json()) as { error: string }).error).toBe('invalid_grant');

    const second = new Browser();
    const code2 = (await second.signIn('once@example.com')).searchParams.get('code') ?? '';
    expect((await second.exchange(code2)).status).toBe(200);
    const replay = await second.exchange(code2);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('locks an account after five failures from an address, refuses the right password from there while locked, and lets it in afterwards', async () => {
    const email = 'locked@example.com';
    const userNo = await createUser({ email });
    const browser = new Browser();
    const { url } = await browser.openLoginPage();

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const result = await browser.submitLogin(url, email, `wrong-${attempt}`);
      expect(result.html).toContain('Invalid email or password.');
      expect((await userRow(userNo)).failed_login_count).toBe(attempt);
    }
    const fifth = await browser.submitLogin(url, email, 'wrong-5');
    expect(fifth.html).toContain(LOCKED_MESSAGE);
    const locked = await userRow(userNo);
    expect(locked.failed_login_count).toBe(5);
    const lockMinutes = (new Date(locked.locked_until ?? 0).getTime() - Date.now()) / 60_000;
    expect(lockMinutes).toBeGreaterThan(14);
    expect(lockMinutes).toBeLessThanOrEqual(15);

    const whileLocked = await browser.submitLogin(url, email, PASSWORD);
    expect(whileLocked.html).toContain(LOCKED_MESSAGE);
    expect(whileLocked.url).toBe(`${url}/login`);
    expect(await auditRows(userNo, 'login.locked')).toHaveLength(2);
    expect(await auditRows(userNo, 'login.success')).toHaveLength(0);
    // One notice when the lock happens; none for the attempt made while it held.
    const notices = harness.mails.filter((m) => m.to.includes(email));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your Pillar account is locked');
    expect(notices[0]!.text).toContain('15 minutes');

    // Fifteen minutes on: the lock and the address's failures have lapsed.
    await harness.db
      .updateTable('app_user')
      .set({ locked_until: sql<Date>`now() - interval '1 minute'` })
      .where('user_no', '=', userNo)
      .execute();
    await harness.db
      .updateTable('sign_in_failure')
      .set({ created_at: sql<Date>`now() - interval '16 minutes'` })
      .where('account_key', '=', email)
      .execute();
    const afterLock = await browser.submitLogin(url, email, PASSWORD);
    expect(new URL(afterLock.url).searchParams.get('code')).toBeTruthy();
    const user = await userRow(userNo);
    expect(user.failed_login_count).toBe(0);
    expect(user.locked_until).toBeNull();
  });

  it('gives a lapsed lock a fresh count of attempts', async () => {
    const email = 'lapsed@example.com';
    const userNo = await createUser({ email });
    await harness.db
      .updateTable('app_user')
      .set({ failed_login_count: 5, locked_until: sql<Date>`now() - interval '1 minute'` })
      .where('user_no', '=', userNo)
      .execute();
    const browser = new Browser();
    const { url } = await browser.openLoginPage();
    const result = await browser.submitLogin(url, email, 'wrong-again');
    expect(result.html).toContain('Invalid email or password.');
    expect(await userRow(userNo)).toMatchObject({ failed_login_count: 1, locked_until: null });
  });

  it('refuses an inactive user, but only tells the one who knows the password', async () => {
    const email = 'inactive@example.com';
    const userNo = await createUser({ email, active: false });
    const browser = new Browser();
    const { url } = await browser.openLoginPage();

    const wrong = await browser.submitLogin(url, email, 'wrong');
    expect(wrong.html).toContain('Invalid email or password.');
    const right = await browser.submitLogin(url, email, PASSWORD);
    expect(right.html).toContain(
      'Your account is not active. Ask your administrator to activate it.',
    );
    expect(right.url).toBe(`${url}/login`);
    const failures = await auditRows(userNo, 'login.failure');
    expect(failures.map((row) => (row.detail as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['wrong_password', 'inactive']),
    );
  });

  it('ends the session and returns to the registered post-logout URI', async () => {
    await createUser({ email: 'logout@example.com' });
    const browser = new Browser();
    const tokens = await signInAndGetTokens(browser, 'logout@example.com');

    // While signed in, a new authorization needs no password.
    const again = await browser.follow(browser.authorizeUrl());
    expect(new URL(again.url).searchParams.get('code')).toBeTruthy();

    const end = new URL(`${harness.baseUrl}/oidc/session/end`);
    end.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${harness.baseUrl}/`,
      client_id: harness.config.oidc.clientId,
      state: 'bye',
    }).toString();
    const response = await browser.fetch(end.href);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${harness.baseUrl}/?state=bye`);

    // Signed out: the next authorization asks for the password again.
    const after = await browser.follow(browser.authorizeUrl());
    expect(after.response.status).toBe(200);
    expect(after.url).toMatch(/\/oidc\/interaction\//);
  });

  it('asks before signing out when the request carries no id_token_hint', async () => {
    await createUser({ email: 'confirm@example.com' });
    const browser = new Browser();
    await signInAndGetTokens(browser, 'confirm@example.com');
    const response = await browser.fetch(
      `${harness.baseUrl}/oidc/session/end?client_id=${harness.config.oidc.clientId}&post_logout_redirect_uri=${encodeURIComponent(`${harness.baseUrl}/`)}`,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Sign out of Pillar?');
    expect(html).toContain('name="xsrf"');
  });

  it('refuses a login post whose uid does not match the interaction cookie', async () => {
    const userNo = await createUser({ email: 'csrf@example.com' });
    const browser = new Browser();
    const { url } = await browser.openLoginPage();
    // A browser would not even send the path-bound cookie to another uid; send it anyway.
    const forged = await fetch(
      url.replace(/interaction\/[\w-]+$/, 'interaction/forged-uid/login'),
      {
        method: 'POST',
        headers: {
          cookie: browser.jar.header(url),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ email: 'csrf@example.com', password: PASSWORD }).toString(),
        redirect: 'manual',
      },
    );
    expect(browser.jar.header(url)).toMatch(/_interaction=/);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Your sign-in page has expired');

    const stranger = new Browser();
    const noCookie = await stranger.submitLogin(url, 'csrf@example.com', PASSWORD);
    expect(noCookie.response.status).toBe(400);
    expect(await auditRows(userNo, 'login.success')).toHaveLength(0);
  });

  it('renders provider errors as a plain page without a stack trace', async () => {
    const browser = new Browser();
    const response = await browser.fetch(browser.authorizeUrl({ clientId: 'unknown-client' }), {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Sign-in problem</h1>');
    expect(html).toContain('invalid_client');
    expect(html).not.toMatch(/at \S+ \(/);
  });

  it('never writes a password, code or token to the log', async () => {
    await createUser({ email: 'quiet@example.com' });
    const browser = new Browser();
    const tokens = await signInAndGetTokens(browser, 'quiet@example.com');
    const log = harness.logs.join('\n');
    expect(log).toContain('/oidc/');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(tokens.access_token);
    expect(log).not.toContain(tokens.id_token);
    expect(log).not.toContain(browser.verifier);
  });
});

describe('sessions that end (issue 10)', () => {
  async function apiStatus(accessToken: string): Promise<number> {
    const response = await fetch(`${harness.baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return response.status;
  }

  async function refresh(browser: Browser, refreshToken: string): Promise<Response> {
    return browser.fetch(`${harness.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: harness.baseUrl },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: harness.config.oidc.clientId,
      }).toString(),
    });
  }

  /** The session as if its last use was `seconds` ago. */
  async function idleFor(accessToken: string, seconds: number): Promise<void> {
    await harness.db
      .updateTable('auth_session')
      .set({ last_seen_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
      .where('session_id', '=', String(decodeJwt(accessToken).sid))
      .execute();
  }

  it('logout revokes the session: the API refuses its access token at once, and its refresh token', async () => {
    await createUser({ email: 'revoked@example.com', userType: 'b' });
    const browser = new Browser();
    const tokens = await signInAndGetTokens(browser, 'revoked@example.com');
    // Used (and so verified and remembered by the API) before the logout.
    expect(await apiStatus(tokens.access_token)).toBe(200);

    const end = new URL(`${harness.baseUrl}/oidc/session/end`);
    end.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${harness.baseUrl}/`,
      client_id: harness.config.oidc.clientId,
    }).toString();
    expect((await browser.fetch(end.href)).status).toBe(303);

    expect(await apiStatus(tokens.access_token)).toBe(401);
    const renewed = await refresh(browser, tokens.refresh_token);
    expect(renewed.status).toBe(400);
    expect(((await renewed.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('logout through the confirmation page revokes the session too', async () => {
    await createUser({ email: 'confirmed.logout@example.com' });
    const browser = new Browser();
    const tokens = await signInAndGetTokens(browser, 'confirmed.logout@example.com');
    expect(await apiStatus(tokens.access_token)).toBe(200);
    const page = await browser.fetch(
      `${harness.baseUrl}/oidc/session/end?client_id=${harness.config.oidc.clientId}`,
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    expect(xsrf).not.toBe('');
    const confirm = await browser.fetch(`${harness.baseUrl}/oidc/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBeLessThan(400);
    expect(await apiStatus(tokens.access_token)).toBe(401);
  });

  it('refuses a session idle past the user’s timeout: 300 s for external users, 3,600 s for internal', async () => {
    await createUser({ email: 'idle.broker@example.com', userType: 'b' });
    const broker = new Browser();
    const brokerTokens = await signInAndGetTokens(broker, 'idle.broker@example.com');
    expect(await apiStatus(brokerTokens.access_token)).toBe(200);
    await idleFor(brokerTokens.access_token, 290);
    expect(await apiStatus(brokerTokens.access_token)).toBe(200);
    await idleFor(brokerTokens.access_token, 400);
    expect(await apiStatus(brokerTokens.access_token)).toBe(401);
    // Ended for good: neither a use nor a refresh brings it back.
    await idleFor(brokerTokens.access_token, 0);
    expect(await apiStatus(brokerTokens.access_token)).toBe(401);
    expect((await refresh(broker, brokerTokens.refresh_token)).status).toBe(400);

    await createUser({ email: 'idle.internal@example.com' });
    const internal = new Browser();
    const internalTokens = await signInAndGetTokens(internal, 'idle.internal@example.com');
    expect(await apiStatus(internalTokens.access_token)).toBe(200);
    await idleFor(internalTokens.access_token, 400);
    expect(await apiStatus(internalTokens.access_token)).toBe(200);
    await idleFor(internalTokens.access_token, 3590);
    expect(await apiStatus(internalTokens.access_token)).toBe(200);
    await idleFor(internalTokens.access_token, 3700);
    expect(await apiStatus(internalTokens.access_token)).toBe(401);
  });

  it('asks for the password again after an idle session instead of continuing it on the sign-in cookie', async () => {
    await createUser({ email: 'idle.again@example.com', userType: 'c' });
    const browser = new Browser();
    const tokens = await signInAndGetTokens(browser, 'idle.again@example.com');
    expect(await apiStatus(tokens.access_token)).toBe(200);
    await idleFor(tokens.access_token, 400);

    const again = await browser.follow(browser.authorizeUrl());
    expect(again.response.status).toBe(200);
    expect(again.url).toMatch(/\/oidc\/interaction\//);
    const signedIn = await browser.submitLogin(again.url, 'idle.again@example.com', PASSWORD);
    const code = new URL(signedIn.url).searchParams.get('code') ?? '';
    const fresh = (await (await browser.exchange(code)).json()) as TokenResponse;
    expect(decodeJwt(fresh.access_token).sid).not.toBe(decodeJwt(tokens.access_token).sid);
    expect(await apiStatus(fresh.access_token)).toBe(200);
    expect(await apiStatus(tokens.access_token)).toBe(401);
  });

  it('renews the access token of a live session with its refresh token, once; a replay ends the session', async () => {
    await createUser({ email: 'refresh@example.com', userType: 'b' });
    const browser = new Browser();
    const tokens = await signInAndGetTokens(browser, 'refresh@example.com');
    expect(await apiStatus(tokens.access_token)).toBe(200);

    const response = await refresh(browser, tokens.refresh_token);
    expect(response.status).toBe(200);
    const renewed = (await response.json()) as TokenResponse;
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(renewed.access_token).sid).toBe(decodeJwt(tokens.access_token).sid);
    expect(await apiStatus(renewed.access_token)).toBe(200);

    // The used refresh token again: someone holds a copy. The whole session ends.
    const replay = await refresh(browser, tokens.refresh_token);
    expect(replay.status).toBe(400);
    expect(await apiStatus(renewed.access_token)).toBe(401);
    expect((await refresh(browser, renewed.refresh_token)).status).toBe(400);
  });
});

describe('sign-in throttling (issue 10)', () => {
  function alertOf(html: string): string {
    return /role="alert">([^<]*)<\/div>/.exec(html)?.[1] ?? '';
  }

  async function countWhere(table: 'sign_in_failure', address: string): Promise<number> {
    const row = await harness.db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('address', '=', address)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  it('answers an unknown account exactly as a known one, whether the password is wrong or the account locked', async () => {
    await createUser({ email: 'known@example.com' });
    const attacker = new Browser();
    const { url } = await attacker.openLoginPage();
    const answers = new Set<string>();
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      for (const email of ['known@example.com', 'unknown.person@example.com']) {
        const result = await attacker.submitLogin(url, email, `guess-${attempt}`);
        expect(result.response.status).toBe(200);
        expect(result.html).not.toMatch(/locked|minute/i);
        answers.add(alertOf(result.html));
      }
    }
    expect([...answers]).toEqual(['Invalid email or password.']);
    // The known account is locked for this address by now: even its password reads the same.
    const right = await attacker.submitLogin(url, 'known@example.com', PASSWORD);
    expect(alertOf(right.html)).toBe('Invalid email or password.');
    expect(right.url).toBe(`${url}/login`);
  });

  it('throttles one address trying 25 accounts, known or not, and not the accounts elsewhere', async () => {
    await createUser({ email: 'sprayed@example.com' });
    const attacker = new Browser();
    const { url } = await attacker.openLoginPage();
    for (let n = 1; n <= 25; n += 1) {
      const email = n === 13 ? 'sprayed@example.com' : `person${n}@example.com`;
      const result = await attacker.submitLogin(url, email, 'Summer-2026!');
      expect(alertOf(result.html)).toBe('Invalid email or password.');
    }
    // Ten tries are free; after them each waits 1 s, 2 s, 4 s… after the latest failure, so
    // most of the 15 that followed at once were refused unchecked (a few may pass on a slow run).
    const checked = await countWhere('sign_in_failure', attacker.address);
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(checked).toBeLessThanOrEqual(15);
    const throttled = await harness.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('action', '=', 'login.locked')
      .where(sql<boolean>`detail->>'ip' = ${attacker.address}`)
      .where(sql<boolean>`detail->>'reason' = 'address_throttled'`)
      .executeTakeFirstOrThrow();
    expect(throttled.n).toBe(25 - checked);

    // Right after a failure, even a real account's right password waits its turn here…
    await harness.db
      .updateTable('sign_in_failure')
      .set({ created_at: sql<Date>`now()` })
      .where('address', '=', attacker.address)
      .execute();
    const right = await attacker.submitLogin(url, 'sprayed@example.com', PASSWORD);
    expect(right.url).toBe(`${url}/login`);
    // …while another address signs in to it at once.
    const owner = new Browser();
    expect((await owner.signIn('sprayed@example.com')).searchParams.get('code')).toBeTruthy();
  });

  it('lets the owner sign in from another address while the guessing address stays locked', async () => {
    const email = 'targeted@example.com';
    await createUser({ email, userType: 'b' });
    const attacker = new Browser();
    const { url } = await attacker.openLoginPage();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await attacker.submitLogin(url, email, `guess-${attempt}`);
    }
    expect((await attacker.submitLogin(url, email, PASSWORD)).url).toBe(`${url}/login`);

    const owner = new Browser();
    const tokens = await signInAndGetTokens(owner, email);
    expect(tokens.access_token).toEqual(expect.any(String));

    // The owner's success does not lift the lock of the guessing address.
    const stillLocked = await attacker.submitLogin(url, email, PASSWORD);
    expect(stillLocked.url).toBe(`${url}/login`);
    expect(alertOf(stillLocked.html)).toBe('Invalid email or password.');
    // The owner learns of it by e-mail, with the address the guesses came from.
    const notice = harness.mails.find((mail) => mail.to.includes(email));
    expect(notice?.subject).toBe('Your Pillar account is locked');
    expect(notice?.text).toContain(attacker.address);
  });
});

describe('built-in OpenID provider behind a TLS-terminating proxy', () => {
  let proxied: Harness;

  beforeAll(async () => {
    proxied = await startHarness({ publicUrl: 'https://pillar.example' });
  });

  afterAll(async () => {
    await proxied?.close();
  });

  it('advertises and redirects to the public https address and marks its cookies secure', async () => {
    const discovery = (await (
      await fetch(`${proxied.baseUrl}/oidc/.well-known/openid-configuration`, {
        headers: { host: 'internal-host:8080' },
      })
    ).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe('https://pillar.example/oidc');
    expect(discovery.authorization_endpoint).toBe('https://pillar.example/oidc/auth');

    const browser = new Browser();
    const authorize = new URL(browser.authorizeUrl().replace(harness.baseUrl, proxied.baseUrl));
    authorize.searchParams.set('redirect_uri', 'https://pillar.example/login/callback');
    const response = await fetch(authorize, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('; secure');
  });

  it('keeps cookies usable over plain http when the public URL is http', async () => {
    const browser = new Browser();
    const response = await fetch(browser.authorizeUrl(), { redirect: 'manual' });
    expect(response.status).toBe(303);
    for (const cookie of response.headers.getSetCookie())
      expect(cookie.toLowerCase()).not.toContain('secure');
  });
});
