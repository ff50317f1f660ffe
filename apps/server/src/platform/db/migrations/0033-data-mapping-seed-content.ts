import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * The demo's mapping jobs (issue 16, decision 0136): the seed has no file storage at hand, so it
 * runs its mapping jobs against objects kept here (the demo source files and the jobs' outputs,
 * a few kilobytes each); the data mapping module moves them into storage when the server starts
 * and deletes the rows, as the files seed's file_seed_content.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    create table dm_seed_content (
      storage_key text primary key check (char_length(storage_key) between 1 and 200),
      content bytea not null
    );
    `,
  );
}
