import { expect } from 'vitest';
import { MEMBER_READ_ACTION } from '@pillar/domain';
import type { TestApp } from './test-app.ts';

/**
 * The read-access audit rows of one member (decision 0097), oldest first: who read (the actor),
 * what and which dependent (the detail), when. For tests that check a read wrote its row, or
 * that a refused read wrote none.
 */
function memberReadRows(t: TestApp, employeeNo: number) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['actor_user_no', 'detail', 'at'])
    .where('action', '=', MEMBER_READ_ACTION)
    .where('entity', '=', 'employee')
    .where('entity_id', '=', String(employeeNo))
    .orderBy('audit_id')
    .execute();
}

/**
 * Watches one member's read-access audit: `added()` answers the rows written since the watch
 * began as [reader's user number, detail], each checked to have been written just now.
 */
export async function watchMemberReads(t: TestApp, employeeNo: number) {
  const before = (await memberReadRows(t, employeeNo)).length;
  return {
    async added() {
      const rows = (await memberReadRows(t, employeeNo)).slice(before);
      for (const row of rows) expect(Date.now() - new Date(row.at).getTime()).toBeLessThan(60_000);
      return rows.map((row) => [row.actor_user_no, row.detail]);
    },
  };
}
