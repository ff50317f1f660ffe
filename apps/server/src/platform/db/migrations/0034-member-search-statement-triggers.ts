import { sql, type Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * Find Member's people table (`member_search`, migration 0017) followed per statement instead of
 * per row (issue 17, decision 0141). The row-level triggers ran a PL/pgSQL delete and insert for
 * every employee or dependent written, and, for an employee whose group, organization, IDs or zip
 * changed, an update joined to `dependent` whose cached plan was made while the table was small:
 * an eligibility import's 16,000 updated employees took most of Apply's database time.
 *
 * Each trigger now runs once per statement over its transition tables (`old_rows`, `new_rows`):
 * - insert: the new people's rows in one insert (a dependent's joined to its employee);
 * - update: only the people whose searched or shown columns changed are written, by one upsert
 *   on the key (a row the rebuild or a disabled trigger left out is added); a key that changed
 *   loses its old row; an employee whose family columns changed rewrites its dependents' rows;
 * - delete: the rows of the deleted people (an employee's with its family's).
 * The statements are planned at each call (`execute`), so a plan is made for the rows at hand:
 * one member edited on the member page, or 5,000 in an import batch. The columns and values are
 * exactly those of 0017's triggers and `member_search_rebuild()`.
 *
 * The insert triggers keep their names: the seed's bulk load disables them by name.
 */

/** The columns of a member_search row, in order. */
const COLUMNS = `member_no, kind, employee_no, dependent_no, organization_no, benefit_group_no,
  search_name, first_name_key, birthdate, generated_id, client_id, alternate_id, first_name,
  last_name, zip, process_status, expiration_date`;

/** An employee's row from `n` (an employee row). */
const EMPLOYEE_ROW = `n.employee_no, 0, n.employee_no, null, n.organization_no, n.benefit_group_no,
  n.search_name, lower(n.first_name), n.birthdate, n.generated_id, n.client_id, n.alternate_id,
  n.first_name, n.last_name, n.zip, n.process_status, n.expiration_date`;

/** A dependent's row from `n` (a dependent row) and `e` (its employee). */
const DEPENDENT_ROW = `n.dependent_no, 1, n.employee_no, n.dependent_no, n.organization_no,
  e.benefit_group_no, n.search_name, lower(n.first_name), n.birthdate, e.generated_id,
  e.client_id, e.alternate_id, n.first_name, n.last_name, coalesce(n.zip, e.zip),
  n.process_status, n.expiration_date`;

/** The upsert's update: every column but the key takes the new value. */
const SET_ALL = `employee_no = excluded.employee_no, dependent_no = excluded.dependent_no,
  organization_no = excluded.organization_no, benefit_group_no = excluded.benefit_group_no,
  search_name = excluded.search_name, first_name_key = excluded.first_name_key,
  birthdate = excluded.birthdate, generated_id = excluded.generated_id,
  client_id = excluded.client_id, alternate_id = excluded.alternate_id,
  first_name = excluded.first_name, last_name = excluded.last_name, zip = excluded.zip,
  process_status = excluded.process_status, expiration_date = excluded.expiration_date`;

/** The employee columns the people table shows or filters on (0017's update trigger). */
const EMPLOYEE_SEARCHED = (t: string) =>
  `(${t}.organization_no, ${t}.benefit_group_no, ${t}.first_name, ${t}.last_name, ${t}.birthdate,
    ${t}.generated_id, ${t}.client_id, ${t}.alternate_id, ${t}.zip, ${t}.process_status,
    ${t}.expiration_date)`;
/** The employee columns its dependents' rows carry. */
const EMPLOYEE_FAMILY = (t: string) =>
  `(${t}.organization_no, ${t}.benefit_group_no, ${t}.generated_id, ${t}.client_id,
    ${t}.alternate_id, ${t}.zip)`;
