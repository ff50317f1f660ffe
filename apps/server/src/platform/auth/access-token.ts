import { randomUUID } from 'node:crypto';
import {
  SignJWT,
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  importJWK,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Config } from '../../config.ts';
import { publicJwks, type Secrets } from '../secrets.ts';

/** Who a verified bearer token speaks for, before the database says what they may do. */
export type TokenSubject =
  | { kind: 'userNo'; userNo: number; sessionId: string }
  | { kind: 'external'; subject: string; email: string | undefined; sessionId?: string };

export class TokenError extends Error {}

export interface AccessTokenVerifier {
  verify(token: string): Promise<TokenSubject>;
}

/** Seconds of clock difference allowed between the issuer and us. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Longest session id accepted; the provider's are 43 characters. */
const MAX_SESSION_ID_LENGTH = 200;
/** Verified tokens remembered; about one per signed-in user within an hour is plenty. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * The tokens already verified, until their expiry. A signature check is a tenth of the CPU of a
 * typical API call (an RSA verification per request); a token's signature, issuer and audience
 * cannot change, so each is checked once and its expiry on every use. The token string itself
 * is the key, so only the very token that was verified can hit. The user behind it is still
 * loaded from the database on every request: deactivation takes effect at once.
 */
class VerifiedTokenCache {
  readonly #entries = new Map<string, { subject: TokenSubject; expiresAtMs: number }>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  get(token: string): TokenSubject | 'expired' | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (this.#now() > entry.expiresAtMs) {
      this.#entries.delete(token);
      return 'expired';
    }
    return entry.subject;
  }

  set(token: string, subject: TokenSubject, expiresAtSeconds: number): void {
    if (this.#entries.size >= VERIFIED_TOKEN_CACHE_SIZE) {
      // Maps keep insertion order: the oldest entry goes first.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, {
      subject,
      expiresAtMs: (expiresAtSeconds + CLOCK_TOLERANCE_SECONDS) * 1000,
    });
  }
}

/**
 * Checks signature, issuer, audience and expiry of every bearer token. Our own provider's
 * tokens are checked against its public keys in memory; an external issuer's against its JWKS,
 * fetched and cached by jose.
 */
export async function createAccessTokenVerifier(
  config: Config,
  secrets: Secrets,
  options: { now?: () => number } = {},
): Promise<AccessTokenVerifier> {
  const { issuer, audience, builtIn, emailClaim } = config.oidc;
  let keys: JWTVerifyGetKey;
  if (builtIn) {
    keys = createLocalJWKSet(publicJwks(secrets.signingKeys));
  } else {
    const discovery = (await fetch(`${issuer}/.well-known/openid-configuration`).then((r) =>
      r.json(),
    )) as { jwks_uri?: string };
    if (!discovery.jwks_uri) throw new Error(`No jwks_uri in ${issuer} discovery document`);
    keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
  }
  // Auth0 and Entra ID put a trailing slash on their issuer; accept both spellings.
  const issuers = [issuer, `${issuer}/`];
  const verified = new VerifiedTokenCache(options.now ?? Date.now);

  const subjectOf = (payload: JWTPayload): TokenSubject => {
    if (!payload.sub) throw new TokenError('token has no subject');
    const sid = payload.sid;
    const sessionId =
      typeof sid === 'string' && sid.length > 0 && sid.length <= MAX_SESSION_ID_LENGTH
        ? sid
        : undefined;
    if (builtIn) {
      const userNo = Number(payload.sub);
      if (!Number.isInteger(userNo) || userNo <= 0) throw new TokenError('bad subject');
      // Every token our provider issues names its session; one without cannot be revoked.
      if (!sessionId) throw new TokenError('token has no session');
      return { kind: 'userNo', userNo, sessionId };
    }
    const email = payload[emailClaim];
    return {
      kind: 'external',
      subject: payload.sub,
      email: typeof email === 'string' ? email : undefined,
      ...(sessionId ? { sessionId } : {}),
    };
  };

  const now = options.now ?? Date.now;

  return {
    async verify(token: string): Promise<TokenSubject> {
      const known = verified.get(token);
      if (known === 'expired') throw new TokenError('token expired');
      if (known) return known;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: issuers,
          audience,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          // A token that never expires could not be contained once leaked.
          requiredClaims: ['exp'],
          currentDate: new Date(now()),
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new TokenError('token expired');
        throw new TokenError('token rejected');
      }
      // jose checks nbf but not a future iat; a token from the future is forged or from a
      // broken clock, and would outlive its stated lifetime.
      const nowSeconds = now() / 1000;
      if (typeof payload.iat === 'number' && payload.iat > nowSeconds + CLOCK_TOLERANCE_SECONDS)
        throw new TokenError('token issued in the future');
      if (typeof payload.exp !== 'number') throw new TokenError('token has no expiry');
      const subject = subjectOf(payload);
      verified.set(token, subject, payload.exp);
      return subject;
    },
  };
}

/**
 * Signs an access token exactly as the built-in provider does. For tests and benchmarks,
 * which need personas' tokens without walking through the login page each time.
 */
export async function signAccessToken(
  config: Config,
  secrets: Secrets,
  userNo: number,
  options: {
    expiresInSeconds?: number;
    issuer?: string;
    audience?: string;
    /** Extra claims, such as the e-mail an external issuer's token carries. */
    claims?: Record<string, unknown>;
    /** The session the token belongs to (`sid`); a fresh one when not given. */
    sessionId?: string;
  } = {},
): Promise<string> {
  const jwk = secrets.signingKeys[0];
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    scope: config.oidc.scope,
    client_id: config.oidc.clientId,
    sid: options.sessionId ?? randomUUID(),
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(options.issuer ?? config.oidc.issuer)
    .setAudience(options.audience ?? config.oidc.audience)
    .setSubject(String(userNo))
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? config.oidc.accessTokenTtlSeconds))
    .sign(key);
}
