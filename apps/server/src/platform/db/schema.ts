import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { AuthTables } from '../auth/auth.tables.ts';
import type { CoverageTables } from '../../modules/coverages/coverages.tables.ts';
import type { FileTables } from '../../modules/files/files.tables.ts';
import type { MemberTables } from '../../modules/members/members.tables.ts';
import type { OrganizationWorkspaceTables } from '../../modules/organization-workspace/workspace.tables.ts';
import type { UserAdminTables } from '../../modules/users/users.tables.ts';

/**
 * Row types of every table, as Kysely sees them. Kept by hand beside the migrations: a
 * migration that adds a column adds it here in the same commit.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Audit = {
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
};

export interface OrganizationTable extends Audit {
  organization_no: Generated<number>;
  name: string;
  type: string;
  process_status: number;
  effective_date: string;
  expiration_date: string | null;
  original_effective_date: string;
  use_cob: boolean;
  supports_divisions: boolean;
  supports_client_defined_data: boolean;
  supports_dependent_alternate_group: boolean;
  supports_different_dependent_address: boolean;
  require_address: boolean;
  require_dependent_ssn: boolean;
  default_dependent_ssn: boolean;
  generate_employee_ssn: boolean;
  client_id_minimum_length: number | null;
  client_id_maximum_length: number | null;
  pad_client_id_with_leading_zeros: boolean;
  ltrim_client_id: boolean;
  rtrim_client_id: boolean;
}

export type ContactKind =
  'eligibility' | 'maintenance' | 'invoice' | 'eligibilityVendor' | 'medicalVendor';

export interface OrganizationContactTable extends Audit {
  organization_no: number;
  kind: ContactKind;
  name: string | null;
  phone: string | null;
  email: string | null;
}

export interface BenefitGroupTable extends Audit {
  benefit_group_no: Generated<number>;
  organization_no: number;
  benefit_group_id: string;
  name: string;
  process_status: number;
  effective_date: string;
  expiration_date: string | null;
  dependent_alternate_group_number: string | null;
}

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

export interface DB
  extends
    OrganizationWorkspaceTables,
    MemberTables,
    CoverageTables,
    UserAdminTables,
    FileTables,
    AuthTables {
  organization: OrganizationTable;
  organization_contact: OrganizationContactTable;
  benefit_group: BenefitGroupTable;
  app_user: AppUserTable;
  role: RoleTable;
  role_permission: RolePermissionTable;
  user_role: UserRoleTable;
  user_organization: UserOrganizationTable;
  user_benefit_group: UserBenefitGroupTable;
  oidc_payload: OidcPayloadTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
}
