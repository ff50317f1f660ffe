import net from 'node:net';
import { expect } from 'vitest';
import type { Caller, TestApp } from './test-app.ts';

/**
 * Sends a multipart upload over a raw socket and cuts it off mid-stream (the files and the issues
 * tests): `head` holds the fields, a first complete file and the start of a second, under a
 * Content-Length `missingBytes` past the head; 40 kB of the second file follow. Waits until
 * the first file is stored and the second is being written (`stored` lists the storage's
 * objects, `.part` files included, those listed `before` left out), then closes the socket.
 */
export async function cutOffUpload(
  t: TestApp,
  upload: {
    url: string;
    as: Caller;
    boundary: string;
    head: Buffer;
    missingBytes: number;
    stored: () => string[];
    before: readonly string[];
  },
): Promise<void> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(address).port);
  const socket = net.connect({ port, host: '127.0.0.1' });
  try {
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${upload.url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Authorization: Bearer ${await t.tokenFor(upload.as)}\r\n` +
        `Content-Type: multipart/form-data; boundary=${upload.boundary}\r\n` +
        `Content-Length: ${upload.head.length + upload.missingBytes}\r\n\r\n`,
    );
    socket.write(upload.head);
    socket.write(Buffer.alloc(40_000, 0x42));
    const stored = () => {
      const now = upload.stored().filter((f) => !upload.before.includes(f));
      return { complete: now.filter((f) => !f.endsWith('.part')).length, all: now.length };
    };
    await expect.poll(stored, { timeout: 10_000 }).toEqual({ complete: 1, all: 2 });
  } finally {
    socket.destroy();
  }
}
