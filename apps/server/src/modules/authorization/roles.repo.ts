import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../database.ts';
import type { RoleTable } from '../../platform/db/schema.ts';

/* SQL of the role tables, which mirror the domain package's role definitions. */

type Db = Kysely<DB> | Transaction<DB>;

/** Inserts the role, or brings its row up to date. */
export async function upsertRole(
  db: Db,
  roleId: number,
  values: Omit<RoleTable, 'role_id'>,
): Promise<void> {
  await db
    .insertInto('role')
    .values({ role_id: roleId, ...values })
    .onConflict((oc) => oc.column('role_id').doUpdateSet(values))
    .execute();
}

/** Makes the role's permission rows exactly `permissions`. */
export async function replaceRolePermissions(
  db: Db,
  roleId: number,
  permissions: readonly string[],
): Promise<void> {
  await db.deleteFrom('role_permission').where('role_id', '=', roleId).execute();
  if (permissions.length > 0) {
    await db
      .insertInto('role_permission')
      .values(permissions.map((permission) => ({ role_id: roleId, permission })))
      .execute();
  }
}
