import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { AuthTables } from '../auth/auth.tables.ts';

/**
 * Row types of the platform's tables, as Kysely sees them (each module declares its own in its
 * `*.tables.ts`). Kept by hand beside the migrations: a migration that adds a column adds it
 * here or in the module's tables file in the same commit.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Audit = {
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
};

export interface AppUserTable extends Audit {
  user_no: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  extension: number | null;
  user_type: 'i' | 'b' | 'c';
  rxb_admin: boolean;
  /** Internal users may hold every organization without being rxbAdmin. */
  all_organizations: boolean;
  active: boolean;
  password_hash: string | null;
  failed_login_count: Generated<number>;
  locked_until: Timestamp | null;
  last_login_at: Timestamp | null;
  /** Subject of an external identity provider, once the user has signed in through one. */
  external_subject: string | null;
}

/**
 * One changed field of a user: who, when, old and new (design.md §4). User administration writes
 * it, and so does the built-in identity provider when a password link sets a password.
 */
export interface UserHistoryTable extends Audit {
  history_id: Generated<number>;
  user_no: number;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

export interface RoleTable {
  role_id: number;
  key: string;
  name: string;
  user_type: 'internal' | 'client' | 'broker';
  group_key: string;
  protected: boolean;
  hidden_without: string | null;
  description: string;
}

export interface RolePermissionTable {
  role_id: number;
  permission: string;
}

export interface UserRoleTable {
  user_no: number;
  role_id: number;
  created_at: Generated<Date>;
  created_by: number | null;
}

export interface UserOrganizationTable {
  user_no: number;
  organization_no: number;
  restrict_benefit_groups: boolean;
  created_at: Generated<Date>;
  created_by: number | null;
}

export interface UserBenefitGroupTable {
  user_no: number;
  organization_no: number;
  benefit_group_no: number;
  created_at: Generated<Date>;
  created_by: number | null;
}

export interface OidcPayloadTable {
  id: string;
  type: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface MailOutboxTable {
  mail_id: Generated<number>;
  to_addresses: string[];
  cc_addresses: ColumnType<string[], string[] | undefined, string[]>;
  bcc_addresses: ColumnType<string[], string[] | undefined, string[]>;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Stored files sent along: [{ filename, storageKey }] (migration 0013). */
  attachments: ColumnType<{ filename: string; storageKey: string }[], string | undefined, string>;
  status: Generated<'queued' | 'sent' | 'failed'>;
  transport: string | null;
  error: string | null;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
}

export interface AuditLogTable {
  audit_id: Generated<number>;
  at: Generated<Date>;
  actor_user_no: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: JSONColumnType<Record<string, unknown>> | null;
}

/**
 * The platform's own tables: identity and access (users and their change history, roles,
 * grants; sessions and password links in auth/auth.tables.ts), the mail outbox, the audit log
 * and the OpenID provider's store. Sign-in and the principal read them, so they are declared
 * here and not in a module; among the modules, `users` writes them.
 */
export interface PlatformTables extends AuthTables {
  app_user: AppUserTable;
  user_history: UserHistoryTable;
  role: RoleTable;
  role_permission: RolePermissionTable;
  user_role: UserRoleTable;
  user_organization: UserOrganizationTable;
  user_benefit_group: UserBenefitGroupTable;
  oidc_payload: OidcPayloadTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
}

/**
 * The database as one Kysely type. Here it holds the platform's tables only; the composition
 * file `src/database.ts` adds each module's tables to this interface by declaration merging, so
 * one Kysely instance serves every module while the platform imports none (decision 0092).
 * Modules import `DB` from `src/database.ts`, never from here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into by src/database.ts
export interface DB extends PlatformTables {}
