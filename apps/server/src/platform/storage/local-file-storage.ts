import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { DecryptStream, EncryptStream } from './encrypted-stream.ts';
import { StorageNotFoundError, assertStorageKey, type FileStorage } from './file-storage.ts';

/** A distinct key for files at rest, derived from the deployment's SSN key (HKDF-SHA256). */
export function deriveFilesKey(ssnKey: Buffer): Buffer {
  return Buffer.from(
    crypto.hkdfSync('sha256', ssnKey, Buffer.alloc(0), 'pillar files at rest v1', 32),
  );
}

const PARTIAL_SUFFIX = '.part';

export interface LocalFileStorageOptions {
  /** The folder, as a path or a file:// URL. */
  root: string | URL;
  /** 32-byte master key; each file gets its own key derived from it. */
  key: Buffer;
}

/**
 * Files encrypted at rest in a local folder: `<root>/<first two characters>/<key>`. Each upload
 * is written to a uniquely named `.part` file beside its final name and renamed into place once
 * complete and flushed, so a reader never sees half a file and a failed upload leaves nothing.
 */
export function createLocalFileStorage(options: LocalFileStorageOptions): FileStorage & {
  /** Removes `.part` files older than `olderThanMs`, left by a process that died mid-upload. */
  sweepPartials(olderThanMs?: number): Promise<number>;
  readonly root: string;
} {
  const root =
    options.root instanceof URL ? fileURLToPath(options.root) : path.resolve(options.root);
  if (options.key.length !== 32) throw new Error('The files key must be 32 bytes');

  function pathOf(key: string): string {
    assertStorageKey(key);
    const shard =
      key
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 2)
        .toLowerCase() || '00';
    return path.join(root, shard, key.replaceAll('/', '_'));
  }

  return {
    kind: 'local',
    root,

    async put(key, source) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const partial = `${target}.${crypto.randomUUID()}${PARTIAL_SUFFIX}`;
      try {
        await pipeline(
          source,
          new EncryptStream(options.key),
          fs.createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }),
        );
        await fsp.rename(partial, target);
      } catch (error) {
        await fsp.rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = pathOf(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
        throw error;
      }
      const encrypted = handle.createReadStream({ highWaterMark: 256 * 1024 });
      const decrypt = new DecryptStream(options.key);
      encrypted.on('error', (error) => decrypt.destroy(error));
      decrypt.on('close', () => encrypted.destroy());
      return encrypted.pipe(decrypt);
    },

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        await fsp.access(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },

    async sweepPartials(olderThanMs = 24 * 3600 * 1000) {
      let removed = 0;
      let shards: string[];
      try {
        shards = await fsp.readdir(root);
      } catch {
        return 0;
      }
      const cutoff = Date.now() - olderThanMs;
      for (const shard of shards) {
        const dir = path.join(root, shard);
        const entries = await fsp.readdir(dir).catch(() => [] as string[]);
        for (const entry of entries) {
          if (!entry.endsWith(PARTIAL_SUFFIX)) continue;
          const stat = await fsp.stat(path.join(dir, entry)).catch(() => null);
          if (stat && stat.mtimeMs < cutoff) {
            await fsp.rm(path.join(dir, entry), { force: true });
            removed += 1;
          }
        }
      }
      return removed;
    },
  };
}
