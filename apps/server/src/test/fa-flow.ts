import { expect } from 'vitest';
import type { ClaimsFile, FaJobStatus, MappedClaimsFile, UploadAnswer } from '@pillar/domain';
import { runFaJob } from '../modules/pricing/index.ts';
import { createFileStorage } from '../platform/storage/create-file-storage.ts';
import { stageMappingOutput } from './mapping-output.ts';
import { multipartBody } from './multipart.ts';
import type { TestApp } from './test-app.ts';

/*
 * The claims flow up to a complete FA job, as the financial analyst, for the tests that price a
 * mapped file of their own: an upload accepted, `csv` registered as a completed mapping job's
 * output of it (decision 0144 'Mapped file scope'), and an FA job created and run on it.
 */

/** The FA job's selections the tests take unless they say otherwise. */
export const FA_JOB_SELECTIONS = {
  pricingOption: 'Commercial',
  disruptionType: '3TIER',
  pbmSpecialtyOverride: 'N/A',
  retail90: 1,
} as const;

async function asAnalyst<T>(t: TestApp, url: string, payload: object, status: number) {
  const response = await t.injectAs('financialAnalyst', { method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

/** `csv` registered as the mapped claims file of a new upload to opportunity `opp`. */
export async function registeredClaimsFile(
  t: TestApp,
  opp: number,
  csv: string,
): Promise<MappedClaimsFile> {
  const base = `/evaluate/v1/opps/${opp}`;
  const body = multipartBody([], [{ name: 'claims.csv', content: 'a,b\n1,2\n' }]);
  const up = await t.injectAs('financialAnalyst', {
    method: 'POST',
    url: `${base}/upload-file`,
    payload: body.payload,
    headers: body.headers,
  });
  expect(up.statusCode, up.body).toBe(200);
  const accepted = await asAnalyst<ClaimsFile>(
    t,
    `${base}/accept-file`,
    { fileHash: up.json<UploadAnswer>().fileHash },
    200,
  );
  const key = await stageMappingOutput(t, accepted.fileStorageId, csv);
  return asAnalyst<MappedClaimsFile>(
    t,
    `${base}/claims`,
    {
      mappedFileStorageId: key,
      unmappedFileStorageId: accepted.fileStorageId,
      mappedFileName: 'm.csv',
    },
    201,
  );
}

/** An FA job created on `mapped` and run to its end; answers the job as its status call reads. */
export async function ranFaJob(
  t: TestApp,
  opp: number,
  mapped: MappedClaimsFile,
  selections: object = FA_JOB_SELECTIONS,
): Promise<FaJobStatus> {
  const created = await asAnalyst<FaJobStatus>(
    t,
    `/evaluate/v1/opps/fa_jobs/${opp}`,
    { ...selections, fileStorageID: mapped.id },
    201,
  );
  expect(created.status).toBe('CREATED');
  const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
  await runFaJob({ db: t.ctx.db, storage }, created.faJobId!);
  const job = await t.injectAs('financialAnalyst', {
    method: 'GET',
    url: `/evaluate/v1/opps/fa_jobs/${opp}/${mapped.id}`,
  });
  expect(job.statusCode, job.body).toBe(200);
  return job.json<FaJobStatus>();
}
