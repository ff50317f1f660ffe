/**
 * The files scenario of `npm run bench`: one large file (100 MB by default) uploaded through
 * POST /portal/v1/files and downloaded again through GET /portal/v1/files/{id}/download, over
 * loopback, against the API in its own process. Reports each direction's throughput and the
 * server's resident memory before and during each transfer: a streaming server stays flat
 * whatever the file's size. The bytes are generated and hashed as they flow, so the benchmark
 * process does not hold the file either; the download is checked against the upload's SHA-256.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { toMb } from './lib/report.ts';
import { readMemory, settle, watchRss } from './lib/server.ts';

export interface FilesBenchOptions {
  baseUrl: string;
  /** The uploader (may upload and delete files) and the recipient who downloads. */
  uploaderToken: string;
  recipientToken: string;
  recipientUserNo: number;
  organizationNo: number;
  serverPid: number;
  /** Size of the file in bytes. */
  bytes: number;
  /** A smaller transfer first, not measured, so the figures are not the JIT's first run. */
  warmupBytes?: number;
}

export interface TransferReport {
  seconds: number;
  megabytesPerSecond: number;
  serverRssBeforeMb: number | null;
  serverPeakRssMb: number | null;
  /** Peak minus before: what the transfer itself cost the server. */
  serverRssGrowthMb: number | null;
}

export interface FilesBenchReport {
  name: string;
  fileMb: number;
  upload: TransferReport;
  download: TransferReport & { sha256Matches: boolean };
  ok: boolean;
}

const LINE = 'E100234,OKAFOR,MARCUS,1979-04-12,EE,00001-01,2026-01-01,A,';

/** CSV-like text of exactly `bytes` bytes in 1 MiB chunks, hashed as it is produced. */
function generatedFile(bytes: number, hash: crypto.Hash): Readable {
  const chunkSize = 1024 * 1024;
  const template = Buffer.alloc(chunkSize);
  for (let i = 0; i < chunkSize; i++) {
    template[i] = i % 64 === 63 ? 0x0a : LINE.charCodeAt(i % LINE.length);
  }
  let sent = 0;
  let counter = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.push(null);
        return;
      }
      const size = Math.min(chunkSize, bytes - sent);
      const chunk = Buffer.from(template.subarray(0, size));
      // Different bytes in every chunk, so nothing along the way can deduplicate them.
      chunk.write(String(counter++).padStart(12, '0'), 0, 'latin1');
      hash.update(chunk);
      sent += size;
      this.push(chunk);
    },
  });
}

/** A multipart/form-data body streamed around the file: fields first, as the web app sends. */
function multipartStream(
  fields: [string, string][],
  fileName: string,
  file: Readable,
): { body: Readable; contentType: string } {
  const boundary = `----pillar-bench-${crypto.randomBytes(8).toString('hex')}`;
  const head =
    fields
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    'Content-Type: text/csv\r\n\r\n';
  async function* parts() {
    yield Buffer.from(head);
    yield* file;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    body: Readable.from(parts()),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST with a streamed body over node:http (lighter than fetch's web streams). */
function postStream(
  url: string,
  headers: Record<string, string>,
  body: Readable,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    body.on('error', (error) => request.destroy(error));
    body.pipe(request);
  });
}

/** GET, hashing and counting the body as it arrives; nothing is kept. */
function getHashed(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const hash = crypto.createHash('sha256');
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, sha256: hash.digest('hex') }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function transfer(seconds: number, bytes: number, before?: number, peak?: number) {
  return {
    seconds: Math.round(seconds * 100) / 100,
    megabytesPerSecond: Math.round((bytes / 1024 ** 2 / seconds) * 10) / 10,
    serverRssBeforeMb: toMb(before),
    serverPeakRssMb: toMb(peak),
    serverRssGrowthMb:
      before === undefined || peak === undefined ? null : toMb(Math.max(0, peak - before)),
  };
}

export async function runFilesBench(options: FilesBenchOptions): Promise<FilesBenchReport> {
  if (options.warmupBytes) {
    const warmup = await measureTransfers({ ...options, bytes: options.warmupBytes });
    if (!warmup.ok) throw new Error('the warm-up transfer failed');
  }
  return measureTransfers(options);
}

async function measureTransfers(options: FilesBenchOptions): Promise<FilesBenchReport> {
  const { baseUrl, bytes } = options;
  const fileMb = Math.round((bytes / 1024 ** 2) * 10) / 10;
  const name = `files.upload+download (${fileMb} MB)`;

  // Upload.
  const uploadHash = crypto.createHash('sha256');
  const { body, contentType } = multipartStream(
    [
      ['categoryId', '2'],
      ['organizationNo', String(options.organizationNo)],
      ['phi', 'false'],
      ['recipientId', String(options.recipientUserNo)],
    ],
    `bench-${Date.now()}.csv`,
    generatedFile(bytes, uploadHash),
  );
  await settle(baseUrl);
  const beforeUpload = readMemory(options.serverPid)?.rss;
  const uploadRss = watchRss(options.serverPid, 50);
  const uploadStarted = performance.now();
  const uploaded = await postStream(
    `${baseUrl}/portal/v1/files`,
    { authorization: `Bearer ${options.uploaderToken}`, 'content-type': contentType },
    body,
  );
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const uploadPeak = uploadRss.stop();
  if (uploaded.status !== 201) {
    throw new Error(`upload answered ${uploaded.status}: ${uploaded.text}`);
  }
  const { data } = JSON.parse(uploaded.text) as { data: { id: string; size: number }[] };
  const file = data[0]!;
  if (file.size !== bytes) throw new Error(`stored ${file.size} bytes, sent ${bytes}`);
  const expectedSha = uploadHash.digest('hex');

  // Download, as the recipient.
  await settle(baseUrl);
  const beforeDownload = readMemory(options.serverPid)?.rss;
  const downloadRss = watchRss(options.serverPid, 50);
  const downloadStarted = performance.now();
  const downloaded = await getHashed(`${baseUrl}/portal/v1/files/${file.id}/download`, {
    authorization: `Bearer ${options.recipientToken}`,
  });
  const downloadSeconds = (performance.now() - downloadStarted) / 1000;
  const downloadPeak = downloadRss.stop();
  if (downloaded.status !== 200) throw new Error(`download answered ${downloaded.status}`);
  const sha256Matches = downloaded.bytes === bytes && downloaded.sha256 === expectedSha;

  const removed = await fetch(`${baseUrl}/portal/v1/files/${file.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${options.uploaderToken}` },
  });
  return {
    name,
    fileMb,
    upload: transfer(uploadSeconds, bytes, beforeUpload, uploadPeak),
    download: {
      ...transfer(downloadSeconds, bytes, beforeDownload, downloadPeak),
      sha256Matches,
    },
    ok: sha256Matches && removed.status === 204,
  };
}
