import { describe, expect, it } from 'vitest';
import { CLAIMS_WRITE_FIELDS } from '@pillar/domain';
import type {
  ClaimsFile,
  CompletedJob,
  GeneratedTemplate,
  MappedClaimsFile,
  MappingJob,
  MappingSourceAnswer,
  Template,
  UploadAnswer,
} from '@pillar/domain';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { runMappingJob } from '../data-mapping/index.ts';

let t: TestApp;
// Jobs are queued; each test runs the attempt itself (what the mapping worker calls).
useTestApp((app) => (t = app), { startJobs: true });

const OPP = 1;
const base = (opp = OPP) => `/evaluate/v1/opps/${opp}`;

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.injectAs('financialAnalyst', { method, url, ...(payload ? { payload } : {}) });
}
async function ok<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

async function accepted(name: string, content: string, opp = OPP): Promise<ClaimsFile> {
  const body = multipartBody([], [{ name, content }]);
  const up = await t.injectAs('financialAnalyst', {
    method: 'POST',
    url: `${base(opp)}/upload-file`,
    payload: body.payload,
    headers: body.headers,
  });
  expect(up.statusCode, up.body).toBe(200);
  return ok<ClaimsFile>('POST', `${base(opp)}/accept-file`, {
    fileHash: up.json<UploadAnswer>().fileHash,
  });
}

const CSV = [
  'Claim No,Member,Date Filled,NDC,Qty,Days,Paid',
  'C1,M1,2026-01-05,00002143380,30,30,12.50',
  'C2,M2,2026-02-03,00093714656,60,30,8.00',
  'C3,M2,2026-03-31,00093714656,60,30,8.00',
].join('\n');

