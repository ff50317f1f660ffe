import type { ColumnType, Generated } from 'kysely';
import type { Audit } from '../../platform/db/schema.ts';

/** A column the database computes: read, never written. */
type Computed<T> = ColumnType<T, never, never>;

/*
 * Row types of the members and dependents tables (migration 0003-members). Dates are
 * 'YYYY-MM-DD' strings; SSNs are only ever the ciphertext and the keyed search hash
 * (platform/crypto/ssn.ts), never digits.
 */

export interface EmployeeTable extends Audit {
  employee_no: Generated<number>;
  organization_no: number;
  /** The member's current benefit group. */
  benefit_group_no: number;
  /** When the current group assignment took effect. */
  group_effective_date: string;
  first_name: string;
  middle_initial: string | null;
  last_name: string;
  /** "last, first" in lower case (C collation): the listed order and the name search. */
  search_name: Computed<string>;
  birthdate: string;
  gender: 'M' | 'F' | 'U';
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  /** AES-256-GCM ciphertext (platform/crypto/ssn.ts); null when the member has no SSN. */
  ssn_encrypted: Uint8Array | null;
  /** HMAC-SHA256 of the SSN under a key derived from the SSN secret, for exact search. */
  ssn_hash: Uint8Array | null;
  person_code: number | null;
  client_id: string | null;
  generated_id: string;
  alternate_id: string | null;
  effective_date: string;
  original_effective_date: string;
  expiration_date: string | null;
  process_status: number;
  /** The member's division (organizations that support divisions): division.division_no. */
  division_no: number | null;
  /** benefit_package.benefit_package_no, where the organization supports divisions. */
  benefit_package_no: number | null;
  is_cob_secondary: Generated<boolean>;
  is_cob_mandatory: Generated<boolean>;
  cob_effective_date: string | null;
  /** The COB termination date (the form's cobPrimaryDate, spec 1 §3). */
  cob_termination_date: string | null;
  client_defined_data: string | null;
  is_cobra: Generated<boolean>;
  is_retiree: Generated<boolean>;
  is_egwp: Generated<boolean>;
  allow_person_code_edit: Generated<boolean>;
  med_d_subsidy_effective_date: string | null;
  hic_number: string | null;
  /** The last reinstatement's date (migration 0006). */
  reinstatement_date: Generated<string | null>;
  /** When the current group assignment was made (the day it was recorded). */
  group_assignment_date: Generated<string | null>;
  division_effective_date: Generated<string | null>;
  benefit_package_effective_date: Generated<string | null>;
  /** When the current benefit package was assigned (its "created date"). */
  benefit_package_assignment_date: Generated<string | null>;
}

export interface DependentTable extends Audit {
  dependent_no: Generated<number>;
  employee_no: number;
  /** The employee's organization, kept here so scope and organization filters need no join. */
  organization_no: number;
  /** Relationship code 2-7 (spec 1 §3); 1, Subscriber, is the employee. */
  relationship: number;
  first_name: string;
  middle_initial: string | null;
  last_name: string;
  search_name: Computed<string>;
  birthdate: string;
  gender: 'M' | 'F' | 'U';
  ssn_encrypted: Uint8Array | null;
  ssn_hash: Uint8Array | null;
  person_code: number | null;
  effective_date: string;
  original_effective_date: string;
  expiration_date: string | null;
  process_status: number;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** A group of the dependent's own, where the organization supports it; null follows the member. */
  alternate_benefit_group_no: number | null;
  alternate_group_effective_date: string | null;
  is_cob_secondary: Generated<boolean>;
  is_cob_mandatory: Generated<boolean>;
  cob_effective_date: string | null;
  cob_termination_date: string | null;
  client_defined_data: string | null;
  allow_person_code_edit: Generated<boolean>;
}

/**
 * One row per changed field (or per event without a field, such as a creation). Values are
 * text as shown to users; an SSN change records that it changed, never the digits.
 */
export interface MemberChangeHistoryTable {
  history_no: Generated<number>;
  changed_at: Generated<Date>;
  changed_by: number | null;
  employee_no: number;
  dependent_no: number | null;
  event: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
}

/** A client ID the member had before (spec 1 §3 "Client ID history"). */
export interface MemberClientIdHistoryTable extends Audit {
  id_history_no: Generated<number>;
  employee_no: number;
  historical_id: string;
  effective_date: string;
}

/** The member's groups over time; record_type 1 is a group record (spec 1 §3). */
export interface MemberGroupAssignmentTable extends Audit {
  group_assignment_no: Generated<number>;
  employee_no: number;
  benefit_group_no: number;
  record_type: Generated<number>;
  effective_date: string;
  /** The day before the next assignment took effect; null for the current one. */
  expiration_date: string | null;
  assignment_date: string;
}

export interface MemberDivisionHistoryTable extends Audit {
  division_history_no: Generated<number>;
  employee_no: number;
  benefit_group_no: number;
  division_no: number;
  effective_date: string;
  assignment_date: string;
}

export interface MemberBenefitPackageHistoryTable extends Audit {
  benefit_package_history_no: Generated<number>;
  employee_no: number;
  benefit_package_no: number;
  effective_date: string;
  assignment_date: string;
}

/** An incentive program of an employee (dependent_no null) or of a dependent. */
export interface MemberIncentiveProgramTable extends Audit {
  member_incentive_program_no: Generated<number>;
  employee_no: number;
  dependent_no: number | null;
  program: string;
  enrolled: Generated<boolean>;
  effective_date: string | null;
  termination_date: string | null;
  mandatory: Generated<boolean>;
}

/**
 * Find Member's people table (migration 0017, decision 0110): one row per employee (kind 0) and
 * per dependent (kind 1), written only by the database's triggers and `member_search_rebuild()`.
 */
export interface MemberSearchTable {
  member_no: Computed<number>;
  kind: Computed<0 | 1>;
  employee_no: Computed<number>;
  dependent_no: Computed<number | null>;
  organization_no: Computed<number>;
  benefit_group_no: Computed<number>;
  search_name: Computed<string>;
  first_name_key: Computed<string>;
  birthdate: Computed<string>;
  generated_id: Computed<string>;
  client_id: Computed<string | null>;
  alternate_id: Computed<string | null>;
  first_name: Computed<string>;
  last_name: Computed<string>;
  zip: Computed<string | null>;
  process_status: Computed<number>;
  expiration_date: Computed<string | null>;
}

export interface MemberTables {
  member_search: MemberSearchTable;
  employee: EmployeeTable;
  dependent: DependentTable;
  member_change_history: MemberChangeHistoryTable;
  member_client_id_history: MemberClientIdHistoryTable;
  member_group_assignment: MemberGroupAssignmentTable;
  member_division_history: MemberDivisionHistoryTable;
  member_benefit_package_history: MemberBenefitPackageHistoryTable;
  member_incentive_program: MemberIncentiveProgramTable;
}
