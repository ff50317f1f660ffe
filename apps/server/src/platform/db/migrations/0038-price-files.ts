import { sql, type Kysely } from 'kysely';

/**
 * The administrator's price files (issue 19, decision 0147), tables of the rate-cards module: one
 * row per loaded file (who, when, name, layout, counts, the first bad rows) and its price rows.
 * The active file is the one activated last (a load activates its file; the administrator may
 * activate another). The rows are read by NDC for the NDCs of a job's claims, so the key leads
 * with the file then the NDC.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table price_file (
    price_file_no integer generated always as identity primary key,
    file_name varchar(255) not null,
    layout varchar(10) not null check (layout in ('NADAC', 'AWP')),
    rows_read integer not null default 0,
    rows_loaded integer not null default 0,
    rows_bad integer not null default 0,
    bad_rows jsonb not null default '[]'::jsonb,
    complete boolean not null default false,
    loaded_at timestamptz not null default now(),
    loaded_by integer references app_user (user_no),
    activated_at timestamptz
  )`.execute(db);
  await sql`create index price_file_activated on price_file (activated_at desc nulls last)`.execute(
    db,
  );
  await sql`create table price_file_row (
    price_file_no integer not null references price_file (price_file_no) on delete cascade,
    ndc char(11) not null,
    effective_date date not null,
    unit_price numeric(14, 5) not null
  )`.execute(db);
  await sql`create index price_file_row_ndc on price_file_row (price_file_no, ndc, effective_date)`.execute(
    db,
  );
}
