import { sql, type Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import { writeAudit } from '../../audit.ts';
import type { DB } from '../../db/schema.ts';
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

interface UserRow {
  user_no: number;
  active: boolean;
  password_hash: string | null;
}

async function findUser(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('app_user')
    .select(['user_no', 'active', 'password_hash'])
    .where(sql<string>`lower(username)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
}

/**
 * The account's own count of failures in a row and its lock, as administrators see them and as
 * the lockout e-mail reports them, in a single statement so parallel guesses count once each. A
 * lock that has run out starts the count afresh. The lock itself is enforced per address by the
 * throttle (sign-in-throttle.ts), not here: a lock for everyone would let anyone lock a user out.
 */
async function recordAccountFailure(db: Kysely<DB>, userNo: number, login: Config['login']) {
  const failures = sql<number>`case when locked_until <= now() then 1 else failed_login_count + 1 end`;
  return db
    .updateTable('app_user')
    .set({
      failed_login_count: failures,
      locked_until: sql<Date | null>`case
        when ${failures} >= ${login.maxFailures} then now() + make_interval(mins => ${login.lockoutMinutes})
        when locked_until <= now() then null
        else locked_until end`,
    })
    .where('user_no', '=', userNo)
    .where((eb) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]),
    )
    .returning(['failed_login_count', sql<boolean>`locked_until > now()`.as('locked')])
    .executeTakeFirst();
}

async function recordSuccess(db: Kysely<DB>, userNo: number): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ failed_login_count: 0, locked_until: null, last_login_at: sql<Date>`now()` })
    .where('user_no', '=', userNo)
    .execute();
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
  const user = email.length <= MAX_EMAIL_LENGTH ? await findUser(db, email) : undefined;
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
  await recordSuccess(db, user.user_no);
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
