import type { Kysely } from 'kysely';
import type { DataNetPreviewUser } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { createBuiltInDataNetDirectory } from './builtin-datanet-directory.ts';

/**
 * DataNet, the legacy user directory whose users can be imported into Pillar (spec 2 §3, §7).
 * Pillar only reads it: one look-up by e-mail address.
 */
export interface DataNetDirectory {
  /** The legacy user with this e-mail address (case-insensitive), or undefined. */
  findByEmail(email: string): Promise<DataNetPreviewUser | undefined>;
}

/**
 * The directory Pillar uses. DataNet offers no client library or public API, so the built-in
 * directory (a legacy-user table in our own database, loaded by the seed or by an export from
 * DataNet) is the only implementation; a production adapter implements the interface above.
 */
export function createDataNetDirectory(db: Kysely<DB>): DataNetDirectory {
  return createBuiltInDataNetDirectory(db);
}
