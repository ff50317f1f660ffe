import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageNotFoundError } from './file-storage.ts';
import { createS3FileStorage, parseS3Url } from './s3-file-storage.ts';

/**
 * A small S3-compatible server (path-style PutObject, GetObject, HeadObject, DeleteObject and
 * the multipart calls), enough to run the adapter against real HTTP and real SigV4 requests.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const aborted: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3.local');
    const key = decodeURIComponent(url.pathname.slice(1));
    const uploadId = url.searchParams.get('uploadId');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const xml = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
      };
      const etag = () => `"${crypto.createHash('md5').update(body).digest('hex')}"`;
      if (request.method === 'POST' && url.searchParams.has('uploads')) {
        const id = crypto.randomUUID();
        uploads.set(id, { key, parts: new Map() });
        const [bucket, ...rest] = key.split('/');
        return xml(
          200,
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${rest.join('/')}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (request.method === 'PUT' && uploadId) {
        uploads.get(uploadId)!.parts.set(Number(url.searchParams.get('partNumber')), body);
        response.writeHead(200, { etag: etag() });
        return response.end();
      }
      if (request.method === 'POST' && uploadId) {
        const upload = uploads.get(uploadId)!;
        const parts = [...upload.parts.entries()].sort((a, b) => a[0] - b[0]).map((p) => p[1]);
        objects.set(upload.key, Buffer.concat(parts));
        uploads.delete(uploadId);
        return xml(
          200,
          `<CompleteMultipartUploadResult><ETag>"x"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (request.method === 'DELETE' && uploadId) {
        uploads.delete(uploadId);
        aborted.push(uploadId);
        response.writeHead(204);
        return response.end();
      }
      if (request.method === 'PUT') {
        objects.set(key, body);
        response.writeHead(200, { etag: etag() });
        return response.end();
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      const object = objects.get(key);
      if (!object) {
        if (request.method === 'HEAD') {
          response.writeHead(404);
          return response.end();
        }
        return xml(
          404,
          '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
        );
      }
      response.writeHead(200, {
        'content-length': object.length,
        'content-type': 'application/octet-stream',
        etag: '"x"',
      });
      response.end(request.method === 'HEAD' ? undefined : object);
    });
  });
  return { server, objects, uploads, aborted };
}

const s3 = fakeS3();
let endpoint: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => s3.server.close(resolve));
});

function storage() {
  return createS3FileStorage({
    ...parseS3Url(
      `s3://pillar-files/tenant-a?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    ),
    credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    partSize: 5 * 1024 * 1024,
    queueSize: 2,
  });
}

describe('S3 file storage', () => {
  it('reads the bucket, prefix, region, endpoint and encryption from the URL', () => {
    expect(parseS3Url('s3://files/pillar/prod/?region=eu-west-1&sse=AES256')).toMatchObject({
      bucket: 'files',
      prefix: 'pillar/prod/',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      serverSideEncryption: 'AES256',
    });
    expect(parseS3Url('s3://files?endpoint=http://minio:9000')).toMatchObject({
      prefix: '',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    expect(() => parseS3Url('s3://key:secret@files')).toThrow(/credentials/);
  });

  it('puts, reads, checks and deletes a small object under the prefix', async () => {
    const store = storage();
    await store.put('small-object', Readable.from([Buffer.from('hello, '), Buffer.from('S3')]));
    expect(s3.objects.get('pillar-files/tenant-a/small-object')?.toString()).toBe('hello, S3');
    expect((await buffer(await store.get('small-object'))).toString()).toBe('hello, S3');
    expect(await store.exists('small-object')).toBe(true);
    await store.delete('small-object');
    expect(await store.exists('small-object')).toBe(false);
    await expect(store.get('small-object')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('streams a large object as a multipart upload', async () => {
    const store = storage();
    const content = crypto.randomBytes(11 * 1024 * 1024 + 17);
    async function* chunks() {
      for (let i = 0; i < content.length; i += 64 * 1024) yield content.subarray(i, i + 64 * 1024);
    }
    await store.put('large-object', Readable.from(chunks()));
    expect(s3.objects.get('pillar-files/tenant-a/large-object')?.equals(content)).toBe(true);
    expect((await buffer(await store.get('large-object'))).equals(content)).toBe(true);
  });

  it('aborts the multipart upload when the source fails, leaving no object', async () => {
    const store = storage();
    async function* failing() {
      for (let i = 0; i < 12; i++) yield Buffer.alloc(1024 * 1024, i);
      throw new Error('client went away');
    }
    const abortedBefore = s3.aborted.length;
    await expect(store.put('cut-off', Readable.from(failing()))).rejects.toThrow(
      'client went away',
    );
    expect(s3.objects.has('pillar-files/tenant-a/cut-off')).toBe(false);
    expect(s3.aborted.length).toBe(abortedBefore + 1);
    expect(s3.uploads.size).toBe(0);
  });
});
