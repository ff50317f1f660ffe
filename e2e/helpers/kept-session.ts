// A signed-in persona's session, kept by one Playwright worker so later tests skip the login page
// (decision 0091). What a browser holds after signing in: the provider's cookies, and the web
// app's oidc-client-ts user under `oidc.user:{authority}:{client}` in localStorage (access, ID and
// refresh tokens). The app's other keys (tour progress, feature flags) are not kept: the tour
// fixture and the app itself write them as they would for a browser that has just signed in.
import { type APIRequestContext, type BrowserContext } from '@playwright/test';

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

export interface KeptSession {
  cookies: Cookie[];
  origin: string;
  /** The localStorage key and value oidc-client-ts stored. */
  name: string;
  value: string;
  /** The user's `sub`, to tell whether the browser still holds the same user. */
  subject: string;
  accessToken: string;
  /** When the access token expires, in ms since the epoch. */
  expiresAt: number;
}

/**
 * A kept session is reused only while its access token has this long left. The app renews the
 * token with the refresh token a minute before it expires (oidc-client-ts automaticSilentRenew),
 * and a test lasts at most 90 s, so no test that reuses a session renews it on its own.
 */
const REUSE_MARGIN_MS = 10 * 60_000;

interface StoredUser {
  access_token?: unknown;
  expires_at?: unknown;
  profile?: { sub?: unknown };
}

/** The session the context's browser holds now, or null when it holds no signed-in user. */
export async function captureSession(context: BrowserContext): Promise<KeptSession | null> {
  const state = await context.storageState();
  for (const { origin, localStorage } of state.origins) {
    for (const { name, value } of localStorage) {
      if (!name.startsWith('oidc.user:')) continue;
      const user = JSON.parse(value) as StoredUser;
      const subject = user.profile?.sub;
      if (
        typeof user.access_token !== 'string' ||
        typeof user.expires_at !== 'number' ||
        typeof subject !== 'string'
      ) {
        continue;
      }
      return {
        cookies: state.cookies,
        origin,
        name,
        value,
        subject,
        accessToken: user.access_token,
        expiresAt: user.expires_at * 1000,
      };
    }
  }
  return null;
}

/**
 * Whether a kept session may be reused: its access token has long enough left, and the server
 * still accepts it. A session ends on the server at logout, after the user's inactivity timeout
 * (300 s + 45 s for external users), or when a refresh token is replayed (decision 0065), and
 * its token is then refused with 401. The call also counts as the session's activity.
 */
export async function isStillGood(request: APIRequestContext, kept: KeptSession): Promise<boolean> {
  if (kept.expiresAt - Date.now() < REUSE_MARGIN_MS) return false;
  const response = await request.get(new URL('/authorization/v1/claims', kept.origin).href, {
    headers: { Authorization: `Bearer ${kept.accessToken}` },
  });
  return response.ok();
}

/**
 * Puts a kept session into a browser context, as the browser held it after signing in. This
 * replaces whatever the context stored, so it is for a context that has not opened the app yet.
 */
export async function restoreSession(context: BrowserContext, kept: KeptSession): Promise<void> {
  await context.setStorageState({
    cookies: kept.cookies,
    origins: [{ origin: kept.origin, localStorage: [{ name: kept.name, value: kept.value }] }],
  });
}
