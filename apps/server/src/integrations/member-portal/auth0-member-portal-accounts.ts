import { MemberPortalError, type MemberPortalAccounts } from './member-portal-accounts.ts';

export interface Auth0Settings {
  /** The tenant's domain, e.g. `members.eu.auth0.com` (no scheme). */
  domain: string;
  /** A machine-to-machine application allowed `read:users` and `update:users`. */
  clientId: string;
  clientSecret: string;
}

/** Refresh the management token this long before Auth0 says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Auth0's Management API v2 over its documented REST endpoints:
 * - a token by the client-credentials grant (`POST /oauth/token`, audience `/api/v2/`),
 * - `GET /api/v2/users-by-email` to tell an unknown address from a known one, since
 *   `DELETE /api/v2/user-blocks` answers 204 for any identifier,
 * - `DELETE /api/v2/user-blocks?identifier=` to lift the blocks that failed sign-ins set.
 * A block an administrator set on purpose (`blocked: true` on the user) is left alone.
 * The token is cached per process; a 401 drops it and the call is retried once.
 */
export function createAuth0MemberPortalAccounts(
  settings: Auth0Settings,
  fetchImpl: typeof fetch = fetch,
): MemberPortalAccounts {
  const base = `https://${settings.domain.replace(/^https?:\/\//, '').replace(/\/$/, '')}`;
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const response = await fetchImpl(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        audience: `${base}/api/v2/`,
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      throw new MemberPortalError(`Auth0 token request answered ${response.status}`);
    }
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new MemberPortalError('Auth0 token response has no token');
    token = {
      value: body.access_token,
      expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 - TOKEN_MARGIN_MS,
    };
    return token.value;
  }

  async function call(method: 'GET' | 'DELETE', path: string, retried = false): Promise<Response> {
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}`, accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status === 401 && !retried) {
      token = undefined;
      return call(method, path, true);
    }
    if (!response.ok) {
      throw new MemberPortalError(
        `Auth0 ${method} ${path.split('?')[0]} answered ${response.status}`,
      );
    }
    return response;
  }

  return {
    kind: 'auth0',
    async unblock(email) {
      const address = email.trim();
      const users = (await (
        await call('GET', `/api/v2/users-by-email?email=${encodeURIComponent(address)}`)
      ).json()) as unknown[];
      if (!Array.isArray(users) || users.length === 0) return { outcome: 'notFound' };
      const blocks = (await (
        await call('GET', `/api/v2/user-blocks?identifier=${encodeURIComponent(address)}`)
      ).json()) as { blocked_for?: unknown[] };
      await call('DELETE', `/api/v2/user-blocks?identifier=${encodeURIComponent(address)}`);
      return { outcome: 'unblocked', wasBlocked: (blocks.blocked_for ?? []).length > 0 };
    },
  };
}
