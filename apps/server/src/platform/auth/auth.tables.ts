import type { Generated } from 'kysely';
import type { Timestamp } from '../db/schema.ts';

/** Tables of migration 0008: sign-in sessions and failed sign-ins. */
export interface AuthTables {
  auth_session: AuthSessionTable;
  sign_in_failure: SignInFailureTable;
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
