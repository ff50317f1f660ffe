import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { useQueryClient } from '@tanstack/react-query';
import { configureApiClient } from '../../shared/api/api-client.ts';
import { useRuntimeConfig, type RuntimeConfig } from '../../shared/config/runtime-config.ts';
import { AuthContext, safeReturnPath, type AuthState } from './auth-context.ts';

interface SignInState {
  returnTo: string;
}

function createUserManager(config: RuntimeConfig): UserManager {
  const origin = window.location.origin;
  // RFC 8707: the resource indicator goes to the token endpoint too, so the issuer mints the
  // access token for that API (a JWT) rather than an opaque one for its userinfo endpoint.
  const resource = config.oidc.extraQueryParams.resource;
  return new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scope,
    extraQueryParams: config.oidc.extraQueryParams,
    extraTokenParams: resource ? { resource } : undefined,
    redirect_uri: `${origin}/login/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    // localStorage keeps a tab opened from a link signed in, like the rest of the portal.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
  });
}

const REAUTH_KEY = 'pillar.auth.reauthAt';
const REAUTH_WINDOW_MS = 60_000;

function recentlyReauthenticated(): boolean {
  const at = Number(window.sessionStorage.getItem(REAUTH_KEY));
  return Number.isFinite(at) && at > 0 && Date.now() - at < REAUTH_WINDOW_MS;
}

function wireApiClient(config: RuntimeConfig, manager: UserManager): void {
  let redirecting = false;
  let renewing: Promise<boolean> | null = null;
  // Several calls can fail at once; one renewal serves them all.
  const renew = () =>
    (renewing ??= manager
      .signinSilent()
      .then((renewed) => Boolean(renewed && !renewed.expired))
      .catch(() => false)
      .finally(() => {
        renewing = null;
      }));
  const signInAgain = () => {
    // One trip to the identity provider is enough. A token refused again right after a fresh
    // sign-in would loop between us and the issuer, so the second refusal within a minute
    // stays on the page, which shows the error instead.
    if (redirecting || recentlyReauthenticated()) return;
    redirecting = true;
    window.sessionStorage.setItem(REAUTH_KEY, String(Date.now()));
    const state: SignInState = {
      returnTo: safeReturnPath(`${window.location.pathname}${window.location.search}`),
    };
    manager
      .removeUser()
      .then(() => manager.signinRedirect({ state }))
      .catch(() => {
        redirecting = false;
      });
  };
  configureApiClient({
    services: config.services,
    getAccessToken: async () => {
      const current = await manager.getUser();
      return current && !current.expired ? current.access_token : null;
    },
    onUnauthorized: async (method) => {
      // First the refresh token: an active user's session goes on without the login page.
      if (await renew()) return true;
      // A write keeps its form: the error notice says 'User is unauthorized to perform this
      // action.' and nothing typed is lost (issue 10). Only a page that could not load goes
      // through sign-in, as there is nothing on it to lose.
      if (method === 'GET') signInAgain();
      return false;
    },
  });
}

// The code in the callback URL can be redeemed once; StrictMode's double effects must share it.
const callbackResults = new Map<string, Promise<User>>();

export function AuthProvider({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  // Built during render, not in an effect: children's queries start in their own effects, which
  // React runs before this component's, so the API client must be ready before any of them.
  const manager = useMemo(() => {
    const created = createUserManager(config);
    wireApiClient(config, created);
    return created;
  }, [config]);
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<AuthState['status']>('loading');

  useEffect(() => {
    let active = true;
    manager
      .getUser()
      .then((stored) => {
        if (!active) return;
        const usable = stored && !stored.expired ? stored : null;
        setUser(usable);
        setStatus(usable ? 'signedIn' : 'signedOut');
      })
      .catch(() => {
        if (active) setStatus('signedOut');
      });
    const onLoaded = (loaded: User) => {
      setUser(loaded);
      setStatus('signedIn');
    };
    const onUnloaded = () => {
      setUser(null);
      setStatus('signedOut');
    };
    manager.events.addUserLoaded(onLoaded);
    manager.events.addUserUnloaded(onUnloaded);
    return () => {
      active = false;
      manager.events.removeUserLoaded(onLoaded);
      manager.events.removeUserUnloaded(onUnloaded);
    };
  }, [manager]);

  const signIn = useCallback(
    async (returnTo?: string) => {
      const state: SignInState = { returnTo: safeReturnPath(returnTo) };
      await manager.signinRedirect({ state });
    },
    [manager],
  );

  const completeSignIn = useCallback(async () => {
    const url = window.location.href;
    let pending = callbackResults.get(url);
    if (!pending) {
      pending = manager.signinRedirectCallback(url);
      callbackResults.set(url, pending);
    }
    const signedIn = await pending;
    setUser(signedIn);
    setStatus('signedIn');
    return safeReturnPath((signedIn.state as SignInState | undefined)?.returnTo);
  }, [manager]);

  const signOut = useCallback(async () => {
    queryClient.clear();
    try {
      await manager.signoutRedirect({ post_logout_redirect_uri: `${window.location.origin}/` });
    } catch {
      // An issuer without an end-session endpoint: forget the session locally instead.
      await manager.removeUser();
      window.location.assign('/');
    }
  }, [manager, queryClient]);

  const value = useMemo<AuthState>(
    () => ({ status, user, signIn, completeSignIn, signOut }),
    [status, user, signIn, completeSignIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
