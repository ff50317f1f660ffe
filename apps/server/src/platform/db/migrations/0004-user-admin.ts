import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * User administration: the history of every change to a user, per-user feature flags, password
 * reset and invitation tokens of the built-in identity provider, the built-in DataNet directory
 * of legacy users, and the built-in member-portal account store. Plus the indexes the users list
 * filters and sorts by.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    create index app_user_name_trgm on app_user
      using gin (lower(first_name || ' ' || last_name) gin_trgm_ops);
    create index app_user_username_trgm on app_user using gin (lower(username) gin_trgm_ops);
    create index app_user_name_sort on app_user (lower(last_name || ', ' || first_name), user_no);
    create index user_role_role on user_role (role_id);

    create table user_history (
      history_id bigserial primary key,
      user_no integer not null references app_user on delete cascade,
      field text not null,
      old_value text,
      new_value text,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index user_history_user on user_history (user_no, created_at desc, history_id desc);

    create table user_feature_flag (
      user_no integer not null references app_user on delete cascade,
      title text not null,
      value boolean not null,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      primary key (user_no, title)
    );

    create table password_reset_token (
      token_hash text primary key,
      user_no integer not null references app_user on delete cascade,
      purpose text not null check (purpose in ('reset', 'invitation')),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index password_reset_token_user on password_reset_token (user_no);

    create table datanet_user (
      legacy_user_id integer primary key,
      username text not null,
      first_name text not null,
      last_name text not null,
      phone text,
      extension integer,
      user_type smallint not null check (user_type between 0 and 3),
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create unique index datanet_user_username on datanet_user (lower(username));

    create table member_portal_account (
      account_id serial primary key,
      email text not null,
      first_name text not null,
      last_name text not null,
      blocked boolean not null default false,
      blocked_at timestamptz,
      failed_login_count integer not null default 0,
      last_login_at timestamptz,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create unique index member_portal_account_email on member_portal_account (lower(email));
  `,
  );
}
