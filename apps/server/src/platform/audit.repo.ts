import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, DB } from './db/schema.ts';

/** The audit log's one statement: append a row (audit.ts shapes it). */
export async function insertAuditRow(
  db: Kysely<DB>,
  row: Insertable<AuditLogTable>,
): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}
