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
  | { kind: 'userNo'; userNo: number }
  | { kind: 'external'; subject: string; email: string | undefined };

export class TokenError extends Error {}

export interface AccessTokenVerifier {
  verify(token: string): Promise<TokenSubject>;
}

/**
 * Checks signature, issuer, audience and expiry of every bearer token. Our own provider's
 * tokens are checked against its public keys in memory; an external issuer's against its JWKS,
 * fetched and cached by jose.
 */
export async function createAccessTokenVerifier(
  config: Config,
  secrets: Secrets,
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

  return {
    async verify(token: string): Promise<TokenSubject> {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: issuers,
          audience,
          clockTolerance: 5,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new TokenError('token expired');
        throw new TokenError('token rejected');
      }
      if (!payload.sub) throw new TokenError('token has no subject');
      if (builtIn) {
        const userNo = Number(payload.sub);
        if (!Number.isInteger(userNo) || userNo <= 0) throw new TokenError('bad subject');
        return { kind: 'userNo', userNo };
      }
      const email = payload[emailClaim];
      return {
        kind: 'external',
        subject: payload.sub,
        email: typeof email === 'string' ? email : undefined,
      };
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
  } = {},
): Promise<string> {
  const jwk = secrets.signingKeys[0];
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    scope: config.oidc.scope,
    client_id: config.oidc.clientId,
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
