import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

/** Coverages for the seeded members. */
 
export async function seedCoverages(_db: Kysely<DB>, _context: SeedContext): Promise<void> {}
