import { createContext, useContext } from 'react';
import { type User } from 'oidc-client-ts';

export interface AuthState {
  /** 'loading' until the stored session has been read. */
  status: 'loading' | 'signedIn' | 'signedOut';
  user: User | null;
  /** Starts the identity provider's sign-in; the user comes back to `returnTo`. */
  signIn: (returnTo?: string) => Promise<void>;
  /** Completes a sign-in on /login/callback and tells where the user was going. */
  completeSignIn: () => Promise<string>;
  /** Ends the session at the identity provider and lands on the site origin. */
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}

/** Only same-site paths are followed after sign-in, so a crafted link cannot send users away. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/home';
  if (value.startsWith('/login')) return '/home';
  return value;
}
