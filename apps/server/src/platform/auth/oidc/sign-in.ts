import { sql, type Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import { writeAudit } from '../../audit.ts';
import type { DB } from '../../db/schema.ts';
import { spendVerificationTime, verifyPassword } from '../passwords.ts';

export type SignInResult =
  | { outcome: 'success'; userNo: number }
  | { outcome: 'invalid' }
  | { outcome: 'locked'; minutesLeft: number }
  | { outcome: 'inactive' };

export interface SignInDeps {
  db: Kysely<DB>;
  login: Config['login'];
  /** Called once when failures lock the account (not on attempts while it stays locked). */
  onLocked?: (userNo: number) => Promise<void>;
}

/** No real address is longer (RFC 5321); longer input is refused before it reaches the database. */
const MAX_EMAIL_LENGTH = 320;

export const SIGN_IN_MESSAGES = {
  invalid: 'Invalid email or password.',
  inactive: 'Your account is not active. Ask your administrator to activate it.',
  locked: (minutes: number) =>
    `Your account is locked after too many failed sign-in attempts. Try again in ${minutes} ${
      minutes === 1 ? 'minute' : 'minutes'
    } or ask your administrator to reset your password.`,
} as const;

export function messageFor(result: Exclude<SignInResult, { outcome: 'success' }>): string {
  if (result.outcome === 'locked') return SIGN_IN_MESSAGES.locked(result.minutesLeft);
  return SIGN_IN_MESSAGES[result.outcome];
}

interface UserRow {
  user_no: number;
  active: boolean;
  password_hash: string | null;
  minutes_locked: number | null;
}

/** Lock state is computed by the database clock, the same clock that set `locked_until`. */
async function findUser(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('app_user')
    .select([
      'user_no',
      'active',
      'password_hash',
      sql<number | null>`case when locked_until > now()
        then ceil(extract(epoch from locked_until - now()) / 60)::int end`.as('minutes_locked'),
    ])
    .where(sql<string>`lower(username)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
}

/**
 * Counts one more failure in a single statement, so parallel guesses cannot slip past the limit.
 * A lock that has run out starts the count afresh: the user gets the full number of tries again.
 */
async function recordFailure(db: Kysely<DB>, userNo: number, login: Config['login']) {
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
 * Checks an e-mail and password against `app_user` and applies the lockout policy. The password is
 * checked before the account state is revealed, so only the right password learns that an
 * account is inactive; a locked account says so to everyone, as the lockout message must.
 * `context` (the caller's address) goes to the audit log; the password never does.
 */
export async function signIn(
  deps: SignInDeps,
  input: { email: string; password: string },
  context: { ip: string },
): Promise<SignInResult> {
  const { db } = deps;
  const email = input.email.trim();
  const user = email.length <= MAX_EMAIL_LENGTH ? await findUser(db, email) : undefined;
  if (!user?.password_hash) {
    await spendVerificationTime(input.password);
    const reason = user ? 'no_password' : 'unknown_user';
    await audit(db, 'login.failure', user?.user_no ?? null, { reason, ip: context.ip });
    return { outcome: 'invalid' };
  }
  if (user.minutes_locked !== null) {
    await audit(db, 'login.locked', user.user_no, {
      reason: 'attempt_while_locked',
      ip: context.ip,
    });
    return { outcome: 'locked', minutesLeft: user.minutes_locked };
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    return failedAttempt(deps, user.user_no, context.ip);
  }
  if (!user.active) {
    await audit(db, 'login.failure', user.user_no, { reason: 'inactive', ip: context.ip });
    return { outcome: 'inactive' };
  }
  await recordSuccess(db, user.user_no);
  await audit(db, 'login.success', user.user_no, { ip: context.ip });
  return { outcome: 'success', userNo: user.user_no };
}

async function failedAttempt(
  { db, login, onLocked }: SignInDeps,
  userNo: number,
  ip: string,
): Promise<SignInResult> {
  const row = await recordFailure(db, userNo, login);
  // No row: a parallel attempt locked the account between our read and this write.
  if (!row || row.locked) {
    const failures = row?.failed_login_count;
    await audit(db, 'login.locked', userNo, { reason: 'too_many_failures', failures, ip });
    if (row?.locked) await onLocked?.(userNo);
    return { outcome: 'locked', minutesLeft: login.lockoutMinutes };
  }
  await audit(db, 'login.failure', userNo, {
    reason: 'wrong_password',
    failures: row.failed_login_count,
    ip,
  });
  return { outcome: 'invalid' };
}
