import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * An import run marked as a full file at upload (issue 17, decision 0138): a delimited, fixed
 * length or XLSX file cannot say it holds the whole roster as an 834's 030 does, so the user
 * says it; the preview then lists the members the file leaves out (never terminating them).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(db, `alter table ei_run add column full_file boolean not null default false;`);
}
