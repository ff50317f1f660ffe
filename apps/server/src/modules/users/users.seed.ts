import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

/** Demo data of the area; deterministic from the context's seed. */
export async function seedUserAdmin(_db: Kysely<DB>, _context: SeedContext): Promise<void> {}
