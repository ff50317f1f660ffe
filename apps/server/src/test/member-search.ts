import { expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../database.ts';

/**
 * The people table (member_search, kept by triggers: migrations 0017, 0034, 0039, 0040) equals
 * what a rebuild from employee and dependent makes: the check after each write path a test makes.
 */
export async function expectMemberSearchInStep(db: Kysely<DB>): Promise<void> {
  const rows = async () =>
    (
      await sql<
        Record<string, unknown>
      >`select * from member_search order by kind, member_no`.execute(db)
    ).rows;
  const kept = await rows();
  await sql`select member_search_rebuild()`.execute(db);
  expect(kept).toEqual(await rows());
}
