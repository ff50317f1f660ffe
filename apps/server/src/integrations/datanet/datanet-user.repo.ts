import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database.ts';

/** The built-in DataNet directory's one statement: a legacy user by e-mail (trimmed, any case). */
export async function findDataNetUser(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('datanet_user')
    .select(['username', 'first_name', 'last_name', 'phone', 'extension', 'user_type'])
    .where(sql<string>`lower(username)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}
