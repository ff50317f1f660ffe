import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

/** Coverages for the seeded members. */
// eslint-disable-next-line @typescript-eslint/require-await -- filled in by the coverages work
export async function seedCoverages(_db: Kysely<DB>, _context: SeedContext): Promise<void> {}
