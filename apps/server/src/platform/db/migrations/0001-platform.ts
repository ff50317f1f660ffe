import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/** Organizations, groups, users, roles, the OIDC store, the mail outbox and the audit log. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    create extension if not exists pg_trgm;

    create table organization (
      organization_no serial primary key,
      name text not null,
      type text not null,
      process_status smallint not null check (process_status in (1, 2, 9)),
      effective_date date not null,
      expiration_date date,
      original_effective_date date not null,
      use_cob boolean not null default false,
      supports_divisions boolean not null default false,
      supports_client_defined_data boolean not null default false,
      supports_dependent_alternate_group boolean not null default false,
      supports_different_dependent_address boolean not null default false,
      require_address boolean not null default false,
      require_dependent_ssn boolean not null default false,
      default_dependent_ssn boolean not null default false,
      generate_employee_ssn boolean not null default false,
      client_id_minimum_length smallint,
      client_id_maximum_length smallint,
      pad_client_id_with_leading_zeros boolean not null default false,
      ltrim_client_id boolean not null default false,
      rtrim_client_id boolean not null default false,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index organization_name_trgm on organization using gin (lower(name) gin_trgm_ops);
    create index organization_name_sort on organization (lower(name), organization_no);
    create index organization_status on organization (process_status, organization_no);
    create index organization_type_sort on organization (type, organization_no);
    create index organization_effective_sort on organization (effective_date, organization_no);
    create index organization_expiration on organization (expiration_date);

    create table organization_contact (
      organization_no integer not null references organization on delete cascade,
      kind text not null check (kind in ('eligibility', 'maintenance', 'invoice', 'eligibilityVendor', 'medicalVendor')),
      name text,
      phone text,
      email text,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      primary key (organization_no, kind)
    );

    create table benefit_group (
      benefit_group_no serial primary key,
      organization_no integer not null references organization on delete cascade,
      benefit_group_id text not null,
      name text not null,
      process_status smallint not null check (process_status in (1, 9)),
      effective_date date not null,
      expiration_date date,
      dependent_alternate_group_number text,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      unique (organization_no, benefit_group_id)
    );

    create table app_user (
      user_no serial primary key,
      username text not null,
      first_name text not null,
      last_name text not null,
      phone text,
      extension integer,
      user_type char(1) not null check (user_type in ('i', 'b', 'c')),
      rxb_admin boolean not null default false,
      all_organizations boolean not null default false,
      active boolean not null default false,
      password_hash text,
      failed_login_count integer not null default 0,
      locked_until timestamptz,
      last_login_at timestamptz,
      external_subject text unique,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      check (not rxb_admin or user_type = 'i'),
      check (not all_organizations or user_type = 'i')
    );
    create unique index app_user_username on app_user (lower(username));

    create table role (
      role_id integer primary key,
      key text not null unique,
      name text not null,
      user_type text not null check (user_type in ('internal', 'client', 'broker')),
      group_key text not null,
      protected boolean not null,
      hidden_without text,
      description text not null
    );

    create table role_permission (
      role_id integer not null references role on delete cascade,
      permission text not null,
      primary key (role_id, permission)
    );

    create table user_role (
      user_no integer not null references app_user on delete cascade,
      role_id integer not null references role,
      created_at timestamptz not null default now(),
      created_by integer,
      primary key (user_no, role_id)
    );

    create table user_organization (
      user_no integer not null references app_user on delete cascade,
      organization_no integer not null references organization on delete cascade,
      restrict_benefit_groups boolean not null default false,
      created_at timestamptz not null default now(),
      created_by integer,
      primary key (user_no, organization_no)
    );
    create index user_organization_org on user_organization (organization_no);

    create table user_benefit_group (
      user_no integer not null,
      organization_no integer not null,
      benefit_group_no integer not null references benefit_group on delete cascade,
      created_at timestamptz not null default now(),
      created_by integer,
      primary key (user_no, organization_no, benefit_group_no),
      foreign key (user_no, organization_no) references user_organization on delete cascade
    );

    create table oidc_payload (
      id text not null,
      type text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (type, id)
    );
    create index oidc_payload_grant on oidc_payload (grant_id);
    create index oidc_payload_uid on oidc_payload (uid);
    create index oidc_payload_user_code on oidc_payload (user_code);
    create index oidc_payload_expires on oidc_payload (expires_at);

    create table mail_outbox (
      mail_id serial primary key,
      to_addresses text[] not null,
      cc_addresses text[] not null default '{}',
      bcc_addresses text[] not null default '{}',
      subject text not null,
      text_body text not null,
      html_body text,
      status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
      transport text,
      error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );

    create table audit_log (
      audit_id bigserial primary key,
      at timestamptz not null default now(),
      actor_user_no integer,
      action text not null,
      entity text not null,
      entity_id text,
      detail jsonb
    );
    create index audit_log_entity on audit_log (entity, entity_id);
    create index audit_log_actor on audit_log (actor_user_no, at);
  `,
  );
}
