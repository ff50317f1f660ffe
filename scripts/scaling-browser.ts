// One browser of the scaling test: its cookies, and a sign-in with the built-in provider whose
// every step may go to a different API process, as a load balancer without sticky sessions
// would send it. Each request names the process; the path is what the provider gave.
import crypto from 'node:crypto';

const REQUEST_TIMEOUT_MS = 15_000;

/** Cookies by name and path, the way the provider's path-bound interaction cookies need. */
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

  header(pathname: string): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export interface OidcClient {
  /** The address users see (the load balancer's): the issuer and the redirect URI live there. */
  publicUrl: string;
  clientId: string;
  audience: string;
  scope: string;
}

export class Browser {
  private readonly jar = new CookieJar();
  private readonly verifier = crypto.randomBytes(32).toString('base64url');
  private readonly client: OidcClient;
  private readonly address: string | undefined;

  /**
   * `address`, when given, is the client address a trusted proxy (a load balancer on loopback)
   * reports in X-Forwarded-For, so one test machine can sign in "from" several addresses.
   */
  constructor(client: OidcClient, address?: string) {
    this.client = client;
    this.address = address;
  }

  /** `pathAndQuery` (or an absolute URL the provider gave) sent to the process at `origin`. */
  async fetch(origin: string, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathAndQuery, this.client.publicUrl);
    const target = `${origin}${url.pathname}${url.search}`;
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(url.pathname);
    if (cookie) headers.set('cookie', cookie);
    if (this.address) headers.set('x-forwarded-for', this.address);
    const response = await fetch(target, {
      ...init,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    this.jar.store(response.headers.getSetCookie());
    return response;
  }

  /**
   * Follows the provider's redirects, each hop to the next process of `origins` in turn; stops
   * at the first one that leaves the provider (the app's callback) or at a page.
   */
  async follow(origins: string[], first: string, init: RequestInit = {}) {
    let hop = 0;
    const next = () => origins[hop++ % origins.length]!;
    let current = first;
    let response = await this.fetch(next(), current, init);
    for (let redirects = 0; response.status >= 300 && response.status < 400; redirects++) {
      if (redirects > 10) throw new Error('more than 10 redirects');
      const location = new URL(
        response.headers.get('location') ?? '',
        new URL(current, this.client.publicUrl),
      );
      current = `${location.pathname}${location.search}`;
      if (!location.pathname.startsWith('/oidc/')) return { response, location };
      response = await this.fetch(next(), current);
    }
    return { response, location: new URL(current, this.client.publicUrl) };
  }

  private authorizePath(): string {
    const query = new URLSearchParams({
      client_id: this.client.clientId,
      response_type: 'code',
      redirect_uri: `${this.client.publicUrl}/login/callback`,
      scope: this.client.scope,
      state: crypto.randomBytes(8).toString('hex'),
      nonce: crypto.randomBytes(8).toString('hex'),
      code_challenge: crypto.hash('sha256', this.verifier, 'base64url'),
      code_challenge_method: 'S256',
      resource: this.client.audience,
    });
    return `/oidc/auth?${query.toString()}`;
  }

  /** Opens the login page through `origins` (one hop each); answers its path. */
  async openLoginPage(origins: string[]): Promise<string> {
    const { response, location } = await this.follow(origins, this.authorizePath());
    if (response.status !== 200) {
      throw new Error(`the login page answered ${response.status} at ${location.pathname}`);
    }
    await response.text();
    return location.pathname;
  }

  /**
   * Posts the login form through `origins`; answers the authorization code, or undefined when
   * the provider kept the user on a page (wrong password, locked, inactive) with its HTML.
   */
  async submitLogin(origins: string[], loginPath: string, email: string, password: string) {
    const { response, location } = await this.follow(origins, `${loginPath}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    const code = location.pathname === '/login/callback' ? location.searchParams.get('code') : null;
    const html = response.status === 200 ? await response.text() : '';
    return { code: code ?? undefined, status: response.status, html };
  }

  /** Exchanges the code at the process `origin` for the session's tokens. */
  async exchange(origin: string, code: string): Promise<Tokens> {
    const response = await this.fetch(origin, '/oidc/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.client.publicUrl,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: this.verifier,
        redirect_uri: `${this.client.publicUrl}/login/callback`,
        client_id: this.client.clientId,
      }).toString(),
    });
    if (response.status !== 200) {
      throw new Error(`the token exchange answered ${response.status}: ${await response.text()}`);
    }
    const body = (await response.json()) as TokenAnswer;
    return { access: body.access_token, id: body.id_token, refresh: body.refresh_token };
  }

  /** Renews the session's access token at `origin`; answers the status and the new tokens. */
  async refresh(origin: string, refreshToken: string) {
    const response = await this.fetch(origin, '/oidc/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.client.publicUrl,
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: this.client.clientId,
      }).toString(),
    });
    const body = (await response.json()) as Partial<TokenAnswer>;
    return { status: response.status, access: body.access_token, refresh: body.refresh_token };
  }

  /** RP-initiated logout at `origin`, as the web app's Logout sends it; answers the status. */
  async logout(origin: string, idToken: string): Promise<number> {
    const query = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${this.client.publicUrl}/`,
      client_id: this.client.clientId,
    });
    const response = await this.fetch(origin, `/oidc/session/end?${query.toString()}`);
    await response.arrayBuffer();
    return response.status;
  }
}

interface TokenAnswer {
  access_token: string;
  id_token: string;
  refresh_token?: string;
}

export interface Tokens {
  access: string;
  id: string;
  refresh?: string | undefined;
}

/** GET or POST with a bearer token to one process; answers the status. */
export async function callApi(
  origin: string,
  token: string,
  path: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<number> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response.status;
}
