import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * A staged eligibility row keeps its SSN as the keyed hash only (issue 17, decision 0137): the
 * comparison joins on the hash, and the ciphertext a new member receives is its change's
 * (`ei_change.ssn_encrypted`, stored for every change the preview lists). Encrypting every row
 * of a file, most of which change nothing, cost more than writing it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(db, `alter table ei_staging_row drop column ssn_encrypted;`);
}
