import type { Kysely } from 'kysely';

/** Coverages, new-card requests and temp ID card links (issue 4). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(_db: Kysely<any>): Promise<void> {}
