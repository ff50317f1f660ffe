import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../database.ts';
import type { MemberChangeHistoryTable } from './members.tables.ts';

/* SQL of the member change history; member-history.ts decides what the rows say. */

export async function insertMemberHistoryRows(
  db: Kysely<DB> | Transaction<DB>,
  rows: readonly Insertable<MemberChangeHistoryTable>[],
): Promise<void> {
  await db.insertInto('member_change_history').values(rows).execute();
}
