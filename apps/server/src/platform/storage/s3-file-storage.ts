import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type ServerSideEncryption,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { StorageNotFoundError, assertStorageKey, type FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key ('' or ending in '/'). */
  prefix: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Ceph, R2); AWS itself when unset. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Server-side encryption to ask for, e.g. 'AES256' or 'aws:kms'. */
  serverSideEncryption?: ServerSideEncryption;
  /** Explicit credentials (tests); otherwise the AWS SDK's default chain (AWS_ACCESS_KEY_ID, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bytes per multipart part; memory per upload is about partSize × (queueSize + 1). */
  partSize?: number;
  queueSize?: number;
}

/**
 * `s3://bucket/optional/prefix?region=us-east-1&endpoint=https://minio:9000&forcePathStyle=true&sse=AES256`.
 * Credentials never go in the URL: the SDK reads them from its usual places.
 */
export function parseS3Url(value: string): S3StorageOptions {
  const url = new URL(value);
  if (url.protocol !== 's3:') throw new Error('An S3 storage URL starts with s3://');
  if (url.username || url.password) {
    throw new Error(
      'Put S3 credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, not in STORAGE_URL',
    );
  }
  const bucket = url.hostname;
  if (!bucket) throw new Error('STORAGE_URL names no bucket: s3://bucket/prefix');
  const prefix = url.pathname.replace(/^\/+/, '').replace(/\/*$/, '');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  const pathStyle = url.searchParams.get('forcePathStyle');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    endpoint,
    // S3-compatible servers mostly want path-style addressing; AWS itself does not.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    serverSideEncryption: (url.searchParams.get('sse') as ServerSideEncryption | null) ?? undefined,
  };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * S3 or an S3-compatible store through the AWS SDK. Uploads stream as multipart uploads
 * (lib-storage) with a bounded number of parts in memory; a failed upload is aborted, so no
 * object and no orphaned parts remain.
 */
export function createS3FileStorage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible stores reject the newer
    // default (CRC32 trailers in aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${options.prefix}${key}`;
  };

  return {
    kind: 's3',
    client,

    async put(key, source) {
      const upload = new Upload({
        client,
        params: {
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: source,
          ContentType: 'application/octet-stream',
          ...(options.serverSideEncryption
            ? { ServerSideEncryption: options.serverSideEncryption }
            : {}),
        },
        partSize: options.partSize ?? 8 * 1024 * 1024,
        queueSize: options.queueSize ?? 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The SDK stops reading at its first failure; release the source's resources.
        source.destroy();
        throw error;
      }
    },

    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        );
        const body = answer.Body;
        if (body instanceof Readable) return body;
        if (body && 'transformToWebStream' in body) {
          return Readable.fromWeb(body.transformToWebStream() as never);
        }
        throw new Error('The S3 answer carried no body');
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}
