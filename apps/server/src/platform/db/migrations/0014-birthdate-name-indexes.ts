import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * The agent's Find Member searches most often by a last name (or its start) and a birth date
 * (issue 12, decision 0101). With an index on the birth date alone, PostgreSQL found the day's
 * members through it and read each one's table page to test the name: about 50 pages per
 * search at a million employees. The birth-date indexes now carry the search name after the
 * date, so the name range is tested in the index and only the matches are read. A birth date
 * alone still uses the index's first column, so the old ones are replaced, not added to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    drop index employee_birthdate;
    create index employee_birthdate on employee (birthdate, search_name, employee_no);
    drop index dependent_birthdate;
    create index dependent_birthdate on dependent (birthdate, search_name, dependent_no);
    `,
  );
}
