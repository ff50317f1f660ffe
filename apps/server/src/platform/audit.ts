import type { Kysely } from 'kysely';
import { insertAuditRow, insertReadAuditRow } from './audit.repo.ts';

/** One object's rows of one action, newest first, paged (the read-access audit lists them). */
export { auditRowsOf, type AuditListRow } from './audit.repo.ts';
import type { DB } from './db/schema.ts';

export interface AuditEntry {
  actorUserNo: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
}

/** Appends to the audit log. Callers pass no secrets: no SSNs, passwords or tokens. */
export async function writeAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, rowOf(entry));
}

/**
 * Appends a read-access row (who looked at what; never a change): committed without waiting for
 * the WAL flush when it is its own transaction (decision 0105). Rows of changes use writeAudit.
 */
export async function writeReadAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await insertReadAuditRow(db, rowOf(entry));
}

function rowOf(entry: AuditEntry) {
  return {
    actor_user_no: entry.actorUserNo,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
  };
}