describe('mapping an accepted claims file with the data mapper (decision 0132)', () => {
  it('answers a read schema of its columns, the claims write schema and a job source; the job maps it and the mapped file registers', async () => {
    const file = await accepted('claims.csv', CSV);
    const source = await ok<MappingSourceAnswer>(
      'POST',
      `${base()}/claims-files/${file.id}/mapping-source`,
    );
    const read = await ok<{ fields: { name: string }[]; mediaType: string }>(
      'GET',
      `/datamapping/v1/schemas/${source.readSchemaId}`,
    );
    expect(read.mediaType).toBe('csv');
    expect(read.fields.map((f) => f.name)).toEqual([
      'Claim No',
      'Member',
      'Date Filled',
      'NDC',
      'Qty',
      'Days',
      'Paid',
    ]);
    const write = await ok<{ name: string }>(
      'GET',
      `/datamapping/v1/schemas/${source.writeSchemaId}`,
    );
    expect(write.name).toBe('Standard_Claims');

    const generated = await ok<GeneratedTemplate>(
      'POST',
      `/datamapping/v1/templates/schemas/${source.readSchemaId}/${source.writeSchemaId}`,
      { fileStorageId: source.fileStorageId },
    );
    const guessed = Object.fromEntries(generated.mappings.map((m) => [m.target, m.source]));
    expect(guessed).toMatchObject({ claimId: 'Claim No', memberId: 'Member', ndc: 'NDC' });
    // The percent populated is read from the stored claims file through the source id.
    expect(
      generated.columns.find((c) => c.target === 'claimId')?.sourceColumnPercentPopulated,
    ).toBe(100);
    const template = await ok<Template>('POST', '/datamapping/v1/templates', {
      name: generated.name,
      readSchemaId: source.readSchemaId,
      writeSchemaId: source.writeSchemaId,
      fileStorageId: source.fileStorageId,
      mappings: generated.mappings.map((m) =>
        m.target === 'fillDate'
          ? { target: 'fillDate', source: 'Date Filled' }
          : m.target === 'quantity'
            ? { target: 'quantity', source: 'Qty' }
            : m.target === 'daysSupply'
              ? { target: 'daysSupply', source: 'Days' }
              : m,
      ),
    });
    const job = await ok<MappingJob>('POST', '/datamapping/v1/jobs', {
      templateId: template.id,
      fileStorageId: source.fileStorageId,
    });
    await runMappingJob(
      { db: t.ctx.db, storage: await createFileStorage(t.ctx.config.storage, t.ctx.secrets) },
      job.id,
    );
    const done = await ok<CompletedJob>('GET', `/datamapping/v1/jobs/completed/${job.id}`);
    expect(done.rowsWritten).toBe(3);

    const mapped = await ok<MappedClaimsFile>('POST', `${base()}/claims`, {
      mappedFileStorageId: done.filestorageid,
      unmappedFileStorageId: file.fileStorageId,
      mappedFileName: 'claims_mapped.csv',
    });
    expect(mapped.claimCount).toBe(3);
    expect(mapped.minDate).toBe('2026-01-05');
    expect(mapped.maxDate).toBe('2026-03-31');
    // The Summary's columns (decision 0145 'Summary columns'): the six renamed source columns
    // are neither dropped nor created; Paid, which the template leaves unread, is dropped; the
    // standard columns no source column fed (written blank) are created.
    const fed = ['claimId', 'memberId', 'fillDate', 'ndc', 'quantity', 'daysSupply'];
    expect(mapped.droppedCount).toBe(1);
    expect(mapped.createdCols).toEqual(
      CLAIMS_WRITE_FIELDS.map((f) => f.name).filter((name) => !fed.includes(name)),
    );
    // The claims file itself is untouched: it is still listed and still readable.
    const lists = await ok<{ unmappedFiles: ClaimsFile[] }>('GET', `${base()}/claims`);
    expect(lists.unmappedFiles.map((f) => f.id)).toContain(file.id);
  });

  it("reads a fixed-width file's column starts from its header line", async () => {
    const file = await accepted('claims.dat', 'CLAIM  MEMBER\nC1     M1\nC2     M2\n');
    const source = await ok<MappingSourceAnswer>(
      'POST',
      `${base()}/claims-files/${file.id}/mapping-source`,
    );
    const read = await ok<{ mediaType: string; fields: object[] }>(
      'GET',
      `/datamapping/v1/schemas/${source.readSchemaId}`,
    );
    expect(read.mediaType).toBe('fixed');
    expect(read.fields).toMatchObject([
      { name: 'CLAIM', startLoc: 1, locLength: 7 },
      { name: 'MEMBER', startLoc: 8 },
    ]);
  });

  it('answers the same read schema and job source on every visit, adding no rows (decision 0140)', async () => {
    const file = await accepted('visits.csv', 'Claim,Member,Filled\nV1,M1,2026-01-05\n');
    const url = `${base()}/claims-files/${file.id}/mapping-source`;
    const schemas = async () =>
      (await t.ctx.db.selectFrom('dm_schema').select('schema_no').execute()).length;
    const samples = async () =>
      (await t.ctx.db.selectFrom('dm_sample_file').select('file_storage_id').execute()).length;
    const first = await ok<MappingSourceAnswer>('POST', url);
    const [schemaCount, sampleCount] = [await schemas(), await samples()];
    const second = await ok<MappingSourceAnswer>('POST', url);
    const third = await ok<MappingSourceAnswer>('POST', url);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await schemas()).toBe(schemaCount);
    expect(await samples()).toBe(sampleCount);
    // Another analyst of the opportunity gets the same source, made theirs: a job starts from it.
    const other = await t.injectAs('superAdmin', { method: 'POST', url });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json<MappingSourceAnswer>().fileStorageId).toBe(first.fileStorageId);
    expect(await samples()).toBe(sampleCount);
    // A different file gets its own read schema.
    const another = await accepted('visits2.csv', 'Claim,Member\nW1,M1\n');
    const its = await ok<MappingSourceAnswer>(
      'POST',
      `${base()}/claims-files/${another.id}/mapping-source`,
    );
    expect(its.readSchemaId).not.toBe(first.readSchemaId);
    expect(its.fileStorageId).not.toBe(first.fileStorageId);
  });

  it('answers 404 for a file of another opportunity or one that does not exist', async () => {
    const file = await accepted('claims.csv', CSV);
    expect(
      (await call('POST', `${base(2)}/claims-files/${file.id}/mapping-source`)).statusCode,
    ).toBe(404);
    expect((await call('POST', `${base()}/claims-files/999999/mapping-source`)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `${base()}/claims-files/abc/mapping-source`)).statusCode).toBe(400);
  });
});
