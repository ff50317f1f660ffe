import type { Kysely } from 'kysely';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { moveStagedContentIntoStorage } from '../../platform/storage/staged-content.ts';
import type { DB } from '../../database.ts';
import type { ClaimsFileTable, FaIterationTable } from './claims-files.tables.ts';
import type { Insertable, Selectable } from 'kysely';

/** The claims files' SQL (decision 0126): every query names its opportunity. */

export type ClaimsFileRow = Selectable<ClaimsFileTable>;

export async function insertClaimsFile(
  db: Kysely<DB>,
  values: Insertable<ClaimsFileTable>,
): Promise<void> {
  await db.insertInto('claims_file').values(values).execute();
}

/** The newest upload of this hash in the opportunity not yet accepted (decision 0140). */
export async function findUploadByHash(
  db: Kysely<DB>,
  opp: number,
  fileHash: string,
): Promise<ClaimsFileRow | undefined> {
  return db
    .selectFrom('claims_file')
    .selectAll()
    .where('prospect_opportunity_no', '=', opp)
    .where('file_hash', '=', fileHash)
    .where('status', '=', 0)
    .orderBy('claims_file_no', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The accepted file holding these bytes in the opportunity, if any (the oldest). */
export async function findAcceptedByHash(
  db: Kysely<DB>,
  opp: number,
  fileHash: string,
): Promise<ClaimsFileRow | undefined> {
  return db
    .selectFrom('claims_file')
    .selectAll()
    .where('prospect_opportunity_no', '=', opp)
    .where('file_hash', '=', fileHash)
    .where('status', '>=', 1)
    .orderBy('claims_file_no')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Removes the opportunity's not-yet-accepted uploads of these bytes except `keep`, answering
 * their storage keys so the caller deletes the bytes too.
 */
export async function deletePendingByHash(
  db: Kysely<DB>,
  opp: number,
  fileHash: string,
  keep: number | null,
): Promise<string[]> {
  let query = db
    .deleteFrom('claims_file')
    .where('prospect_opportunity_no', '=', opp)
    .where('file_hash', '=', fileHash)
    .where('status', '=', 0);
  if (keep !== null) query = query.where('claims_file_no', '<>', keep);
  const rows = await query.returning('storage_key').execute();
  return rows.map((r) => r.storage_key);
}

export async function acceptClaimsFile(
  db: Kysely<DB>,
  claimsFileNo: number,
  phi: boolean,
  userNo: number,
): Promise<ClaimsFileRow> {
  return db
    .updateTable('claims_file')
    .set({ status: 1, phi, accepted_at: new Date(), accepted_by: userNo })
    .where('claims_file_no', '=', claimsFileNo)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Accepted files only (spec 3 §3: claim files with status >= 1 are kept). */
export async function listAcceptedFiles(db: Kysely<DB>, opp: number): Promise<ClaimsFileRow[]> {
  return db
    .selectFrom('claims_file')
    .selectAll()
    .where('prospect_opportunity_no', '=', opp)
    .where('status', '>=', 1)
    .orderBy('claims_file_no', 'desc')
    .execute();
}

/** One accepted file of the opportunity by its number. */
export async function findAcceptedFile(
  db: Kysely<DB>,
  opp: number,
  claimsFileNo: number,
): Promise<ClaimsFileRow | undefined> {
  return db
    .selectFrom('claims_file')
    .selectAll()
    .where('prospect_opportunity_no', '=', opp)
    .where('claims_file_no', '=', claimsFileNo)
    .where('status', '>=', 1)
    .executeTakeFirst();
}

export async function findAcceptedByStorageKey(
  db: Kysely<DB>,
  opp: number,
  storageKey: string,
): Promise<ClaimsFileRow | undefined> {
  return db
    .selectFrom('claims_file')
    .selectAll()
    .where('prospect_opportunity_no', '=', opp)
    .where('storage_key', '=', storageKey)
    .where('status', '>=', 1)
    .executeTakeFirst();
}

const mappedColumns = [
  'mapped_claims_file_no',
  'file_name',
  'storage_key',
  'phi',
  'claim_count',
  'created_cols',
  'dropped_count',
  'min_date',
  'max_date',
  'fill_date_counts',
  'created_at',
] as const;

export async function insertMappedFile(
  db: Kysely<DB>,
  values: {
    prospect_opportunity_no: number;
    claims_file_no: number;
    file_name: string;
    storage_key: string;
    unmapped_storage_key: string;
    phi: boolean;
    claim_count: number;
    created_cols: string;
    dropped_count: number;
    min_date: string | null;
    max_date: string | null;
    fill_date_counts: string;
    created_by: number;
  },
) {
  return db
    .insertInto('mapped_claims_file')
    .values(values)
    .returning(mappedColumns)
    .executeTakeFirstOrThrow();
}

export async function listMappedFiles(db: Kysely<DB>, opp: number) {
  return db
    .selectFrom('mapped_claims_file')
    .select(mappedColumns)
    .where('prospect_opportunity_no', '=', opp)
    .orderBy('mapped_claims_file_no', 'desc')
    .execute();
}

export async function findMappedFile(db: Kysely<DB>, opp: number, mappedNo: number) {
  return db
    .selectFrom('mapped_claims_file')
    .select(mappedColumns)
    .where('prospect_opportunity_no', '=', opp)
    .where('mapped_claims_file_no', '=', mappedNo)
    .executeTakeFirst();
}

export type FaIterationRow = Selectable<FaIterationTable>;

export async function insertIteration(
  db: Kysely<DB>,
  values: Insertable<FaIterationTable>,
): Promise<FaIterationRow> {
  return db.insertInto('fa_iteration').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listIterations(db: Kysely<DB>, opp: number) {
  return db
    .selectFrom('fa_iteration')
    .select(['fa_iteration_no', 'updated_at', 'notes', 'mapped_claims_file_no', 'output_template'])
    .where('prospect_opportunity_no', '=', opp)
    .orderBy('updated_at', 'desc')
    .orderBy('fa_iteration_no', 'desc')
    .execute();
}

export async function findIteration(
  db: Kysely<DB>,
  opp: number,
  iterationNo: number,
): Promise<FaIterationRow | undefined> {
  return db
    .selectFrom('fa_iteration')
    .selectAll()
    .where('prospect_opportunity_no', '=', opp)
    .where('fa_iteration_no', '=', iterationNo)
    .executeTakeFirst();
}

/** The demo seed stages a file's bytes under its storage key (decision 0140). */
export async function stageSeedContent(
  db: Kysely<DB>,
  storageKey: string,
  content: Buffer,
): Promise<void> {
  await db
    .insertInto('claims_file_seed_content')
    .values({ storage_key: storageKey, content })
    .execute();
}

/** Moves the seed's staged claims files into storage (moveStagedContentIntoStorage says how). */
export async function moveSeedContentIntoStorage(
  db: Kysely<DB>,
  storage: FileStorage,
): Promise<number> {
  const pending = await db
    .selectFrom('claims_file_seed_content')
    .select(['storage_key as file_id', 'storage_key'])
    .execute();
  return moveStagedContentIntoStorage(db, storage, pending, (trx, key) =>
    trx
      .deleteFrom('claims_file_seed_content')
      .where('storage_key', '=', key)
      .returning('content')
      .executeTakeFirst(),
  );
}
