import { sql, type Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * Find Member's people table without its `employee_no` index (issue 17, decision 0148). No search
 * reads it (agent-search.repo.ts filters by name, first name, birth date, organization and the
 * family's IDs, and reads its page's rows by the key); only the employee delete trigger did, to
 * find the deleted employees' families. A deleted employee's dependents are deleted with it (the
 * key `dependent (employee_no, organization_no) -> employee` cascades), and that delete's own
 * statement trigger removes their rows, so the employee trigger removes the employees' rows by
 * the key alone. Every employee and dependent written (an import's 76,000 people) no longer
 * writes that index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create or replace function member_search_employees_deleted() returns trigger
       language plpgsql as $$
       begin
         execute $q$
           delete from member_search
            where kind = 0 and member_no = any(array(select o.employee_no from old_rows o)) $q$;
         return null;
       end $$`,
    )
    .execute(db);
  await runScript(db, `drop index member_search_employee;`);
}
