import { sql, type Insertable, type Kysely } from 'kysely';
import type { Page } from '@pillar/domain';
import type { AuditLogTable, DB } from './db/schema.ts';
import { fetchPage } from './http/paging.ts';

/** The audit log's one statement: append a row (audit.ts shapes it). */
export async function insertAuditRow(
  db: Kysely<DB>,
  row: Insertable<AuditLogTable>,
): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/**
 * Appends a read-access row (decision 0105) and commits it without waiting for the WAL flush:
 * `set_config('synchronous_commit', 'off', true)` is `SET LOCAL synchronous_commit = off` inside
 * the statement, so it holds for this statement's own transaction only and the row costs one
 * round trip. A crash can lose the last fraction of a second of read rows, never corrupt or
 * half-write one. Inside a caller's transaction it is the plain insert: that transaction may
 * write business data, which keeps its synchronous commit. PGlite takes the same statement.
 */
export async function insertReadAuditRow(
  db: Kysely<DB>,
  row: Insertable<AuditLogTable>,
): Promise<void> {
  if (db.isTransaction) return insertAuditRow(db, row);
  await sql`
    insert into audit_log (actor_user_no, action, entity, entity_id, detail)
    select ${row.actor_user_no}::integer, ${row.action}::text, ${row.entity}::text,
           ${row.entity_id ?? null}::text, ${row.detail ?? null}::jsonb
      from (select set_config('synchronous_commit', 'off', true)) as async_commit`.execute(db);
}

export interface AuditListRow {
  audit_id: number;
  at: Date;
  actor_user_no: number | null;
  actor_name: string | null;
  actor_username: string | null;
  detail: Record<string, unknown> | null;
}

/**
 * One object's rows of one action, newest first, with who acted (audit_log_entity index on
 * entity, entity_id). The caller checked the object's scope; this reads the log only.
 */
export async function auditRowsOf(
  db: Kysely<DB>,
  filter: { action: string; entity: string; entityId: string },
  paging: { limit: number; offset: number },
): Promise<Page<AuditListRow>> {
  const query = db
    .selectFrom('audit_log')
    .leftJoin('app_user', 'app_user.user_no', 'audit_log.actor_user_no')
    .where('audit_log.entity', '=', filter.entity)
    .where('audit_log.entity_id', '=', filter.entityId)
    .where('audit_log.action', '=', filter.action)
    .select([
      'audit_log.audit_id',
      'audit_log.at',
      'audit_log.actor_user_no',
      'app_user.username as actor_username',
      'audit_log.detail',
    ])
    .select(
      sql<string | null>`nullif(concat_ws(' ', app_user.first_name, app_user.last_name), '')`.as(
        'actor_name',
      ),
    );
  // Awaited here so the page's count, sent after an await, still has this repository on its stack
  // (the SQL snapshots file each statement under the repository that built it).
  return await fetchPage(query, paging, {
    sortColumns: { at: sql`audit_log.at` },
    defaultSort: { field: 'at', direction: 'desc' },
    tieBreaker: sql`audit_log.audit_id`,
    map: (row): AuditListRow => ({ ...row, audit_id: Number(row.audit_id), at: new Date(row.at) }),
  });
}
