import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Two implementations: an encrypted folder under the data directory
 * (the embedded default) and S3-compatible object storage (production). Neither ever holds a
 * whole file in memory.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into the object `key`. The object appears only once the source ended
   * cleanly; if the source or the store fails, nothing is left behind and the promise rejects
   * with the source's error.
   */
  put(key: string, source: Readable): Promise<void>;
  /** The object's bytes, decrypted. Rejects with StorageNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes what interrupted uploads left behind, where the store can have such leftovers. */
  sweepPartials?(olderThanMs?: number): Promise<number>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Keys are ours (file ids), but a key is a path on disk: nothing that could climb out. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 200) throw new Error(`Invalid storage key: ${key}`);
}
