import type { Config } from '../../config.ts';
import type { Secrets } from '../secrets.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalFileStorage, deriveFilesKey } from './local-file-storage.ts';

/**
 * The storage the configuration names: `file:///folder` or `s3://bucket/prefix?...`. The AWS SDK
 * (about 35 MB resident) is loaded only when S3 is configured.
 */
export async function createFileStorage(
  config: Config['storage'],
  secrets: Secrets,
): Promise<FileStorage> {
  const url = new URL(config.url);
  if (url.protocol === 'file:') {
    return createLocalFileStorage({ root: url, key: deriveFilesKey(secrets.ssnKey) });
  }
  if (url.protocol === 's3:') {
    const { createS3FileStorage, parseS3Url } = await import('./s3-file-storage.ts');
    return createS3FileStorage(parseS3Url(config.url));
  }
  throw new Error(`Unsupported STORAGE_URL scheme ${url.protocol}`);
}
