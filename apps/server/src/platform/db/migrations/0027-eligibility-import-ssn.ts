import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * Eligibility import runs hold no SSN in the clear (decision 0127, design.md §4). Migration 0023
 * staged and compared plain nine-digit SSNs; this one recreates the staging and change tables
 * (no run has reached production) with the platform's keyed hash (`ssn_hash`, HMAC-SHA256, the
 * same hash `employee`/`dependent` index, so the comparison joins on it) and the AES-GCM
 * ciphertext (`ssn_encrypted`, which Apply copies into a new member and the reads decrypt to
 * show the last four digits). Like the member tables, not even the last four digits are stored
 * in the clear. A dependent names its employee by the employee's hash.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    drop table ei_change;
    drop table ei_staging_row;

    create table ei_staging_row (
      run_id integer not null references ei_run on delete cascade,
      row_number integer not null,
      record_type text not null check (record_type in ('E', 'D')),
      maintenance_code text check (char_length(maintenance_code) <= 3),
      organization_id text check (char_length(organization_id) <= 20),
      ssn_hash bytea not null,
      ssn_encrypted bytea not null,
      employee_ssn_hash bytea,
      first_name text not null check (char_length(first_name) <= 29),
      last_name text not null check (char_length(last_name) <= 29),
      date_of_birth date,
      gender text check (char_length(gender) <= 1),
      relationship text check (char_length(relationship) <= 2),
      group_id text check (char_length(group_id) <= 20),
      alternate_group_id text check (char_length(alternate_group_id) <= 20),
      division_id text check (char_length(division_id) <= 20),
      benefit_package text check (char_length(benefit_package) <= 20),
      effective_date date,
      term_date date,
      flags text check (char_length(flags) <= 10),
      primary key (run_id, row_number)
    );
    create index ei_staging_row_ssn on ei_staging_row (run_id, ssn_hash);

    create table ei_change (
      run_id integer not null references ei_run on delete cascade,
      change_id integer not null,
      row_number integer,
      kind text not null check (kind in ('newMember', 'newDependent', 'fieldChange', 'termination',
        'reinstatement', 'groupChange', 'divisionChange', 'benefitPackageChange', 'absent')),
      ssn_hash bytea,
      ssn_encrypted bytea,
      member_id integer,
      field text check (char_length(field) <= 40),
      old_value text check (char_length(old_value) <= 100),
      new_value text check (char_length(new_value) <= 100),
      change_date date not null,
      selected boolean not null default true,
      applied_at timestamptz,
      check ((ssn_hash is null) = (ssn_encrypted is null)),
      primary key (run_id, change_id)
    );
    create index ei_change_kind on ei_change (run_id, kind, change_id);
    create index ei_change_unapplied on ei_change (run_id, change_id) where applied_at is null;
    `,
  );
}
