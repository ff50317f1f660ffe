import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { DecryptStream, EncryptStream, SEGMENT_SIZE, encryptedSize } from './encrypted-stream.ts';

const key = crypto.randomBytes(32);

/** Feeds `data` in chunks of `chunk` bytes through the transforms and collects the output. */
async function run(
  data: Buffer,
  transform: () => NodeJS.ReadWriteStream,
  chunk = 7919,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  const pieces: Buffer[] = [];
  for (let i = 0; i < data.length; i += chunk) pieces.push(data.subarray(i, i + chunk));
  await pipeline(
    Readable.from(pieces),
    transform(),
    async (source: AsyncIterable<Buffer | string>) => {
      for await (const part of source) parts.push(Buffer.from(part));
    },
  );
  return Buffer.concat(parts);
}

const encrypt = (data: Buffer, segment = SEGMENT_SIZE) =>
  run(data, () => new EncryptStream(key, segment));
const decrypt = (data: Buffer, withKey = key) => run(data, () => new DecryptStream(withKey), 5003);

describe('segmented AES-256-GCM streams', () => {
  it.each([0, 1, 100, SEGMENT_SIZE - 1, SEGMENT_SIZE, SEGMENT_SIZE + 1, 3 * SEGMENT_SIZE, 200_001])(
    'round-trips %i bytes, and the ciphertext has the predicted size',
    async (size) => {
      const plain = crypto.randomBytes(size);
      const sealed = await encrypt(plain);
      expect(sealed.length).toBe(encryptedSize(size));
      // The plaintext must not show through. Only a run of 16 bytes or more says so: a byte or
      // two of random plaintext turn up in random ciphertext by chance.
      if (size >= 16) expect(sealed.includes(plain.subarray(0, Math.min(64, size)))).toBe(false);
      expect((await decrypt(sealed)).equals(plain)).toBe(true);
    },
  );

  it('gives each file its own key: the same plaintext encrypts differently', async () => {
    const plain = Buffer.from('member,dob\nAlex,1980-01-01\n');
    const [a, b] = [await encrypt(plain), await encrypt(plain)];
    expect(a.equals(b)).toBe(false);
    expect((await decrypt(a)).equals(plain)).toBe(true);
  });

  it('refuses a flipped byte, a dropped final segment, an extra segment and the wrong key', async () => {
    const plain = crypto.randomBytes(3 * 1000 + 5);
    const sealed = await encrypt(plain, 1000);

    const flipped = Buffer.from(sealed);
    flipped[1500] = flipped[1500]! ^ 0x01;
    await expect(decrypt(flipped)).rejects.toThrow(/integrity/);

    // Header (24) + three full segments (1016 each): dropping the short final one leaves a
    // stream that ends on a segment not marked final.
    const truncated = sealed.subarray(0, 24 + 3 * 1016);
    await expect(decrypt(truncated)).rejects.toThrow(/integrity/);

    const extended = Buffer.concat([sealed, sealed.subarray(24, 24 + 1016)]);
    await expect(decrypt(extended)).rejects.toThrow(/integrity/);

    await expect(decrypt(sealed, crypto.randomBytes(32))).rejects.toThrow(/integrity/);
    await expect(decrypt(Buffer.from('plain text, never encrypted'))).rejects.toThrow(
      /Not an encrypted Pillar file|Truncated/,
    );
  });
});
