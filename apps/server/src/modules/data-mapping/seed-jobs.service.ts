import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import { insertJob } from './jobs.repo.ts';
import { runMappingJob } from './jobs.service.ts';
import { insertSampleFile } from './sample-files.repo.ts';
import { seedContentStorage } from './seed-jobs.repo.ts';

/**
 * A demo mapping job (issue 16 "completed jobs"; decision 0136): `content` stored as the user's
 * sample file and mapped through the template by runMappingJob, the worker's own function, with
 * the seed's staged storage; the server moves the source and the output into storage when it
 * starts, so the job's output downloads like any other. Answers the job's number.
 */
export async function runSeedMappingJob(
  db: Kysely<DB>,
  job: {
    templateNo: number;
    userNo: number;
    fileStorageId: string;
    fileName: string;
    content: Buffer;
  },
): Promise<number> {
  const storage = seedContentStorage(db);
  const key = `sample-files/${job.fileStorageId}`;
  await storage.put(key, Readable.from([job.content]));
  await insertSampleFile(db, {
    file_storage_id: job.fileStorageId,
    filename: job.fileName,
    size_bytes: job.content.length,
    storage_key: key,
    created_by: job.userNo,
  });
  const jobNo = await insertJob(db, {
    template_no: job.templateNo,
    source_storage_key: key,
    source_bytes: job.content.length,
    created_by: job.userNo,
  });
  await runMappingJob({ db, storage }, jobNo);
  return jobNo;
}
