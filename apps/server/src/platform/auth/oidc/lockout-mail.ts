import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { MailService } from '../../mail/mail-service.ts';
import { findMailRecipient } from '../accounts.repo.ts';

/**
 * The e-mail a user gets when repeated failures lock their account: it may be them mistyping,
 * or someone guessing; either way they should know, and know how to get back in. The sign-in
 * page itself says nothing of the lock (decision 0066): this e-mail is how the owner learns.
 */
export function lockoutNotice(db: Kysely<DB>, mail: MailService, config: Config) {
  return async (userNo: number, ip: string): Promise<void> => {
    const user = await findMailRecipient(db, userNo);
    if (!user) return;
    const minutes = config.login.lockoutMinutes;
    await mail.enqueue({
      to: [user.username],
      subject: 'Your Pillar account is locked',
      text: [
        `Hello ${user.first_name},`,
        '',
        `Your Pillar account was locked after ${config.login.maxFailures} failed sign-in attempts in a row.`,
        `Sign-in from the address the attempts came from (${ip}) is paused for ${minutes} minutes.`,
        'You can still sign in from your usual computer or network, or ask your administrator',
        'to reset your password, which lifts the lock at once.',
        '',
        'If these attempts were not yours, tell your administrator: someone may be guessing your password.',
        '',
        `Sign in: ${config.publicUrl}/login`,
      ].join('\n'),
    });
  };
}
