import { sql, type Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * One table for the agent's Find Member (issue 12, decision 0110): every employee and every
 * dependent as one row with what the search filters and orders on, so a search is one index
 * range read in name order instead of two searches merged (decision 0101).
 *
 * A row is an employee (kind 0, member_no = employee_no) or a dependent (kind 1, member_no =
 * dependent_no). A dependent's row carries its employee's organization and benefit group (the
 * scope: a dependent is visible when its employee is) and its family's IDs (the member ID on
 * the card finds the whole family), and its zip code or, living with the member, the member's.
 * The rows order as the search answers: (search_name, member_no, kind).
 *
 * Triggers keep it in step with every write to employee and dependent (API writes, imports,
 * hand-written SQL): an employee's insert, update of a searched or shown column, and delete; the
 * same for a dependent; an employee's change of group, organization, IDs or zip rewrites its
 * dependents' rows. `member_search_rebuild()` refills the table from the two tables in one pass:
 * the backfill here, and the seed's bulk load, which sets the triggers and indexes aside.
 *
 * Each search index leads with a filter (search name, birth date, organization, first name),
 * continues in the search's order and includes the other filters and the scope's columns, so a
 * search reads the matching keys from the index alone and the table only for the page's rows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    create table member_search (
      member_no integer not null,
      kind smallint not null check (kind in (0, 1)),
      employee_no integer not null,
      dependent_no integer,
      organization_no integer not null,
      benefit_group_no integer not null,
      search_name text collate "C" not null,
      first_name_key text collate "C" not null,
      birthdate date not null,
      generated_id text not null,
      client_id text,
      alternate_id text,
      first_name text not null,
      last_name text not null,
      zip text,
      process_status smallint not null,
      expiration_date date,
      primary key (member_no, kind),
      check ((kind = 0) = (dependent_no is null))
    );
    `,
  );
  // Function bodies hold semicolons: one statement each (runScript splits at them).
  await sql
    .raw(
      `
    create function member_search_rebuild() returns void language sql as $$
      truncate member_search;
      insert into member_search (member_no, kind, employee_no, dependent_no, organization_no,
             benefit_group_no, search_name, first_name_key, birthdate, generated_id, client_id,
             alternate_id, first_name, last_name, zip, process_status, expiration_date)
      select e.employee_no, 0, e.employee_no, null, e.organization_no, e.benefit_group_no,
             e.search_name, lower(e.first_name), e.birthdate, e.generated_id, e.client_id,
             e.alternate_id, e.first_name, e.last_name, e.zip, e.process_status, e.expiration_date
        from employee e
      union all
      select d.dependent_no, 1, d.employee_no, d.dependent_no, d.organization_no, e.benefit_group_no,
             d.search_name, lower(d.first_name), d.birthdate, e.generated_id, e.client_id,
             e.alternate_id, d.first_name, d.last_name, coalesce(d.zip, e.zip), d.process_status,
             d.expiration_date
        from dependent d join employee e on e.employee_no = d.employee_no;
    $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    create function member_search_employee() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from member_search where employee_no = old.employee_no;
        return null;
      end if;
      if tg_op = 'UPDATE' then
        delete from member_search where member_no = old.employee_no and kind = 0;
      end if;
      insert into member_search (member_no, kind, employee_no, dependent_no, organization_no,
             benefit_group_no, search_name, first_name_key, birthdate, generated_id, client_id,
             alternate_id, first_name, last_name, zip, process_status, expiration_date)
      values (new.employee_no, 0, new.employee_no, null, new.organization_no, new.benefit_group_no,
             new.search_name, lower(new.first_name), new.birthdate, new.generated_id,
             new.client_id, new.alternate_id, new.first_name, new.last_name, new.zip,
             new.process_status, new.expiration_date);
      if tg_op = 'UPDATE' and (old.employee_no, old.organization_no, old.benefit_group_no,
             old.generated_id, old.client_id, old.alternate_id, old.zip)
           is distinct from (new.employee_no, new.organization_no, new.benefit_group_no,
             new.generated_id, new.client_id, new.alternate_id, new.zip) then
        update member_search s
           set employee_no = d.employee_no, organization_no = d.organization_no,
               benefit_group_no = new.benefit_group_no, generated_id = new.generated_id,
               client_id = new.client_id, alternate_id = new.alternate_id,
               zip = coalesce(d.zip, new.zip)
          from dependent d
         where d.employee_no = new.employee_no and s.member_no = d.dependent_no and s.kind = 1;
      end if;
      return null;
    end $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    create function member_search_dependent() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        delete from member_search where member_no = old.dependent_no and kind = 1;
      end if;
      if tg_op = 'DELETE' then
        return null;
      end if;
      insert into member_search (member_no, kind, employee_no, dependent_no, organization_no,
             benefit_group_no, search_name, first_name_key, birthdate, generated_id, client_id,
             alternate_id, first_name, last_name, zip, process_status, expiration_date)
      select new.dependent_no, 1, new.employee_no, new.dependent_no, new.organization_no,
             e.benefit_group_no, new.search_name, lower(new.first_name), new.birthdate,
             e.generated_id, e.client_id, e.alternate_id, new.first_name, new.last_name,
             coalesce(new.zip, e.zip), new.process_status, new.expiration_date
        from employee e where e.employee_no = new.employee_no;
      return null;
    end $$
  `,
    )
    .execute(db);
  await runScript(
    db,
    `
    create trigger employee_member_search_insert after insert on employee
      for each row execute function member_search_employee();
    create trigger employee_member_search_update after update on employee
      for each row when ((old.employee_no, old.organization_no, old.benefit_group_no,
        old.first_name, old.last_name, old.birthdate, old.generated_id, old.client_id,
        old.alternate_id, old.zip, old.process_status, old.expiration_date)
        is distinct from (new.employee_no, new.organization_no, new.benefit_group_no,
        new.first_name, new.last_name, new.birthdate, new.generated_id, new.client_id,
        new.alternate_id, new.zip, new.process_status, new.expiration_date))
      execute function member_search_employee();
    create trigger employee_member_search_delete after delete on employee
      for each row execute function member_search_employee();
    create trigger dependent_member_search_insert after insert on dependent
      for each row execute function member_search_dependent();
    create trigger dependent_member_search_update after update on dependent
      for each row when ((old.dependent_no, old.employee_no, old.organization_no, old.first_name,
        old.last_name, old.birthdate, old.zip, old.process_status, old.expiration_date)
        is distinct from (new.dependent_no, new.employee_no, new.organization_no, new.first_name,
        new.last_name, new.birthdate, new.zip, new.process_status, new.expiration_date))
      execute function member_search_dependent();
    create trigger dependent_member_search_delete after delete on dependent
      for each row execute function member_search_dependent();

    select member_search_rebuild();

    create index member_search_name on member_search (search_name, member_no, kind)
      include (first_name_key, birthdate, organization_no, benefit_group_no);
    create index member_search_birthdate on member_search (birthdate, search_name, member_no, kind)
      include (first_name_key, organization_no, benefit_group_no);
    create index member_search_organization on member_search (organization_no, search_name, member_no, kind)
      include (first_name_key, birthdate, benefit_group_no);
    create index member_search_first_name on member_search (first_name_key, search_name, member_no, kind)
      include (birthdate, organization_no, benefit_group_no);
    create index member_search_generated_id on member_search (generated_id, search_name, member_no, kind)
      include (first_name_key, birthdate, organization_no, benefit_group_no);
    create index member_search_client_id on member_search (client_id, search_name, member_no, kind)
      include (generated_id, first_name_key, birthdate, organization_no, benefit_group_no)
      where client_id is not null;
    create index member_search_employee on member_search (employee_no);
    alter table member_search alter column search_name set statistics 1000;
    analyze member_search;
    `,
  );
}
