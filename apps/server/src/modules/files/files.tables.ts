import type { ColumnType, Generated } from 'kysely';
import type { Audit } from '../../platform/db/schema.ts';

/** Row types of the secure file exchange tables (migration 0005-files). */
export interface FileTable extends Audit {
  file_id: string;
  /** The name as uploaded, without any folder. */
  name: string;
  category_id: number;
  phi: boolean;
  organization_no: number;
  size_bytes: number;
  /** Hex SHA-256 of the plaintext, computed while the upload streamed. */
  sha256: string;
  /** Where the bytes are in the file storage (local folder or S3); derived from file_id. */
  storage_key: string;
  /** The uploader, who alone edits, copies the link and deletes (spec 3 §6). */
  created_by: number;
}

export interface FileRecipientTable {
  file_id: string;
  user_no: number;
  created_at: Generated<Date>;
  created_by: number | null;
}

/** A receipt per download: who and when (the owner sees them on the detail page). */
export interface FileDownloadTable {
  download_id: Generated<number>;
  file_id: string;
  user_no: number;
  downloaded_at: ColumnType<Date, Date | string | undefined, never>;
}

/**
 * Content of demo files written by the seed, which has no file storage at hand; the files
 * module moves each into storage when the server starts and deletes the row.
 */
export interface FileSeedContentTable {
  file_id: string;
  content: Uint8Array;
}

export interface FileTables {
  file: FileTable;
  file_recipient: FileRecipientTable;
  file_download: FileDownloadTable;
  file_seed_content: FileSeedContentTable;
}
