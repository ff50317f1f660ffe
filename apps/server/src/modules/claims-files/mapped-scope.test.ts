import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  CLAIMS_FILE_MESSAGES,
  type ClaimsFile,
  type ClaimsFileLists,
  type MappedClaimsFile,
  type UploadAnswer,
} from '@pillar/domain';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { stageMappingOutput } from '../../test/mapping-output.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * Decision 0144 'Mapped file scope': POST /opps/{id}/claims (and its /shared-claims/v1 twin)
 * registers only the output of a completed data-mapper job that read the named accepted claims
 * file of that opportunity. Any other storage key is answered as a missing file, before storage
 * is read, so nothing of it (header, counts) comes back and nothing is registered.
 */

let t: TestApp;
useTestApp((app) => (t = app));

const evaluate = (opp: number) => `/evaluate/v1/opps/${opp}`;
const shared = (opp: number) => `/shared-claims/v1/opps/${opp}`;

const CLAIMS_CSV = 'Claim No,Member,Date Filled\nC1,M1,2026-01-05\nC2,M2,2026-02-03\n';
const MAPPED_CSV = 'claimId,memberId,fillDate\nC1,M1,2026-01-05\nC2,M2,2026-02-03\n';

async function accepted(
  prefix: string,
  caller: Caller = 'financialAnalyst',
  content = CLAIMS_CSV,
): Promise<ClaimsFile> {
  const body = multipartBody([], [{ name: 'claims.csv', content }]);
  const up = await t.injectAs(caller, {
    method: 'POST',
    url: `${prefix}/upload-file`,
    payload: body.payload,
    headers: body.headers,
  });
  expect(up.statusCode, up.body).toBe(200);
  const accept = await t.injectAs(caller, {
    method: 'POST',
    url: `${prefix}/accept-file`,
    payload: { fileHash: up.json<UploadAnswer>().fileHash },
  });
  expect(accept.statusCode, accept.body).toBe(200);
  return accept.json<ClaimsFile>();
}

async function register(
  prefix: string,
  mappedFileStorageId: string,
  unmapped: ClaimsFile,
  caller: Caller = 'financialAnalyst',
) {
  return t.injectAs(caller, {
    method: 'POST',
    url: `${prefix}/claims`,
    payload: {
      mappedFileStorageId,
      unmappedFileStorageId: unmapped.fileStorageId,
      mappedFileName: 'claims_mapped.csv',
    },
  });
}

/** The answer to a key outside the scope: the missing-file 400 on mappedFileStorageId only. */
function expectRefused(response: { statusCode: number; body: string; json: <T>() => T }) {
  expect(response.statusCode, response.body).toBe(400);
  const problem = response.json<{ params?: Record<string, string>; detail?: string }>();
  expect(problem.params).toEqual({ mappedFileStorageId: CLAIMS_FILE_MESSAGES.mappedUnreadable });
  // Nothing read from the file comes back.
  expect(response.body).not.toContain('claimId');
  expect(response.body).not.toContain('claimCount');
}

async function mappedIn(prefix: string, caller: Caller = 'financialAnalyst') {
  const lists = await t.injectAs(caller, { method: 'GET', url: `${prefix}/claims` });
  expect(lists.statusCode, lists.body).toBe(200);
  return lists.json<ClaimsFileLists>().mappedFiles;
}

describe('the mapped file a register call names (decision 0144)', () => {
  it("registers a job's output of the opportunity's accepted file", async () => {
    const file = await accepted(evaluate(1));
    const key = await stageMappingOutput(t, file.fileStorageId, MAPPED_CSV);
    const response = await register(evaluate(1), key, file);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<MappedClaimsFile>()).toMatchObject({ fileStorageId: key, claimCount: 2 });
  });

  it("refuses another opportunity's mapped file, and a job's output of another of its files", async () => {
    const theirs = await accepted(evaluate(1));
    const theirKey = await stageMappingOutput(t, theirs.fileStorageId, MAPPED_CSV);
    expect((await register(evaluate(1), theirKey, theirs)).statusCode).toBe(201);
    const ours = await accepted(evaluate(2), 'financialAnalyst', `${CLAIMS_CSV}C3,M3,2026-03-01\n`);
    const before = await mappedIn(evaluate(2));
    expectRefused(await register(evaluate(2), theirKey, ours));
    // A job's output of one accepted file is not the mapped file of another, same opportunity.
    const sibling = await accepted(
      evaluate(1),
      'financialAnalyst',
      `${CLAIMS_CSV}C4,M4,2026-04-01\n`,
    );
    expectRefused(await register(evaluate(1), theirKey, sibling));
    expect(await mappedIn(evaluate(2))).toEqual(before);
  });

  it("refuses another module's file, the claims file itself and a job's output of another source", async () => {
    const file = await accepted(evaluate(1));
    const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
    // The files module stores a file under its id (a UUID); the data mapper's sample files under
    // sample-files/; both are readable CSVs in storage.
    const filesKey = crypto.randomUUID();
    await storage.put(filesKey, Readable.from([Buffer.from(MAPPED_CSV)]));
    const sampleKey = `sample-files/${crypto.randomUUID()}`;
    await storage.put(sampleKey, Readable.from([Buffer.from(MAPPED_CSV)]));
    const before = await mappedIn(evaluate(1));
    expectRefused(await register(evaluate(1), filesKey, file));
    expectRefused(await register(evaluate(1), sampleKey, file));
    expectRefused(await register(evaluate(1), file.fileStorageId, file));
    // A completed job that read a sample file (not this claims file) wrote this output.
    const otherSource = await stageMappingOutput(t, sampleKey, MAPPED_CSV);
    expectRefused(await register(evaluate(1), otherSource, file));
    expect(await mappedIn(evaluate(1))).toEqual(before);
  });

  it('answers a key shaped like an output but naming no job (its number out of range too) as missing', async () => {
    const file = await accepted(evaluate(1));
    const uuid = crypto.randomUUID();
    for (const key of [
      `mapping-outputs/99999999999-1-${uuid}`,
      `mapping-outputs/2147483648-1-${uuid}`,
      `mapping-outputs/0-1-${uuid}`,
      `mapping-outputs/2147483647-1-${uuid}`,
      `mapping-outputs/1-1-${uuid}/../x`,
    ])
      expectRefused(await register(evaluate(1), key, file));
  });

  it("refuses another opportunity's mapped file through /shared-claims/v1 as well", async () => {
    const share = await t.injectAs('financialAnalyst', {
      method: 'POST',
      url: `${evaluate(3)}/shares`,
      payload: { userId: await t.userNo('client') },
    });
    expect(share.statusCode, share.body).toBe(201);
    const theirs = await accepted(evaluate(1));
    const theirKey = await stageMappingOutput(t, theirs.fileStorageId, MAPPED_CSV);
    const ours = await accepted(shared(3), 'client');
    expectRefused(await register(shared(3), theirKey, ours, 'client'));
    expect(await mappedIn(shared(3), 'client')).toEqual([]);
    // Its own file's output registers.
    const own = await stageMappingOutput(t, ours.fileStorageId, MAPPED_CSV);
    expect((await register(shared(3), own, ours, 'client')).statusCode).toBe(201);
  });
});
