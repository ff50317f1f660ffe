import type { Generated } from 'kysely';
import type { Audit, Timestamp } from '../../platform/db/schema.ts';

/**
 * Row types of the user administration tables (migration 0004-user-admin). The user's change
 * history and the password links are the platform's (platform/db/schema.ts,
 * platform/auth/auth.tables.ts): the built-in identity provider writes them.
 */

export interface UserFeatureFlagTable extends Audit {
  user_no: number;
  title: string;
  value: boolean;
}

/** The built-in DataNet directory: legacy users that can be imported (spec 2 §3). */
export interface DataNetUserTable extends Audit {
  legacy_user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  extension: number | null;
  /** 0 N/A, 1 Plan Admin, 2 Plan Sponsor, 3 System User. */
  user_type: number;
}

/** The built-in member-portal account store, whose blocks agents lift (spec 2 §7). */
export interface MemberPortalAccountTable extends Audit {
  account_id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  blocked: boolean;
  blocked_at: Timestamp | null;
  failed_login_count: Generated<number>;
  last_login_at: Timestamp | null;
}

export interface UserAdminTables {
  user_feature_flag: UserFeatureFlagTable;
  datanet_user: DataNetUserTable;
  member_portal_account: MemberPortalAccountTable;
}
