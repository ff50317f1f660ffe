import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../db/schema.ts';
import {
  deleteFailures,
  deleteOldFailures,
  findThrottleState,
  insertFailure,
} from './sign-in-throttle.repo.ts';

/**
 * Sign-in throttling by client address and by account (decision 0066). Every failed sign-in is
 * a row of `sign_in_failure` keyed by the address and by the e-mail as typed, known or not, so
 * an unknown account is throttled exactly like an existing one and the answers cannot tell them
 * apart. All counts are read from the database, so every API process applies the same limits.
 *
 * - An address gets ADDRESS_FREE_FAILURES failures per window, whatever the accounts; then each
 *   next try waits 1 s, 2 s, 4 s … after its latest failure, up to the window.
 * - An account gets maxFailures (5) failures per window from one address; then that address is
 *   locked out of that account for the window (the owner elsewhere still signs in; a success
 *   from the address or a password reset lifts it).
 * - An account gets 2 × maxFailures failures per window from all addresses together; then each
 *   try waits 1 s, 2 s, 4 s … up to ACCOUNT_MAX_DELAY_SECONDS: slow enough to stop guessing
 *   from many addresses, short enough that the owner is never locked out.
 */
export const ADDRESS_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_SECONDS = 60;

/** No real address is longer (RFC 5321); the key of longer input is cut there. */
export const MAX_ACCOUNT_KEY_LENGTH = 320;

export function accountKey(email: string): string {
  return email.trim().toLowerCase().slice(0, MAX_ACCOUNT_KEY_LENGTH);
}

export type ThrottleReason = 'address_throttled' | 'address_locked' | 'account_throttled';

/** Which limit, if any, holds this attempt back now (by the database clock). */
export async function throttledBy(
  db: Kysely<DB>,
  login: Config['login'],
  attempt: { address: string; key: string },
): Promise<ThrottleReason | undefined> {
  const row = await findThrottleState(db, {
    ...attempt,
    windowSeconds: login.lockoutMinutes * 60,
    addressFreeFailures: ADDRESS_FREE_FAILURES,
    pairFailures: login.maxFailures,
    accountFailures: 2 * login.maxFailures,
    accountMaxDelaySeconds: ACCOUNT_MAX_DELAY_SECONDS,
  });
  if (row?.pair) return 'address_locked';
  if (row?.address) return 'address_throttled';
  if (row?.account) return 'account_throttled';
  return undefined;
}

/** Counts a failed attempt: a wrong password, or an account that does not exist. */
export async function recordFailure(
  db: Kysely<DB>,
  attempt: { address: string; key: string },
): Promise<void> {
  await insertFailure(db, attempt);
  sweepOldFailures(db);
}

/** A success from an address clears that address's failures for the account, nothing else. */
export async function clearFailures(
  db: Kysely<DB>,
  attempt: { address: string; key: string },
): Promise<void> {
  await deleteFailures(db, attempt);
}

/** A new password (reset or invitation) lifts every lock on the account. */
export async function clearAccountFailures(db: Kysely<DB>, email: string): Promise<void> {
  await deleteFailures(db, { key: accountKey(email) });
}

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
let lastSweep = 0;

/** Rows older than a day count for nothing; a lazy sweep keeps the table small. */
function sweepOldFailures(db: Kysely<DB>): void {
  const now = Date.now();
  if (now - lastSweep < SWEEP_INTERVAL_MS) return;
  lastSweep = now;
  deleteOldFailures(db).catch(() => undefined);
}
