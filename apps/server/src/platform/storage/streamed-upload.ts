import crypto from 'node:crypto';
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import { HttpProblem, badRequest } from '../http/problem.ts';
import type { FileStorage } from './file-storage.ts';

/**
 * The streaming half of a multipart upload, shared by every module that takes files (the secure
 * files, the issues' attachments): each file part flows from the request through a meter (size
 * limit, SHA-256) and a content check (its first bytes against its extension) straight into
 * storage, encrypted there. Nothing holds a whole file; a refused or cut-off file leaves no
 * object behind. The module supplies its rules and messages.
 */

/** What one module checks on each file, and the problems it answers. */
export interface PartChecks {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** How many leading bytes `contentMatches` looks at. */
  headBytes: number;
  /** Whether the file's first bytes (or the whole file, when shorter) fit its extension. */
  contentMatches(head: Uint8Array): boolean;
  tooLarge(): HttpProblem;
  mismatch(): HttpProblem;
  empty(): HttpProblem;
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
  readonly #headBytes: number;
  readonly #matches: (head: Uint8Array) => boolean;
  readonly #mismatch: () => HttpProblem;
  #head: Buffer[] = [];
  #held = 0;
  #checked = false;

  constructor(checks: PartChecks, mismatch: () => HttpProblem) {
    super();
    this.#headBytes = checks.headBytes;
    this.#matches = (head) => checks.contentMatches(head);
    this.#mismatch = mismatch;
  }

  #release(): Error | null {
    this.#checked = true;
    const head = Buffer.concat(this.#head);
    this.#head = [];
    if (head.length > 0 && !this.#matches(head.subarray(0, this.#headBytes))) {
      return this.#mismatch();
    }
    if (head.length > 0) this.push(head);
    return null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.#checked) return callback(null, chunk);
    this.#head.push(chunk);
    this.#held += chunk.length;
    if (this.#held < this.#headBytes) return callback();
    callback(this.#release());
  }

  override _flush(callback: TransformCallback) {
    callback(this.#checked ? null : this.#release());
  }
}

export interface StreamedObject {
  size: number;
  sha256: string;
}

/**
 * Streams one file part into storage under `key`; rejects with the module's problem when the
 * file is refused (too large, content not its extension's, empty), and then nothing is stored.
 * `source` is the multipart part's stream (busboy marks a file cut at its limit `truncated`).
 */
export async function streamIntoStorage(
  storage: FileStorage,
  key: string,
  source: Readable & { truncated?: boolean },
  checks: PartChecks,
): Promise<StreamedObject> {
  let refusal: HttpProblem | undefined;
  const meter = new UploadMeter(checks.maxBytes, () => (refusal = checks.tooLarge()));
  const check = new ContentCheck(checks, () => (refusal = checks.mismatch()));
  // Errors anywhere in the chain destroy the whole chain, so storage sees the failure.
  const body: Readable = pipeline(source, meter, check, () => {});
  try {
    await storage.put(key, body);
  } catch (error) {
    throw refusal ?? error;
  }
  const refuse = async (reason: HttpProblem) => {
    await storage.delete(key);
    throw reason;
  };
  if (source.truncated) await refuse(checks.tooLarge());
  if (meter.bytes === 0) await refuse(checks.empty());
  return { size: meter.bytes, sha256: meter.digest() };
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

/**
 * Multipart and stream failures as the problems a client can act on. `tooManyFiles` is the
 * module's message for busboy's file limit; `field` names the file field in `params`.
 */
export function multipartProblem(
  error: unknown,
  messages: { tooManyFiles: string; field: string },
): unknown {
  if (error instanceof HttpProblem) return error;
  const code = (error as { code?: string } | null)?.code;
  const message = (error as Error | null)?.message ?? '';
  const { field } = messages;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return badRequest(messages.tooManyFiles, { [field]: messages.tooManyFiles });
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest('A file is larger than the size limit', { [field]: 'too large' });
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
