import { sql, type Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * The preview's bulk tables check their run once per statement, not once per row (issue 17,
 * decision 0142). Measured on a 140,000-row COPY into a copy of `ei_staging_row`: the foreign key
 * to `ei_run` (one RI query per row) tripled its time, and the `(run_id, ssn_hash)` index (random
 * 32-byte keys) tripled it again; a statement-level check over the COPY's rows costs a fraction of
 * the first, and the preview's one read by hash (currentRecords) hash-joins the run's rows.
 *
 * - `ei_staging_row_ssn` is dropped: the staged rows are matched by hash once, in one statement.
 * - The foreign keys of `ei_staging_row` and `ei_change` to `ei_run` become statement-level
 *   triggers over the statement's rows (a COPY is one statement): a row naming no run is refused
 *   (foreign_key_violation, as the key did), and deleting runs deletes their rows (the cascade).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    drop index ei_staging_row_ssn;
    alter table ei_staging_row drop constraint ei_staging_row_run_id_fkey;
    alter table ei_change drop constraint ei_change_run_id_fkey;
    `,
  );
  // Function bodies hold semicolons: one statement each (runScript splits at them).
  const functions = [
    `create function ei_rows_name_a_run() returns trigger language plpgsql as $$
     begin
       if exists (select 1 from added a where not exists (
            select 1 from ei_run r where r.run_id = a.run_id)) then
         raise exception using errcode = 'foreign_key_violation',
           message = format('a row of %s names no import run', tg_table_name);
       end if;
       return null;
     end $$`,
    `create function ei_run_rows_removed() returns trigger language plpgsql as $$
     begin
       delete from ei_staging_row s using removed r where s.run_id = r.run_id;
       delete from ei_change c using removed r where c.run_id = r.run_id;
       return null;
     end $$`,
  ];
  for (const f of functions) await sql.raw(f).execute(db);
  await runScript(
    db,
    `
    create trigger ei_staging_row_run after insert on ei_staging_row
      referencing new table as added for each statement execute function ei_rows_name_a_run();
    create trigger ei_change_run after insert on ei_change
      referencing new table as added for each statement execute function ei_rows_name_a_run();
    create trigger ei_run_rows_removed after delete on ei_run
      referencing old table as removed for each statement execute function ei_run_rows_removed();
    `,
  );
}
