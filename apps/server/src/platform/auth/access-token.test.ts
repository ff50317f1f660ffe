import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { loadSecrets, type Secrets } from '../secrets.ts';
import { TokenError, createAccessTokenVerifier, signAccessToken } from './access-token.ts';

let dataDir: string;
let config: Config;
let secrets: Secrets;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-token-'));
  config = loadConfig({ DATA_DIR: dataDir });
  secrets = await loadSecrets(config);
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Signs claims by hand with the provider's key, leaving out whatever the test leaves out. */
async function handSigned(claims: {
  exp?: number;
  iat?: number;
  nbf?: number;
  sid?: string;
}): Promise<string> {
  const jwk = secrets.signingKeys[0]!;
  return new SignJWT({ scope: config.oidc.scope, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(config.oidc.issuer)
    .setAudience(config.oidc.audience)
    .setSubject('42')
    .sign(await importJWK(jwk, 'RS256'));
}

describe('access token verifier', () => {
  it('answers the subject of a good token, the second time from what it verified', async () => {
    const verifier = await createAccessTokenVerifier(config, secrets);
    const token = await signAccessToken(config, secrets, 42);
    const subject = { kind: 'userNo', userNo: 42, sessionId: expect.any(String) as unknown };
    expect(await verifier.verify(token)).toEqual(subject);
    expect(await verifier.verify(token)).toEqual(subject);
  });

  it('refuses a remembered token once it expires', async () => {
    let now = Date.now();
    const verifier = await createAccessTokenVerifier(config, secrets, { now: () => now });
    const token = await signAccessToken(config, secrets, 7, { expiresInSeconds: 60 });
    const subject = { kind: 'userNo', userNo: 7, sessionId: expect.any(String) as unknown };
    expect(await verifier.verify(token)).toEqual(subject);
    // Within the clock tolerance it still holds; past it, it is expired whatever was verified.
    now += 63_000;
    expect(await verifier.verify(token)).toEqual(subject);
    now += 3_000;
    await expect(verifier.verify(token)).rejects.toThrow(new TokenError('token expired'));
  });

  it('never takes a token with a changed signature or claims for a verified one', async () => {
    const verifier = await createAccessTokenVerifier(config, secrets);
    const token = await signAccessToken(config, secrets, 9);
    await verifier.verify(token);
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    await expect(verifier.verify(`${header}.${otherUser}.${signature}`)).rejects.toThrow(
      TokenError,
    );
    await expect(verifier.verify(`${token}x`)).rejects.toThrow(TokenError);
    const wrongAudience = await signAccessToken(config, secrets, 9, { audience: 'urn:other' });
    await expect(verifier.verify(wrongAudience)).rejects.toThrow(TokenError);
  });

  it('answers the session the token names in its sid claim', async () => {
    const verifier = await createAccessTokenVerifier(config, secrets);
    const token = await signAccessToken(config, secrets, 5, { sessionId: 'session-5' });
    expect(await verifier.verify(token)).toEqual({
      kind: 'userNo',
      userNo: 5,
      sessionId: 'session-5',
    });
  });

  it('refuses a token without an expiry, without a session, or issued in the future', async () => {
    const verifier = await createAccessTokenVerifier(config, secrets);
    const now = Math.floor(Date.now() / 1000);
    const good = await handSigned({ iat: now, exp: now + 60, sid: 's-1' });
    expect(await verifier.verify(good)).toMatchObject({ userNo: 42, sessionId: 's-1' });

    const refused = {
      'no exp': await handSigned({ iat: now, sid: 's-1' }),
      'no sid': await handSigned({ iat: now, exp: now + 60 }),
      'iat an hour ahead': await handSigned({ iat: now + 3600, exp: now + 7200, sid: 's-1' }),
      'iat a minute ahead': await handSigned({ iat: now + 60, exp: now + 600, sid: 's-1' }),
      'nbf a minute ahead': await handSigned({
        iat: now,
        nbf: now + 60,
        exp: now + 600,
        sid: 's-1',
      }),
    };
    for (const [what, token] of Object.entries(refused)) {
      await expect(verifier.verify(token), what).rejects.toThrow(TokenError);
      // Refused again, not remembered from the first refusal.
      await expect(verifier.verify(token), what).rejects.toThrow(TokenError);
    }
    // Within the clock tolerance, an issuer a little ahead of us is still fine.
    const slightlyAhead = await handSigned({ iat: now + 2, exp: now + 60, sid: 's-1' });
    expect(await verifier.verify(slightlyAhead)).toMatchObject({ userNo: 42 });
  });
});
