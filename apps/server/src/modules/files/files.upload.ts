import crypto from 'node:crypto';
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
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
import { HttpProblem, badRequest } from '../../platform/http/problem.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';

/**
 * The streaming half of an upload: each file part flows from the request through a meter
 * (size limit, SHA-256) and a content check (the first bytes against the extension) straight
 * into storage. Nothing holds a whole file; a refused or cut-off file leaves no object behind.
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

/** Counts and hashes the bytes going by; fails once there are more than the limit. */
class UploadMeter extends Transform {
  bytes = 0;
  readonly #hash = crypto.createHash('sha256');
  readonly #limit: number;
  readonly #tooLarge: () => HttpProblem;

  constructor(limit: number, tooLarge: () => HttpProblem) {
    super();
    this.#limit = limit;
    this.#tooLarge = tooLarge;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.#limit) return callback(this.#tooLarge());
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.#hash.digest('hex');
  }
}

/** Holds back the first bytes until they can be checked against the extension. */
class ContentCheck extends Transform {
  readonly #extension: string;
  readonly #mismatch: () => HttpProblem;
  #head: Buffer[] = [];
  #headBytes = 0;
  #checked = false;

  constructor(extension: string, mismatch: () => HttpProblem) {
    super();
    this.#extension = extension;
    this.#mismatch = mismatch;
  }

  #release(): Error | null {
    this.#checked = true;
    const head = Buffer.concat(this.#head);
    this.#head = [];
    if (
      head.length > 0 &&
      !contentMatchesExtension(this.#extension, head.subarray(0, CONTENT_CHECK_BYTES))
    ) {
      return this.#mismatch();
    }
    if (head.length > 0) this.push(head);
    return null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.#checked) return callback(null, chunk);
    this.#head.push(chunk);
    this.#headBytes += chunk.length;
    if (this.#headBytes < CONTENT_CHECK_BYTES) return callback();
    callback(this.#release());
  }

  override _flush(callback: TransformCallback) {
    callback(this.#checked ? null : this.#release());
  }
}

export interface StoredFile {
  fileId: string;
  name: string;
  size: number;
  sha256: string;
  storageKey: string;
}

/** The file name as the user's machine had it, without any folder a browser may send. */
export function cleanFileName(raw: string | undefined): string {
  return (
    (raw ?? '')
      .split(/[\\/]/)
      .pop()!
      // Control characters would corrupt headers and logs.
      .replace(/\p{Cc}/gu, '')
      .trim()
  );
}

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
  const tooLarge = () => problem(FILE_MESSAGES.tooLarge(name, formatFileSize(maxBytes)));
  let refusal: HttpProblem | undefined;
  const meter = new UploadMeter(maxBytes, () => (refusal = tooLarge()));
  const check = new ContentCheck(
    fileExtensionOf(name),
    () => (refusal = problem(FILE_MESSAGES.contentMismatch(name))),
  );
  // Errors anywhere in the chain destroy the whole chain, so storage sees the failure.
  const body: Readable = pipeline(part.file, meter, check, () => {});
  try {
    await storage.put(storageKey, body);
  } catch (error) {
    throw refusal ?? error;
  }
  const refuse = async (reason: HttpProblem) => {
    await storage.delete(storageKey);
    throw reason;
  };
  if (part.file.truncated) await refuse(tooLarge());
  if (meter.bytes === 0) await refuse(problem(FILE_MESSAGES.empty(name)));
  return { fileId, name, size: meter.bytes, sha256: meter.digest(), storageKey };
}

/** Multipart and stream failures as the problems a client can act on. */
export function uploadProblem(error: unknown): unknown {
  if (error instanceof HttpProblem) return error;
  const code = (error as { code?: string } | null)?.code;
  const message = (error as Error | null)?.message ?? '';
  switch (code) {
    case 'FST_FILES_LIMIT':
      return badRequest(FILE_MESSAGES.tooManyFiles, { file: FILE_MESSAGES.tooManyFiles });
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest('A file is larger than the size limit', { file: 'too large' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('The upload form has too many or unexpected fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpProblem(
        415,
        'Unsupported Media Type',
        'Send the files as multipart/form-data',
      );
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload was cut off before it finished');
  }
  if (/Unexpected end of (form|multipart data)|terminated early|aborted/i.test(message)) {
    return badRequest('The upload was cut off before it finished');
  }
  if (/Multipart: Boundary not found|Malformed/i.test(message)) {
    return badRequest('The upload is not a well-formed multipart/form-data body');
  }
  return error;
}

export type { Multipart };
