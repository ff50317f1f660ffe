import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../database.ts';

/** The audit actions of an SSN reveal: members and dependents count against one limit. */
export const SSN_REVEAL_ACTIONS = ['member.ssn-reveal', 'dependent.ssn-reveal'] as const;

/** The first key of the advisory lock that orders one user's reveals ("SN"). */
const REVEAL_LOCK_CLASS = 0x534e;

/**
 * Waits for the user's other reveals in flight, in any API process, until the transaction ends:
 * the count that follows then sees every reveal before this one.
 */
export async function lockRevealsOf(tx: Transaction<DB>, userNo: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${REVEAL_LOCK_CLASS}::int4, ${userNo}::int4)`.execute(tx);
}

/** The user's reveals in the last `seconds`, from the audit log (audit_log_actor index). */
export async function countRecentReveals(
  db: Kysely<DB>,
  userNo: number,
  seconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('actor_user_no', '=', userNo)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .where('action', 'in', [...SSN_REVEAL_ACTIONS])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
