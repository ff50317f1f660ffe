import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageNotFoundError } from './file-storage.ts';
import { createLocalFileStorage, deriveFilesKey } from './local-file-storage.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-storage-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('local encrypted file storage', () => {
  it('stores encrypted bytes and gives back the plaintext', async () => {
    const storage = createLocalFileStorage({ root, key: crypto.randomBytes(32) });
    const content = 'employee_id,first_name\nE100,Alex\n'.repeat(1000);
    await storage.put('3f1c2a9e-0000-4000-8000-000000000001', Readable.from([content]));
    const [stored] = filesUnder(root);
    expect(stored).toBeDefined();
    expect(fs.readFileSync(stored!).includes('first_name')).toBe(false);
    expect(fs.statSync(stored!).mode & 0o777).toBe(0o600);
    expect(await storage.exists('3f1c2a9e-0000-4000-8000-000000000001')).toBe(true);
    expect(await text(await storage.get('3f1c2a9e-0000-4000-8000-000000000001'))).toBe(content);

    await storage.delete('3f1c2a9e-0000-4000-8000-000000000001');
    expect(filesUnder(root)).toEqual([]);
    await expect(storage.get('3f1c2a9e-0000-4000-8000-000000000001')).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    // Deleting twice is fine.
    await storage.delete('3f1c2a9e-0000-4000-8000-000000000001');
  });

  it('leaves nothing when the source fails half way', async () => {
    const storage = createLocalFileStorage({ root, key: crypto.randomBytes(32) });
    async function* failing() {
      yield Buffer.alloc(300_000, 1);
      throw new Error('connection reset');
    }
    await expect(storage.put('half-written', Readable.from(failing()))).rejects.toThrow(
      'connection reset',
    );
    expect(filesUnder(root)).toEqual([]);
    expect(await storage.exists('half-written')).toBe(false);
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = createLocalFileStorage({ root, key: crypto.randomBytes(32) });
    for (const key of ['../escape', '/etc/passwd', 'a/../../b', '', 'a\\b']) {
      await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('sweeps partial files left by a process that died, and only old ones', async () => {
    const storage = createLocalFileStorage({ root, key: crypto.randomBytes(32) });
    await storage.put('kept', Readable.from(['x']));
    const shard = path.dirname(filesUnder(root)[0]!);
    const old = path.join(shard, 'kept.1234.part');
    const fresh = path.join(shard, 'kept.5678.part');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const dayAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    fs.utimesSync(old, dayAgo, dayAgo);
    expect(await storage.sweepPartials()).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(await storage.exists('kept')).toBe(true);
  });

  it('derives a files key distinct from the SSN key, the same every time', () => {
    const ssnKey = crypto.randomBytes(32);
    const filesKey = deriveFilesKey(ssnKey);
    expect(filesKey).toHaveLength(32);
    expect(filesKey.equals(ssnKey)).toBe(false);
    expect(deriveFilesKey(ssnKey).equals(filesKey)).toBe(true);
  });
});
