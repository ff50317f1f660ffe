import type { ColumnType, Generated } from 'kysely';
import type { PaStatus } from '@pillar/domain';

/*
 * Row types of the built-in prior-authorization system (migration 0009-prior-auth): the outside
 * PA system's copy of a member's cases, kept by the identifiers it knows the member by. Dates are
 * 'YYYY-MM-DD' strings; the Agadia data is JSON as that system sends it.
 */

type Json = ColumnType<unknown, string | null, string | null>;

export interface PaCaseTable {
  pa_case_id: string;
  alternate_id: string;
  first_name: string;
  last_name: string;
  birthdate: string;
  agadia_member_id: string;
  service_name: string;
  status: PaStatus;
  request_date: string;
  coverage_start_date: string | null;
  coverage_end_date: string | null;
  prescriber_name: string;
  prescriber_explanation: string | null;
  outcome: string | null;
  is_protect_service: Generated<boolean>;
  replaced_by_pa_case_id: string | null;
  agadia_data_old: Json;
  agadia_data_new: Json;
  created_at: Generated<Date>;
}

export interface PaEventTable {
  event_id: string;
  pa_case_id: string;
  event_type: string;
  event_date: string;
  event_end_date: string | null;
}

export interface PaInteractionLogTable {
  intervention_summary_id: Generated<number>;
  pa_case_id: string;
  contact_date: Date | string;
  contact_type: string;
  contact_description: string;
  assigned_to: string | null;
  status_description: string;
}

export interface PaReviewerHistoryTable {
  pa_reviewer_history_no: Generated<number>;
  alternate_id: string;
  first_name: string;
  last_name: string;
  birthdate: string;
  reviewer: string;
  eff_date: string;
  exp_date: string | null;
}

export interface PriorAuthTables {
  pa_case: PaCaseTable;
  pa_event: PaEventTable;
  pa_interaction_log: PaInteractionLogTable;
  pa_reviewer_history: PaReviewerHistoryTable;
}
