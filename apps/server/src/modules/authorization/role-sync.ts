import type { Kysely } from 'kysely';
import { ROLE_DEFINITIONS } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { replaceRolePermissions, upsertRole } from './roles.repo.ts';

/**
 * Makes the role tables match the role definitions of the domain package, which are the single
 * source of truth for what each role grants. Runs on every start, after the migrations.
 */
export async function syncRoles(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const role of ROLE_DEFINITIONS) {
      const values = {
        key: role.key,
        name: role.name,
        user_type: role.userType,
        group_key: role.groupKey,
        protected: role.protected,
        hidden_without: role.hiddenWithout ?? null,
        description: role.description,
      };
      await upsertRole(tx, role.id, values);
      await replaceRolePermissions(tx, role.id, [...new Set(role.permissions)]);
    }
  });
}
