import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';

/*
 * The demo seed (src/seed/files.ts) has no file storage at hand, so it stages the demo files'
 * content in file_seed_content; the files module moves it into storage when the server starts.
 */

/**
 * Moves staged demo content into storage, one file per transaction: the staging row is claimed
 * with a delete, so two servers starting together store each file once, and a failed write
 * rolls the claim back for the next start.
 */
export async function moveSeedContentIntoStorage(
  db: Kysely<DB>,
  storage: FileStorage,
): Promise<number> {
  const pending = await db
    .selectFrom('file_seed_content as s')
    .innerJoin('file as f', 'f.file_id', 's.file_id')
    .select(['s.file_id', 'f.storage_key'])
    .execute();
  let moved = 0;
  for (const row of pending) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .deleteFrom('file_seed_content')
        .where('file_id', '=', row.file_id)
        .returning('content')
        .executeTakeFirst();
      if (!claimed) return;
      await storage.put(row.storage_key, Readable.from([Buffer.from(claimed.content)]));
      moved += 1;
    });
  }
  return moved;
}
