import { sql, type Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * Apply's writes to members checked once per statement, not once per row (issue 17, decision
 * 0148). Measured on the bench's Apply (16 batches, 80,000 history rows, 40,000 new dependents):
 * the two foreign keys of `member_change_history` ran an RI query per row (two for a dependent's
 * row), and the dependents' insert checked its organization twice.
 *
 * - `dependent_organization_no_fkey` is dropped: `dependent (employee_no, organization_no)`
 *   references `employee (employee_no, organization_no)`, whose `organization_no` references
 *   `organization`, so a dependent's organization exists whenever its key holds.
 * - `member_change_history_employee (employee_no, changed_at)` is dropped:
 *   `member_change_history_employee_recent (employee_no, changed_at desc, history_no desc)` serves
 *   every query of the table that reads by employee (the member page's history in either order,
 *   the export's changes since a date, the cascade below).
 * - The foreign keys of `member_change_history` to `employee` and `dependent` become
 *   statement-level triggers over the statement's rows: a row naming no employee, or no
 *   dependent, is refused (foreign_key_violation, as the keys did), and deleting employees or
 *   dependents deletes their history rows (the cascade). What is lost: the keys' lock on the
 *   member against a concurrent delete (no code deletes members), and the check on an update of
 *   a history row's member (nothing updates history rows).
 * - `member_search`'s dependent triggers reach `employee` by the statement's employee numbers
 *   (an index probe each) instead of a merge join along `employee`'s primary key.
 */

/** The columns of a member_search row, in order (0017, 0034). */
const COLUMNS = `member_no, kind, employee_no, dependent_no, organization_no, benefit_group_no,
  search_name, first_name_key, birthdate, generated_id, client_id, alternate_id, first_name,
  last_name, zip, process_status, expiration_date`;

/** A dependent's row from `n` (a dependent row) and `e` (its employee), as 0034's. */
const DEPENDENT_ROW = `n.dependent_no, 1, n.employee_no, n.dependent_no, n.organization_no,
  e.benefit_group_no, n.search_name, lower(n.first_name), n.birthdate, e.generated_id,
  e.client_id, e.alternate_id, n.first_name, n.last_name, coalesce(n.zip, e.zip),
  n.process_status, n.expiration_date`;

/** The upsert's update: every column but the key takes the new value (0034). */
const SET_ALL = `employee_no = excluded.employee_no, dependent_no = excluded.dependent_no,
  organization_no = excluded.organization_no, benefit_group_no = excluded.benefit_group_no,
  search_name = excluded.search_name, first_name_key = excluded.first_name_key,
  birthdate = excluded.birthdate, generated_id = excluded.generated_id,
  client_id = excluded.client_id, alternate_id = excluded.alternate_id,
  first_name = excluded.first_name, last_name = excluded.last_name, zip = excluded.zip,
  process_status = excluded.process_status, expiration_date = excluded.expiration_date`;

/** The dependent columns its row shows or filters on (0034). */
const DEPENDENT_SEARCHED = (t: string) =>
  `(${t}.employee_no, ${t}.organization_no, ${t}.first_name, ${t}.last_name, ${t}.birthdate,
    ${t}.zip, ${t}.process_status, ${t}.expiration_date)`;

/** The employees of the statement's dependents, reached by their numbers (an index probe each). */
const THEIR_EMPLOYEES = `join employee e on e.employee_no = n.employee_no
  where e.employee_no = any(array(select distinct n2.employee_no from new_rows n2))`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    alter table dependent drop constraint dependent_organization_no_fkey;
    drop index member_change_history_employee;
    alter table member_change_history drop constraint member_change_history_employee_no_fkey;
    alter table member_change_history drop constraint member_change_history_dependent_no_fkey;
    `,
  );
  // Function bodies hold semicolons: one statement each (runScript splits at them).
  const functions = [
    `create function member_change_history_names_members() returns trigger language plpgsql as $$
     declare
       missing boolean;
     begin
       execute $q$
         select exists (
                  select 1 from unnest(array(select distinct a.employee_no from added a)) as k(no)
                   where not exists (select 1 from employee e where e.employee_no = k.no))
             or exists (
                  select 1 from unnest(array(select distinct a.dependent_no from added a
                                              where a.dependent_no is not null)) as k(no)
                   where not exists (select 1 from dependent d where d.dependent_no = k.no)) $q$
         into missing;
       if missing then
         raise exception using errcode = 'foreign_key_violation',
           message = 'a row of member_change_history names no employee or no dependent';
       end if;
       return null;
     end $$`,
    `create function member_change_history_of_removed_employees() returns trigger
     language plpgsql as $$
     begin
       execute $q$
         delete from member_change_history
          where employee_no = any(array(select r.employee_no from removed r)) $q$;
       return null;
     end $$`,
    `create function member_change_history_of_removed_dependents() returns trigger
     language plpgsql as $$
     begin
       execute $q$
         delete from member_change_history
          where dependent_no = any(array(select r.dependent_no from removed r)) $q$;
       return null;
     end $$`,
    `create or replace function member_search_dependents_inserted() returns trigger
     language plpgsql as $$
     begin
       execute $q$
         insert into member_search (${COLUMNS})
         select ${DEPENDENT_ROW} from new_rows n ${THEIR_EMPLOYEES} $q$;
       return null;
     end $$`,
    `create or replace function member_search_dependents_updated() returns trigger
     language plpgsql as $$
     declare
       gone integer[];
     begin
       execute $q$
         select array_agg(o.dependent_no) from old_rows o
          where not exists (select from new_rows n where n.dependent_no = o.dependent_no) $q$
         into gone;
       if gone is not null then
         delete from member_search where kind = 1 and member_no = any(gone);
       end if;
       execute $q$
         insert into member_search (${COLUMNS})
         select ${DEPENDENT_ROW} from new_rows n
           left join old_rows o on o.dependent_no = n.dependent_no
           ${THEIR_EMPLOYEES}
            and (o.dependent_no is null
                 or ${DEPENDENT_SEARCHED('o')} is distinct from ${DEPENDENT_SEARCHED('n')})
         on conflict (member_no, kind) do update set ${SET_ALL} $q$;
       return null;
     end $$`,
  ];
  for (const f of functions) await sql.raw(f).execute(db);
  await runScript(
    db,
    `
    create trigger member_change_history_members after insert on member_change_history
      referencing new table as added
      for each statement execute function member_change_history_names_members();
    create trigger employee_member_change_history_delete after delete on employee
      referencing old table as removed
      for each statement execute function member_change_history_of_removed_employees();
    create trigger dependent_member_change_history_delete after delete on dependent
      referencing old table as removed
      for each statement execute function member_change_history_of_removed_dependents();
    `,
  );
}
