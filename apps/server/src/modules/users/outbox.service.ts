import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { outboxQuery } from '@pillar/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import { outboxMessages } from './users.repo.ts';

/**
 * The built-in outbox is the mailbox when no SMTP server is configured, so internal RxB
 * administrators can read it, newest first, optionally for one recipient. The messages carry live
 * links (password resets), so every read is audited.
 */
export async function listOutbox(
  db: Kysely<DB>,
  caller: Principal,
  query: z.infer<typeof outboxQuery>,
) {
  const rows = await outboxMessages(db, query);
  await writeAudit(db, {
    actorUserNo: caller.userNo,
    action: 'mail_outbox.read',
    entity: 'mail_outbox',
    detail: { to: query.to ?? null, count: rows.length },
  });
  return {
    data: rows.map((row) => ({
      id: row.mail_id,
      to: row.to_addresses,
      subject: row.subject,
      text: row.text_body,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    totalCount: rows.length ? Number(rows[0]!.total) : 0,
  };
}
