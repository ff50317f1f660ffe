import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';

/** The data mapper's stored sample files (decision 0111): who stored which, under which key. */

export async function insertSampleFile(
  db: Kysely<DB>,
  values: {
    file_storage_id: string;
    filename: string;
    size_bytes: number;
    storage_key: string;
    created_by: number;
  },
): Promise<void> {
  await db.insertInto('dm_sample_file').values(values).execute();
}

/** A sample file is its uploader's: another user's id names nothing (404). */
export async function findOwnSampleFile(
  db: Kysely<DB>,
  fileStorageId: string,
  userNo: number,
): Promise<{ filename: string; storage_key: string } | undefined> {
  return db
    .selectFrom('dm_sample_file')
    .select(['filename', 'storage_key'])
    .where('file_storage_id', '=', fileStorageId)
    .where('created_by', '=', userNo)
    .executeTakeFirst();
}

export async function deleteSampleFile(db: Kysely<DB>, fileStorageId: string): Promise<void> {
  await db.deleteFrom('dm_sample_file').where('file_storage_id', '=', fileStorageId).execute();
}
