import type { Kysely } from 'kysely';

/** Organization workspace (issue 3): groups fees, plans, invoices, locations, Med D subsidies, organization users. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(_db: Kysely<any>): Promise<void> {}
