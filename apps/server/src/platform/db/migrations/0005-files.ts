import type { Kysely } from 'kysely';

/** Secure file exchange. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(_db: Kysely<any>): Promise<void> {}
