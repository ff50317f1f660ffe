import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import { StorageNotFoundError, type FileStorage } from '../../platform/storage/file-storage.ts';
import { moveStagedContentIntoStorage } from '../../platform/storage/staged-content.ts';

/*
 * The demo's mapping jobs (decision 0136): the seed has no file storage at hand, so its jobs run
 * (the real runMappingJob) against a storage kept in dm_seed_content; the module moves those
 * objects into the real storage when the server starts, as the files seed's content is.
 */

/**
 * A FileStorage over dm_seed_content, for the seed's few small demo objects only: `put` holds
 * the object in memory before its one insert (a demo file is a few kilobytes).
 */
export function seedContentStorage(db: Kysely<DB>): FileStorage {
  return {
    kind: 'local',
    async put(key, source) {
      const content = await buffer(source);
      await db
        .insertInto('dm_seed_content')
        .values({ storage_key: key, content })
        .onConflict((oc) => oc.column('storage_key').doUpdateSet({ content }))
        .execute();
    },
    async get(key) {
      const row = await db
        .selectFrom('dm_seed_content')
        .select('content')
        .where('storage_key', '=', key)
        .executeTakeFirst();
      if (!row) throw new StorageNotFoundError(key);
      return Readable.from([Buffer.from(row.content)]);
    },
    async delete(key) {
      await db.deleteFrom('dm_seed_content').where('storage_key', '=', key).execute();
    },
    async exists(key) {
      const row = await db
        .selectFrom('dm_seed_content')
        .select('storage_key')
        .where('storage_key', '=', key)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** Moves the seed's mapping objects into storage (moveStagedContentIntoStorage says how). */
export async function moveSeedMappingContentIntoStorage(
  db: Kysely<DB>,
  storage: FileStorage,
): Promise<number> {
  const pending = await db.selectFrom('dm_seed_content').select('storage_key').execute();
  return moveStagedContentIntoStorage(
    db,
    storage,
    pending.map((p) => ({ file_id: p.storage_key, storage_key: p.storage_key })),
    (trx, key) =>
      trx
        .deleteFrom('dm_seed_content')
        .where('storage_key', '=', key)
        .returning('content')
        .executeTakeFirst(),
  );
}
