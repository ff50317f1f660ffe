import { loadConfig } from '../../apps/server/src/config.ts';
import { signAccessToken } from '../../apps/server/src/platform/auth/access-token.ts';
import { loadSecrets } from '../../apps/server/src/platform/secrets.ts';

/**
 * Bearer tokens exactly as the built-in identity provider issues them, signed with the keys the
 * seed wrote into DATA_DIR/secrets.json, for the issuer the server derives from the same env.
 */
export async function mintTokens<K extends string>(
  env: NodeJS.ProcessEnv,
  userNos: Record<K, number>,
): Promise<Record<K, string>> {
  const config = loadConfig(env);
  const secrets = await loadSecrets(config);
  const tokens = {} as Record<K, string>;
  for (const [key, userNo] of Object.entries(userNos) as [K, number][]) {
    // Long enough for any run; the server checks expiry on every request.
    tokens[key] = await signAccessToken(config, secrets, userNo, { expiresInSeconds: 6 * 3600 });
  }
  return tokens;
}
