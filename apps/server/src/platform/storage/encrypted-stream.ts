import crypto from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Streamed AES-256-GCM in fixed-size segments, so a file of any size is encrypted and
 * decrypted with a constant amount of memory, and every segment is authenticated before its
 * plaintext is released.
 *
 * Layout: a 24-byte header (magic 'PLF1', segment size as uint32 BE, 16-byte random salt), then
 * segments of up to SEGMENT_SIZE ciphertext bytes each followed by its 16-byte tag. Each file
 * gets its own key, HKDF-SHA256(files key, salt); segment i uses the nonce 0x00000000 || i
 * (uint64 BE), which never repeats under one key. The header and a final-segment flag are the
 * additional data, so a reordered, truncated or extended file fails authentication.
 */
export const SEGMENT_SIZE = 64 * 1024;
const MAGIC = Buffer.from('PLF1', 'ascii');
const SALT_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 4 + SALT_BYTES;
const TAG_BYTES = 16;
const KEY_INFO = 'pillar file segment key v1';

/** Ciphertext size of a plaintext of `size` bytes, header included. */
export function encryptedSize(size: number, segmentSize = SEGMENT_SIZE): number {
  const segments = Math.max(1, Math.ceil(size / segmentSize));
  return HEADER_BYTES + size + segments * TAG_BYTES;
}

function fileKey(masterKey: Buffer, salt: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', masterKey, salt, KEY_INFO, 32));
}

function nonce(index: number): Buffer {
  const iv = Buffer.alloc(12);
  iv.writeBigUInt64BE(BigInt(index), 4);
  return iv;
}

function additionalData(header: Buffer, final: boolean): Buffer {
  return Buffer.concat([header, Buffer.from([final ? 1 : 0])]);
}

export class EncryptStream extends Transform {
  readonly #key: Buffer;
  readonly #header: Buffer;
  readonly #segmentSize: number;
  readonly #buffer: Buffer;
  #filled = 0;
  #index = 0;

  constructor(masterKey: Buffer, segmentSize = SEGMENT_SIZE) {
    super();
    const salt = crypto.randomBytes(SALT_BYTES);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(segmentSize);
    this.#header = Buffer.concat([MAGIC, size, salt]);
    this.#key = fileKey(masterKey, salt);
    this.#segmentSize = segmentSize;
    this.#buffer = Buffer.alloc(segmentSize);
    this.push(this.#header);
  }

  #seal(final: boolean): void {
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, nonce(this.#index));
    cipher.setAAD(additionalData(this.#header, final));
    const sealed = cipher.update(this.#buffer.subarray(0, this.#filled));
    cipher.final();
    this.push(sealed);
    this.push(cipher.getAuthTag());
    this.#index += 1;
    this.#filled = 0;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let offset = 0;
    while (offset < chunk.length) {
      // A full segment is sealed only once more bytes arrive: the last one must be marked final.
      if (this.#filled === this.#segmentSize) this.#seal(false);
      const count = Math.min(this.#segmentSize - this.#filled, chunk.length - offset);
      chunk.copy(this.#buffer, this.#filled, offset, offset + count);
      this.#filled += count;
      offset += count;
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.#seal(true);
    callback();
  }
}

export class DecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptError';
  }
}

export class DecryptStream extends Transform {
  readonly #masterKey: Buffer;
  #header: Buffer | null = null;
  #key: Buffer | null = null;
  #headerBytes: Buffer = Buffer.alloc(0);
  #buffer: Buffer | null = null;
  #filled = 0;
  #index = 0;

  constructor(masterKey: Buffer) {
    super();
    this.#masterKey = masterKey;
  }

  #open(header: Buffer): void {
    if (!header.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new DecryptError('Not an encrypted Pillar file');
    }
    const segmentSize = header.readUInt32BE(MAGIC.length);
    if (segmentSize < 1 || segmentSize > 16 * 1024 * 1024) {
      throw new DecryptError('Invalid segment size');
    }
    this.#header = header;
    this.#key = fileKey(this.#masterKey, header.subarray(MAGIC.length + 4));
    this.#buffer = Buffer.alloc(segmentSize + TAG_BYTES);
  }

  #openSegment(final: boolean): void {
    const buffer = this.#buffer!;
    if (this.#filled < TAG_BYTES) throw new DecryptError('Truncated file');
    const body = buffer.subarray(0, this.#filled - TAG_BYTES);
    const tag = buffer.subarray(this.#filled - TAG_BYTES, this.#filled);
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key!, nonce(this.#index));
    decipher.setAAD(additionalData(this.#header!, final));
    decipher.setAuthTag(tag);
    const plain = decipher.update(body);
    try {
      decipher.final();
    } catch {
      throw new DecryptError('The file failed its integrity check');
    }
    this.push(plain);
    this.#index += 1;
    this.#filled = 0;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      let offset = 0;
      if (!this.#header) {
        const needed = HEADER_BYTES - this.#headerBytes.length;
        this.#headerBytes = Buffer.concat([this.#headerBytes, chunk.subarray(0, needed)]);
        offset = Math.min(needed, chunk.length);
        if (this.#headerBytes.length < HEADER_BYTES) return callback();
        this.#open(this.#headerBytes);
      }
      const buffer = this.#buffer!;
      while (offset < chunk.length) {
        if (this.#filled === buffer.length) this.#openSegment(false);
        const count = Math.min(buffer.length - this.#filled, chunk.length - offset);
        chunk.copy(buffer, this.#filled, offset, offset + count);
        this.#filled += count;
        offset += count;
      }
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (!this.#header) throw new DecryptError('Truncated file');
      this.#openSegment(true);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}
