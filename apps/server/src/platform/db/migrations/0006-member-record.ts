import type { Kysely } from 'kysely';

/** Member and dependent records: history tables, division and benefit package references (issue 4). Filled in by the member-record work. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(_db: Kysely<any>): Promise<void> {}
