import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import { writeAudit } from '../../audit.ts';
import type { DB } from '../../db/schema.ts';
import { findSignInUser, recordAccountFailure, recordAccountSuccess } from '../accounts.repo.ts';
import { spendVerificationTime, verifyPassword } from '../passwords.ts';
import { accountKey, clearFailures, recordFailure, throttledBy } from './sign-in-throttle.ts';

export type SignInResult =
  | { outcome: 'success'; userNo: number }
  | { outcome: 'invalid' }
  /** Held back by a throttle or lock (decision 0066); the user is told the same as 'invalid'. */
  | { outcome: 'locked' }
  | { outcome: 'inactive' };

export interface SignInDeps {
  db: Kysely<DB>;
  login: Config['login'];
  /** Called once when failures lock the account (not on attempts while it stays locked). */
  onLocked?: (userNo: number, ip: string) => Promise<void>;
}

/** No real address is longer (RFC 5321); longer input is refused before it reaches the database. */
const MAX_EMAIL_LENGTH = 320;

export const SIGN_IN_MESSAGES = {
  invalid: 'Invalid email or password.',
  inactive: 'Your account is not active. Ask your administrator to activate it.',
} as const;

/**
 * An unknown e-mail, a wrong password and a throttled or locked attempt read the same, so the
 * page never confirms that an account exists or is locked (issue 10); the owner learns of a
 * lock by e-mail. Only the right password of an inactive account is told more.
 */
export function messageFor(result: Exclude<SignInResult, { outcome: 'success' }>): string {
  return result.outcome === 'inactive' ? SIGN_IN_MESSAGES.inactive : SIGN_IN_MESSAGES.invalid;
}

function audit(
  db: Kysely<DB>,
  action: 'login.success' | 'login.failure' | 'login.locked',
  userNo: number | null,
  detail: Record<string, unknown>,
): Promise<void> {
  return writeAudit(db, {
    actorUserNo: userNo,
    action,
    entity: 'app_user',
    entityId: userNo,
    detail,
  });
}

/**
 * Checks an e-mail and password against `app_user` under the throttles of decision 0066. A
 * throttled attempt is refused before the password is looked at, and takes as long as a real
 * check, like an unknown e-mail. The password is checked before the account state is revealed,
 * so only the right password learns that an account is inactive. `context` (the caller's
 * address) goes to the audit log; the password never does.
 */
export async function signIn(
  deps: SignInDeps,
  input: { email: string; password: string },
  context: { ip: string },
): Promise<SignInResult> {
  const { db } = deps;
  const email = input.email.trim();
  const attempt = { address: context.ip, key: accountKey(email) };
  const user = email.length <= MAX_EMAIL_LENGTH ? await findSignInUser(db, email) : undefined;
  const throttle = await throttledBy(db, deps.login, attempt);
  if (throttle) {
    await spendVerificationTime(input.password);
    await audit(db, 'login.locked', user?.user_no ?? null, { reason: throttle, ip: context.ip });
    return { outcome: 'locked' };
  }
  if (!user?.password_hash) {
    await spendVerificationTime(input.password);
    await recordFailure(db, attempt);
    const reason = user ? 'no_password' : 'unknown_user';
    await audit(db, 'login.failure', user?.user_no ?? null, { reason, ip: context.ip });
    return { outcome: 'invalid' };
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    return failedAttempt(deps, user.user_no, attempt);
  }
  if (!user.active) {
    await audit(db, 'login.failure', user.user_no, { reason: 'inactive', ip: context.ip });
    return { outcome: 'inactive' };
  }
  await recordAccountSuccess(db, user.user_no);
  await clearFailures(db, attempt);
  await audit(db, 'login.success', user.user_no, { ip: context.ip });
  return { outcome: 'success', userNo: user.user_no };
}

async function failedAttempt(
  { db, login, onLocked }: SignInDeps,
  userNo: number,
  attempt: { address: string; key: string },
): Promise<SignInResult> {
  const ip = attempt.address;
  await recordFailure(db, attempt);
  const row = await recordAccountFailure(db, userNo, login);
  if (row?.locked) {
    const failures = row.failed_login_count;
    await audit(db, 'login.locked', userNo, { reason: 'too_many_failures', failures, ip });
    await onLocked?.(userNo, ip);
    return { outcome: 'locked' };
  }
  await audit(db, 'login.failure', userNo, {
    reason: 'wrong_password',
    ...(row ? { failures: row.failed_login_count } : {}),
    ip,
  });
  return { outcome: 'invalid' };
}
