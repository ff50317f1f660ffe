import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's first recommended setting (19 MiB, two passes, one lane). On the 2-core
 * server a hash takes roughly 10–30 ms: cheap enough for the demo seed to hash every persona at
 * start-up and for a burst of sign-ins, while each guess still costs an attacker 19 MiB of memory.
 * The parameters travel inside the PHC string, so raising them later keeps old hashes verifiable.
 * Argon2id is the library's default algorithm; its enum is a `const enum` that type stripping
 * cannot inline, so it is not named here (a test checks the `$argon2id$` prefix).
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** False for a wrong password and for a hash this library cannot read: a sign-in never throws. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throw-away hash. Called when there is no user or
 * no password to check, so the response time does not tell which e-mail addresses exist.
 */
export async function spendVerificationTime(plain: string): Promise<void> {
  decoy ??= hashPassword('pillar-decoy-password');
  await verifyPassword(await decoy, plain);
}
