import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserClaims } from '@pillar/domain';
import { persona } from '../../seed/personas.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signAccessToken } from './access-token.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Pillar with OIDC_ISSUER set trusts another issuer's tokens. The other issuer here is a second
 * Pillar's built-in provider, reached over real HTTP for its discovery document and keys.
 */
let issuer: TestApp;
let relying: TestApp;
let issuerUrl: string;

beforeAll(async () => {
  const port = await freePort();
  issuer = await createTestApp({
    organizations: 6,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  await issuer.app.listen({ port, host: '127.0.0.1' });
  issuerUrl = `http://127.0.0.1:${port}/oidc`;
  relying = await createTestApp({
    organizations: 6,
    env: { OIDC_ISSUER: issuerUrl, OIDC_CLIENT_ID: 'pillar-web', OIDC_AUDIENCE: 'urn:pillar:api' },
  });
});
afterAll(async () => {
  await relying?.close();
  await issuer?.close();
});

async function externalToken(claims: Record<string, unknown>, options: { audience?: string } = {}) {
  return signAccessToken(issuer.config, issuer.ctx.secrets, 4242, { claims, ...options });
}

describe('an external OpenID Connect issuer', () => {
  it('tells the browser to sign in there, without our resource parameter', async () => {
    const response = await relying.app.inject({ method: 'GET', url: '/config.json' });
    const body = response.json<{
      oidc: { authority: string; extraQueryParams: Record<string, string> };
    }>();
    expect(body.oidc.authority).toBe(issuerUrl);
    expect(body.oidc.extraQueryParams).toEqual({});
    const ownProvider = await relying.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(ownProvider.statusCode).toBe(404);
  });

  it("accepts the issuer's token and finds the user by its e-mail claim", async () => {
    const who = persona('broker');
    const token = await externalToken({ email: who.username.toUpperCase() });
    const response = await relying.app.inject({
      method: 'GET',
      url: '/authorization/v1/claims',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const claims = response.json<UserClaims>();
    expect(claims.username).toBe(who.username);
    expect(claims.userNo).toBe(await relying.userNo('broker'));
    expect(claims.userType).toBe('b');
  });

  it('refuses a token without an e-mail, for an unknown e-mail, or for another audience', async () => {
    const cases = [
      await externalToken({}),
      await externalToken({ email: 'nobody@elsewhere.example' }),
      await externalToken({ email: persona('broker').username }, { audience: 'urn:other:api' }),
    ];
    for (const token of cases) {
      const response = await relying.app.inject({
        method: 'GET',
        url: '/authorization/v1/claims',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it("refuses tokens signed with the relying server's own keys", async () => {
    const token = await signAccessToken(relying.config, relying.ctx.secrets, 1, {
      issuer: issuerUrl,
      claims: { email: persona('broker').username },
    });
    const response = await relying.app.inject({
      method: 'GET',
      url: '/authorization/v1/claims',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
