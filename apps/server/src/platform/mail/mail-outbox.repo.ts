import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, MailOutboxTable } from '../db/schema.ts';

/* The SQL of the mail outbox (`mail_outbox`): every e-mail is a row before it is a job. */

export async function insertMail(
  db: Kysely<DB>,
  mail: Insertable<MailOutboxTable>,
): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values(mail)
    .returning('mail_id')
    .executeTakeFirstOrThrow();
  return row.mail_id;
}

export async function findMail(
  db: Kysely<DB>,
  mailId: number,
): Promise<Selectable<MailOutboxTable> | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('mail_id', '=', mailId).executeTakeFirst();
}

/** Records a delivery (status, when, how) or the error of a failed try. */
export async function updateMail(
  db: Kysely<DB>,
  mailId: number,
  change: Updateable<MailOutboxTable>,
): Promise<void> {
  await db.updateTable('mail_outbox').set(change).where('mail_id', '=', mailId).execute();
}
