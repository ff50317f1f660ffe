import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { issueScoped, type Scoped } from '../../platform/access/scoped.ts';
import { forbidden, notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { findVisibleFile, type FoundFile } from './files.repo.ts';

/*
 * The files module's access checks (decision 0095). Spec 3 knows two reaches: a file the caller
 * may see (inside their organizations: internal users, the uploader, recipients, of a PHI file
 * only recipients with a files role; files.repo.ts's visibleTo, in SQL) and a file the caller
 * uploaded, which alone they may edit, delete and read the receipts of. Each check returns the
 * handle the repository functions of one file take.
 */

/** A file visible to the principal, with the row the check loaded. */
export type ScopedFile = Scoped<'file', { fileId: string; file: FoundFile }>;

/** A visible file the principal uploaded. */
export type UploadedFile = Scoped<'uploaded-file', { fileId: string; file: FoundFile }>;

/** A file the caller may see; everything else, whether it exists or not, is a 404. */
export async function requireFile(
  db: Kysely<DB>,
  principal: Principal,
  fileId: string,
): Promise<ScopedFile> {
  const file = await findVisibleFile(db, principal, fileId);
  if (!file) throw notFound('File');
  return issueScoped('file', { fileId, file });
}

/** Spec 3 §6: only the uploader edits, copies the link, deletes and sees the receipts (403). */
export async function requireUploadedFile(
  db: Kysely<DB>,
  principal: Principal,
  fileId: string,
): Promise<UploadedFile> {
  const { file } = await requireFile(db, principal, fileId);
  if (file.createdBy !== principal.userNo) {
    throw forbidden('Only the person who uploaded this file may do this.');
  }
  return issueScoped('uploaded-file', { fileId, file });
}
