import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * The demo opportunity's claims file (decision 0140): the seed has no file storage at hand, so
 * it stages the file's bytes (the uploaded file and its mapped CSV) here under their storage
 * keys; the claims files module moves them into storage when the server starts and deletes the
 * rows, as the files seed's file_seed_content.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    create table claims_file_seed_content (
      storage_key text primary key check (char_length(storage_key) between 1 and 200),
      content bytea not null
    );
    `,
  );
}
