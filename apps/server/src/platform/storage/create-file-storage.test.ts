import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileStorage } from './create-file-storage.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-storage-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const secrets = { signingKeys: [], cookieKeys: [], ssnKey: crypto.randomBytes(32) };

describe('createFileStorage', () => {
  it('opens the local encrypted folder for file:// and S3 for s3://', async () => {
    const local = await createFileStorage(
      { url: pathToFileURL(dir).href, fileMaxBytes: 1 },
      secrets,
    );
    expect(local.kind).toBe('local');
    const s3 = await createFileStorage(
      { url: 's3://pillar-files/prod?region=eu-west-1', fileMaxBytes: 1 },
      secrets,
    );
    expect(s3.kind).toBe('s3');
    await expect(
      createFileStorage({ url: 'ftp://example/files', fileMaxBytes: 1 }, secrets),
    ).rejects.toThrow(/Unsupported STORAGE_URL/);
  });
});
