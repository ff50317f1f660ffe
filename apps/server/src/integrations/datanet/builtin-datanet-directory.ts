import type { Kysely } from 'kysely';
import type { DataNetPreviewUser } from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { DataNetDirectory } from './datanet-directory.ts';
import { findDataNetUser } from './datanet-user.repo.ts';

function legacyType(value: number): DataNetPreviewUser['type'] {
  return value === 1 || value === 2 || value === 3 ? value : 0;
}

/** DataNet's legacy users kept in the `datanet_user` table. */
export function createBuiltInDataNetDirectory(db: Kysely<DB>): DataNetDirectory {
  return {
    async findByEmail(email) {
      const row = await findDataNetUser(db, email);
      if (!row) return undefined;
      return {
        firstName: row.first_name,
        lastName: row.last_name,
        phone: row.phone,
        extension: row.extension,
        username: row.username,
        type: legacyType(row.user_type),
      };
    },
  };
}
