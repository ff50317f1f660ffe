import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { moveStagedContentIntoStorage } from '../../platform/storage/staged-content.ts';

/*
 * The demo seed (src/seed/files.ts) has no file storage at hand, so it stages the demo files'
 * content in file_seed_content; the files module moves it into storage when the server starts.
 */

/** Moves staged demo content into storage (moveStagedContentIntoStorage says how). */
export async function moveSeedContentIntoStorage(
  db: Kysely<DB>,
  storage: FileStorage,
): Promise<number> {
  const pending = await db
    .selectFrom('file_seed_content as s')
    .innerJoin('file as f', 'f.file_id', 's.file_id')
    .select(['s.file_id', 'f.storage_key'])
    .execute();
  return moveStagedContentIntoStorage(db, storage, pending, (trx, fileId) =>
    trx
      .deleteFrom('file_seed_content')
      .where('file_id', '=', fileId)
      .returning('content')
      .executeTakeFirst(),
  );
}
