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

/**
 * The sample file naming these stored bytes, made the user's (a job source is its user's): the
 * claims Mapping stage answers it again on a later visit, by this or another analyst of the
 * opportunity, instead of adding another (the key is unique; decision 0140).
 */
export async function claimSampleFileByKey(
  db: Kysely<DB>,
  storageKey: string,
  userNo: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable('dm_sample_file')
    .set({ created_by: userNo })
    .where('storage_key', '=', storageKey)
    .returning('file_storage_id')
    .executeTakeFirst();
  return row?.file_storage_id;
}

export async function deleteSampleFile(db: Kysely<DB>, fileStorageId: string): Promise<void> {
  await db.deleteFrom('dm_sample_file').where('file_storage_id', '=', fileStorageId).execute();
}
