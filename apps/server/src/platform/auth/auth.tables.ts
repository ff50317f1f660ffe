import type { Generated } from 'kysely';
import type { Audit, Timestamp } from '../db/schema.ts';

/**
 * Tables of migration 0008 (sign-in sessions and failed sign-ins) and the password links of
 * migration 0004 (the built-in identity provider's reset and invitation e-mails).
 */
export interface AuthTables {
  auth_session: AuthSessionTable;
  sign_in_failure: SignInFailureTable;
  password_reset_token: PasswordResetTokenTable;
}

export interface AuthSessionTable {
  /** The `sid` claim of the session's access tokens (the provider's grant id). */
  session_id: string;
  user_no: number | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  ended_at: Timestamp | null;
}

export interface SignInFailureTable {
  failure_no: Generated<string>;
  address: string;
  /** The e-mail as typed, trimmed and lower-cased, whether or not an account has it. */
  account_key: string;
  created_at: Generated<Date>;
}

/** Only a SHA-256 of the token is kept: the database alone cannot reset anyone's password. */
export interface PasswordResetTokenTable extends Audit {
  token_hash: string;
  user_no: number;
  purpose: 'reset' | 'invitation';
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