/** The dependent columns its row shows or filters on. */
const DEPENDENT_SEARCHED = (t: string) =>
  `(${t}.employee_no, ${t}.organization_no, ${t}.first_name, ${t}.last_name, ${t}.birthdate,
    ${t}.zip, ${t}.process_status, ${t}.expiration_date)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    drop trigger employee_member_search_insert on employee;
    drop trigger employee_member_search_update on employee;
    drop trigger employee_member_search_delete on employee;
    drop trigger dependent_member_search_insert on dependent;
    drop trigger dependent_member_search_update on dependent;
    drop trigger dependent_member_search_delete on dependent;
    drop function member_search_employee();
    drop function member_search_dependent();
    `,
  );
  // Function bodies hold semicolons: one statement each (runScript splits at them).
  const functions = [
    `create function member_search_employees_inserted() returns trigger language plpgsql as $$
     begin
       execute $q$
         insert into member_search (${COLUMNS}) select ${EMPLOYEE_ROW} from new_rows n $q$;
       return null;
     end $$`,
    `create function member_search_employees_updated() returns trigger language plpgsql as $$
     declare
       gone integer[];
       moved integer[];
     begin
       execute $q$
         select array_agg(o.employee_no) from old_rows o
          where not exists (select from new_rows n where n.employee_no = o.employee_no) $q$
         into gone;
       if gone is not null then
         delete from member_search where kind = 0 and member_no = any(gone);
       end if;
       execute $q$
         insert into member_search (${COLUMNS})
         select ${EMPLOYEE_ROW} from new_rows n
           left join old_rows o on o.employee_no = n.employee_no
          where o.employee_no is null
             or ${EMPLOYEE_SEARCHED('o')} is distinct from ${EMPLOYEE_SEARCHED('n')}
         on conflict (member_no, kind) do update set ${SET_ALL} $q$;
       execute $q$
         select array_agg(d.dependent_no) from dependent d
          where d.employee_no = any(array(
            select n.employee_no from new_rows n
              left join old_rows o on o.employee_no = n.employee_no
             where o.employee_no is null
                or ${EMPLOYEE_FAMILY('o')} is distinct from ${EMPLOYEE_FAMILY('n')})) $q$
         into moved;
       if moved is not null then
         update member_search s
            set employee_no = d.employee_no, organization_no = d.organization_no,
                benefit_group_no = e.benefit_group_no, generated_id = e.generated_id,
                client_id = e.client_id, alternate_id = e.alternate_id, zip = coalesce(d.zip, e.zip)
           from dependent d join employee e on e.employee_no = d.employee_no
          where s.kind = 1 and s.member_no = any(moved) and d.dependent_no = s.member_no;
       end if;
       return null;
     end $$`,
    `create function member_search_employees_deleted() returns trigger language plpgsql as $$
     begin
       execute $q$
         delete from member_search
          where employee_no = any(array(select o.employee_no from old_rows o)) $q$;
       return null;
     end $$`,
    `create function member_search_dependents_inserted() returns trigger language plpgsql as $$
     begin
       execute $q$
         insert into member_search (${COLUMNS})
         select ${DEPENDENT_ROW} from new_rows n join employee e on e.employee_no = n.employee_no $q$;
       return null;
     end $$`,
    `create function member_search_dependents_updated() returns trigger language plpgsql as $$
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
           join employee e on e.employee_no = n.employee_no
           left join old_rows o on o.dependent_no = n.dependent_no
          where o.dependent_no is null
             or ${DEPENDENT_SEARCHED('o')} is distinct from ${DEPENDENT_SEARCHED('n')}
         on conflict (member_no, kind) do update set ${SET_ALL} $q$;
       return null;
     end $$`,
    `create function member_search_dependents_deleted() returns trigger language plpgsql as $$
     begin
       execute $q$
         delete from member_search
          where kind = 1 and member_no = any(array(select o.dependent_no from old_rows o)) $q$;
       return null;
     end $$`,
  ];
  for (const f of functions) await sql.raw(f).execute(db);
  await runScript(
    db,
    `
    create trigger employee_member_search_insert after insert on employee
      referencing new table as new_rows
      for each statement execute function member_search_employees_inserted();
    create trigger employee_member_search_update after update on employee
      referencing old table as old_rows new table as new_rows
      for each statement execute function member_search_employees_updated();
    create trigger employee_member_search_delete after delete on employee
      referencing old table as old_rows
      for each statement execute function member_search_employees_deleted();
    create trigger dependent_member_search_insert after insert on dependent
      referencing new table as new_rows
      for each statement execute function member_search_dependents_inserted();
    create trigger dependent_member_search_update after update on dependent
      referencing old table as old_rows new table as new_rows
      for each statement execute function member_search_dependents_updated();
    create trigger dependent_member_search_delete after delete on dependent
      referencing old table as old_rows
      for each statement execute function member_search_dependents_deleted();
    `,
  );
}
