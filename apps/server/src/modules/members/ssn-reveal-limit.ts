import { SSN_REVEALS_PER_MINUTE, SSN_REVEAL_THROTTLED } from '@pillar/domain';
import type { Kysely } from 'kysely';
import { writeAudit, type AuditEntry } from '../../platform/audit.ts';
import type { DB } from '../../database.ts';
import { HttpProblem } from '../../platform/http/problem.ts';
import { countRecentReveals, lockRevealsOf, type SSN_REVEAL_ACTIONS } from './ssn-reveal.repo.ts';

/**
 * Audits an SSN reveal, or refuses it with 429 when the user has made SSN_REVEALS_PER_MINUTE in
 * the last minute. The count is the audit log itself, so it holds across API processes, and the
 * user's reveals take turns (an advisory lock), so a burst of parallel requests cannot all count
 * the same past. A refused reveal shows nothing and is not audited as a reveal. See
 * docs/decisions/0061-ssn-reveals-and-private-answers.md.
 */
export async function auditSsnReveal(
  db: Kysely<DB>,
  entry: AuditEntry & { actorUserNo: number; action: (typeof SSN_REVEAL_ACTIONS)[number] },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockRevealsOf(tx, entry.actorUserNo);
    if ((await countRecentReveals(tx, entry.actorUserNo, 60)) >= SSN_REVEALS_PER_MINUTE) {
      throw new HttpProblem(429, 'Too Many Requests', SSN_REVEAL_THROTTLED);
    }
    await writeAudit(tx, entry);
  });
}
