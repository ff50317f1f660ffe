import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../db/schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { findMail, insertMail, updateMail } from './mail-outbox.repo.ts';

export const MAIL_QUEUE = 'mail.send';

export interface MailMessage {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** Stored files sent along (an issue's attachments), read from the file storage on delivery. */
  attachments?: MailAttachmentRef[];
}

export interface MailAttachmentRef {
  filename: string;
  storageKey: string;
}

/**
 * Mail goes through the job queue: the request that causes it only writes an outbox row and a
 * job, in one go, and the worker delivers it. Delivery is to SMTP when SMTP_URL is set;
 * otherwise the built-in outbox (the row itself) is the mailbox, readable in the database.
 */
export interface MailService {
  enqueue(message: MailMessage): Promise<number>;
  /** Registers the worker that delivers queued mail. */
  startWorker(): Promise<void>;
}

export function createMailService(deps: {
  config: Config;
  db: Kysely<DB>;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Opens a stored file's bytes for an attachment (the file storage, decrypted). */
  openAttachment?: (storageKey: string) => Promise<Readable>;
}): MailService {
  const { config, db, jobs, log } = deps;
  const transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : null;

  async function deliver({ mailId }: { mailId: number }): Promise<void> {
    const mail = await findMail(db, mailId);
    if (!mail || mail.status === 'sent') return;
    if (transport) {
      const refs = mail.attachments;
      if (refs.length > 0 && !deps.openAttachment)
        throw new Error('no file storage for attachments');
      const attachments = await Promise.all(
        refs.map(async (ref) => ({
          filename: ref.filename,
          content: await deps.openAttachment!(ref.storageKey),
        })),
      );
      await transport.sendMail({
        from: config.mail.from,
        to: mail.to_addresses,
        cc: mail.cc_addresses,
        bcc: mail.bcc_addresses,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    }
    await updateMail(db, mailId, {
      status: 'sent',
      sent_at: new Date(),
      transport: transport ? 'smtp' : 'outbox',
    });
    log.info({ mailId }, 'mail delivered');
  }

  return {
    async enqueue(message) {
      const mailId = await insertMail(db, {
        to_addresses: message.to,
        cc_addresses: message.cc ?? [],
        bcc_addresses: message.bcc ?? [],
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        attachments: JSON.stringify(message.attachments ?? []),
      });
      await jobs.send(MAIL_QUEUE, { mailId });
      return mailId;
    },
    async startWorker() {
      await jobs.work<{ mailId: number }>(MAIL_QUEUE, async (data) => {
        try {
          await deliver(data);
        } catch (error) {
          await updateMail(db, data.mailId, {
            error: error instanceof Error ? error.message : String(error),
          });
          throw error; // pg-boss retries with backoff
        }
      });
    },
  };
}
