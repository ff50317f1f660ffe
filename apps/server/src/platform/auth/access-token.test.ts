import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

describe('access token verifier', () => {
  it('answers the subject of a good token, the second time from what it verified', async () => {
    const verifier = await createAccessTokenVerifier(config, secrets);
    const token = await signAccessToken(config, secrets, 42);
    expect(await verifier.verify(token)).toEqual({ kind: 'userNo', userNo: 42 });
    expect(await verifier.verify(token)).toEqual({ kind: 'userNo', userNo: 42 });
  });

  it('refuses a remembered token once it expires', async () => {
    let now = Date.now();
    const verifier = await createAccessTokenVerifier(config, secrets, { now: () => now });
    const token = await signAccessToken(config, secrets, 7, { expiresInSeconds: 60 });
    expect(await verifier.verify(token)).toEqual({ kind: 'userNo', userNo: 7 });
    // Within the clock tolerance it still holds; past it, it is expired whatever was verified.
    now += 63_000;
    expect(await verifier.verify(token)).toEqual({ kind: 'userNo', userNo: 7 });
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
});
