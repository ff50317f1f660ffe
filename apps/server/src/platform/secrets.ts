import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Config } from '../config.ts';

/**
 * Keys the embedded deployment needs: the OIDC signing key, cookie keys and the SSN key.
 * Production sets them from the environment or a secret store; the embedded default generates
 * them once into the data directory (mode 0600) so restarts keep sessions and data readable.
 */
export interface Secrets {
  /** Private signing keys of the built-in OpenID provider (RS256). */
  signingKeys: JWK[];
  cookieKeys: string[];
  /** AES-256-GCM key for SSNs, 32 bytes. */
  ssnKey: Buffer;
}

interface StoredSecrets {
  signingKeys: JWK[];
  cookieKeys: string[];
  ssnKey: string;
}

async function generate(): Promise<StoredSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = crypto.randomUUID();
  jwk.alg = 'RS256';
  jwk.use = 'sig';
  return {
    signingKeys: [jwk],
    cookieKeys: [crypto.randomBytes(32).toString('base64url')],
    ssnKey: crypto.randomBytes(32).toString('base64'),
  };
}

export async function loadSecrets(config: Config): Promise<Secrets> {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets;
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  } else {
    stored = await generate();
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const ssnKey = Buffer.from(config.ssnEncryptionKey ?? stored.ssnKey, 'base64');
  if (ssnKey.length !== 32) throw new Error('SSN_ENCRYPTION_KEY must be 32 bytes, base64');
  return { signingKeys: stored.signingKeys, cookieKeys: stored.cookieKeys, ssnKey };
}

/** The public half of the signing keys, for verifying our own access tokens. */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return {
    keys: keys.map(({ kty, n, e, kid, alg, use, crv, x, y }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
