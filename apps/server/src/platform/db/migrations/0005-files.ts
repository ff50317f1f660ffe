import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/** Secure file exchange: files, their recipients, download receipts and staged demo content. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    create table file (
      file_id uuid primary key,
      name text not null check (length(name) between 1 and 255),
      category_id smallint not null check (category_id between 1 and 7),
      phi boolean not null default false,
      organization_no integer not null references organization,
      size_bytes bigint not null check (size_bytes > 0),
      sha256 text not null,
      storage_key text not null unique,
      created_at timestamptz not null default now(),
      created_by integer not null references app_user,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index file_organization on file (organization_no, created_at desc);
    create index file_created_by on file (created_by, created_at desc);
    create index file_created on file (created_at desc, file_id);
    create index file_name_sort on file (lower(name), file_id);
    create index file_name_trgm on file using gin (lower(name) gin_trgm_ops);
    create index file_category on file (category_id, created_at desc);

    create table file_recipient (
      file_id uuid not null references file on delete cascade,
      user_no integer not null references app_user,
      created_at timestamptz not null default now(),
      created_by integer,
      primary key (file_id, user_no)
    );
    create index file_recipient_user on file_recipient (user_no, file_id);

    create table file_download (
      download_id bigserial primary key,
      file_id uuid not null references file on delete cascade,
      user_no integer not null references app_user,
      downloaded_at timestamptz not null default now()
    );
    create index file_download_file on file_download (file_id, downloaded_at desc);

    create table file_seed_content (
      file_id uuid primary key references file on delete cascade,
      content bytea not null
    );
    `,
  );
}
