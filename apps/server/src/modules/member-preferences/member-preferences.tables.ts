import type { Generated } from 'kysely';

/*
 * Row types of the built-in members hub's store (migration 0011-member-preferences). The
 * integration in integrations/members-hub/ reads and writes them; no other code does.
 */

export interface MemberCommunicationPreferenceTable {
  communication_id: Generated<number>;
  organization_no: number;
  employee_no: number;
  /** Null: the member's own row. */
  dependent_no: number | null;
  /** Ten digits, no dashes. */
  phone_number: string | null;
  alternate_phone_number: string | null;
  email_address: string | null;
  alternate_email_address: string | null;
  sms_opted: Generated<boolean>;
  email_opted: Generated<boolean>;
  call_opted: Generated<boolean>;
  voice_mail_opted: Generated<boolean>;
  /** 'Agent', 'Member' or 'Enrollment' (PREFERENCE_SOURCES). */
  source: string;
  last_updated_by: string;
  last_updated_by_user_no: number | null;
  last_update_time: Generated<Date>;
}

export interface MemberConfidentialityTable {
  confidentiality_id: Generated<number>;
  organization_no: number;
  employee_no: number;
  dependent_no: number;
  /** 1 Confidential, 0 NonConfidential. */
  is_confidential: number;
  updates_allowed: Generated<boolean>;
  source: string;
  updated_by: string;
  updated_by_user_no: number | null;
  updated_date: Generated<Date>;
}

export interface MemberPreferenceTables {
  member_communication_preference: MemberCommunicationPreferenceTable;
  member_confidentiality: MemberConfidentialityTable;
}
