import crypto from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  CONTENT_CHECK_BYTES,
  FILE_MESSAGES,
  FILE_NAME_MAX_LENGTH,
  MAX_FILES_PER_UPLOAD,
  contentMatchesExtension,
  fileExtensionOf,
  formatFileSize,
  isAcceptedFileName,
} from '@pillar/domain';
import { badRequest } from '../../platform/http/problem.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  cleanFileName,
  multipartProblem,
  streamIntoStorage,
} from '../../platform/storage/streamed-upload.ts';

/**
 * The files' rules on the shared streaming upload (platform/storage/streamed-upload.ts): each
 * file part flows from the request through a meter (size limit, SHA-256) and a content check
 * (the first bytes against the extension) straight into storage. Nothing holds a whole file; a
 * refused or cut-off file leaves no object behind.
 */

/** Busboy's limits for POST /portal/v1/files; the checks below give the clear messages first. */
export function multipartLimits(maxBytes: number) {
  return {
    // One byte over the limit reaches the meter, which names the file in its message.
    fileSize: maxBytes + 1,
    files: MAX_FILES_PER_UPLOAD + 1,
    fields: 120,
    fieldSize: 1024,
    parts: 140,
  };
}

export interface StoredFile {
  fileId: string;
  name: string;
  size: number;
  sha256: string;
  storageKey: string;
}

export { cleanFileName };

/** Refusals that depend only on the name; raised before a byte of the file is read. */
export function checkFileName(name: string): void {
  if (!name) throw badRequest(FILE_MESSAGES.fileRequired, { file: FILE_MESSAGES.fileRequired });
  if (name.length > FILE_NAME_MAX_LENGTH) {
    throw badRequest(FILE_MESSAGES.nameTooLong(name), { file: FILE_MESSAGES.nameTooLong(name) });
  }
  if (!isAcceptedFileName(name)) {
    throw badRequest(FILE_MESSAGES.notAccepted(name), { file: FILE_MESSAGES.notAccepted(name) });
  }
}

/** Streams one file part into storage; rejects with the reason the file was refused. */
export async function storeFilePart(
  storage: FileStorage,
  part: MultipartFile,
  name: string,
  maxBytes: number,
): Promise<StoredFile> {
  const fileId = crypto.randomUUID();
  const storageKey = fileId;
  const problem = (detail: string) => badRequest(detail, { file: detail });
  const extension = fileExtensionOf(name);
  const { size, sha256 } = await streamIntoStorage(storage, storageKey, part.file, {
    maxBytes,
    headBytes: CONTENT_CHECK_BYTES,
    contentMatches: (head) => contentMatchesExtension(extension, head),
    tooLarge: () => problem(FILE_MESSAGES.tooLarge(name, formatFileSize(maxBytes))),
    mismatch: () => problem(FILE_MESSAGES.contentMismatch(name)),
    empty: () => problem(FILE_MESSAGES.empty(name)),
  });
  return { fileId, name, size, sha256, storageKey };
}

/** Multipart and stream failures as the problems a client can act on. */
export function uploadProblem(error: unknown): unknown {
  return multipartProblem(error, { tooManyFiles: FILE_MESSAGES.tooManyFiles, field: 'file' });
}

export type { Multipart };
