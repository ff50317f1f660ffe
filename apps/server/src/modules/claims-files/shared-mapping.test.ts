import { describe, expect, it } from 'vitest';
import type {
  ClaimRangeAnswer,
  ClaimsFile,
  CompletedJob,
  DmSchema,
  GeneratedTemplate,
  MappedClaimsFile,
  MappingJob,
  MappingSourceAnswer,
  Template,
  TemplateMapping,
  TransformationPage,
  UploadAnswer,
} from '@pillar/domain';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { runMappingJob } from '../data-mapping/index.ts';

let t: TestApp;
// Jobs are queued; each test runs the attempt itself (what the mapping worker calls).
useTestApp((app) => (t = app), { startJobs: true });

const shared = (opp: number) => `/shared-claims/v1/opps/${opp}`;
const mappingOf = (opp: number, x: number) => `${shared(opp)}/claims-files/${x}/mapping`;

async function call(
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.injectAs(caller, { method, url, ...(payload ? { payload } : {}) });
}
async function ok<T>(
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const response = await call(caller, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function share(opp: number, who: Caller) {
  const response = await call('financialAnalyst', 'POST', `/evaluate/v1/opps/${opp}/shares`, {
    userId: await t.userNo(who),
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function accepted(caller: Caller, opp: number): Promise<ClaimsFile> {
  const body = multipartBody([], [{ name: 'claims.csv', content: CSV }]);
  const up = await t.injectAs(caller, {
    method: 'POST',
    url: `${shared(opp)}/upload-file`,
    payload: body.payload,
    headers: body.headers,
  });
  expect(up.statusCode, up.body).toBe(200);
  return ok<ClaimsFile>(caller, 'POST', `${shared(opp)}/accept-file`, {
    fileHash: up.json<UploadAnswer>().fileHash,
    phi: false,
  });
}

const CSV = [
  'Claim No,Member,Date Filled,NDC,Qty,Days,Paid',
  'C1,M1,2026-01-05,00002143380,30,30,12.50',
  'C2,M2,2026-02-03,00093714656,60,30,8.00',
].join('\n');

const FIXES: Record<string, string> = {
  fillDate: 'Date Filled',
  quantity: 'Qty',
  daysSupply: 'Days',
};
const mapped = (mappings: TemplateMapping[]) =>
  mappings.map((m) => (FIXES[m.target] ? { target: m.target, source: FIXES[m.target]! } : m));

/** The Mapping stage's calls as the web makes them, up to a saved template. */
async function templateFor(caller: Caller, opp: number, file: ClaimsFile) {
  const source = await ok<MappingSourceAnswer>(
    caller,
    'POST',
    `${shared(opp)}/claims-files/${file.id}/mapping-source`,
  );
  const generated = await ok<GeneratedTemplate>(
    caller,
    'POST',
    `${mappingOf(opp, file.id)}/generated-template`,
  );
  const template = await ok<Template>(caller, 'POST', `${mappingOf(opp, file.id)}/templates`, {
    name: generated.name,
    readSchemaId: source.readSchemaId,
    writeSchemaId: source.writeSchemaId,
    fileStorageId: source.fileStorageId,
    mappings: mapped(generated.mappings),
  });
  return { source, generated, template };
}

async function runJob(jobNo: number) {
  await runMappingJob(
    { db: t.ctx.db, storage: await createFileStorage(t.ctx.config.storage, t.ctx.secrets) },
    jobNo,
  );
}

describe('mapping a shared claims file (decision 0144, Mapping for shared users)', () => {
  it('a shared broker maps the file end to end through /shared-claims/v1 and registers it', async () => {
    await share(4, 'broker');
    const file = await accepted('broker', 4);
    const map = mappingOf(4, file.id);
    // The broker holds no data-mapper permission: the data mapper's own calls stay closed.
    expect((await call('broker', 'GET', '/datamapping/v1/transformations')).statusCode).toBe(403);

    const read = await ok<DmSchema>('broker', 'GET', `${map}/read-schema`);
    expect(read.fields.map((f) => f.name)).toEqual(CSV.split('\n')[0]!.split(','));
    const guide = await ok<TransformationPage>('broker', 'GET', `${shared(4)}/transformations`);
    expect(guide.data.length).toBeGreaterThan(0);
    const { source, generated, template } = await templateFor('broker', 4, file);
    expect(generated.readSchemaId).toBe(source.readSchemaId);
    expect(generated.writeSchemaId).toBe(source.writeSchemaId);
    expect(template.readSchemaId).toBe(read.id);
    // Saved again (the editor updates the template it created).
    const renamed = await ok<Template>('broker', 'PUT', `${map}/templates`, {
      id: template.id,
      name: 'Broker_Claims',
      readSchemaId: source.readSchemaId,
      writeSchemaId: source.writeSchemaId,
      fileStorageId: source.fileStorageId,
      mappings: template.mappings,
    });
    expect(renamed.name).toBe('Broker_Claims');

    const job = await ok<MappingJob>('broker', 'POST', `${map}/jobs`, {
      templateId: template.id,
      fileStorageId: source.fileStorageId,
    });
    expect((await ok<MappingJob>('broker', 'GET', `${map}/jobs/${job.id}`)).status).toBe('queued');
    // Not completed yet: no output.
    expect((await call('broker', 'GET', `${map}/jobs/${job.id}/completed`)).statusCode).toBe(404);
    await runJob(job.id);
    // An analyst opens the same file's Mapping stage (the job source becomes theirs); the
    // broker's polls read the job without taking it back (no write on a read).
    await ok(
      'financialAnalyst',
      'POST',
      `/evaluate/v1/opps/4/claims-files/${file.id}/mapping-source`,
    );
    const owner = () =>
      t.ctx.db
        .selectFrom('dm_sample_file')
        .select('created_by')
        .where('file_storage_id', '=', source.fileStorageId)
        .executeTakeFirstOrThrow();
    expect((await owner()).created_by).toBe(await t.userNo('financialAnalyst'));
    expect((await ok<MappingJob>('broker', 'GET', `${map}/jobs/${job.id}`)).status).toBe(
      'completed',
    );
    const done = await ok<CompletedJob>('broker', 'GET', `${map}/jobs/${job.id}/completed`);
    expect(done.rowsWritten).toBe(2);
    expect((await owner()).created_by).toBe(await t.userNo('financialAnalyst'));

    const registered = await call('broker', 'POST', `${shared(4)}/claims`, {
      mappedFileStorageId: done.filestorageid,
      unmappedFileStorageId: file.fileStorageId,
      mappedFileName: 'claims_mapped.csv',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const mappedFile = registered.json<MappedClaimsFile>();
    expect(mappedFile.claimCount).toBe(2);
    const range = await ok<ClaimRangeAnswer>(
      'broker',
      'GET',
      `${shared(4)}/claims/${mappedFile.id}?minDate=2026-01-05&maxDate=2026-02-03`,
    );
    expect(range.totalCount).toBe(2);
  });

  it("answers 404 for another opportunity's file, template or job, and 400 naming a foreign schema or source", async () => {
    await share(5, 'client');
    await share(6, 'client');
    const a = await accepted('client', 5);
    const b = await accepted('client', 6);
    const ta = await templateFor('client', 5, a);
    const tb = await templateFor('client', 6, b);
    const jobA = await ok<MappingJob>('client', 'POST', `${mappingOf(5, a.id)}/jobs`, {
      templateId: ta.template.id,
      fileStorageId: ta.source.fileStorageId,
    });

    // File a is not opportunity 6's.
    for (const path of ['read-schema', `jobs/${jobA.id}`, `jobs/${jobA.id}/completed`])
      expect((await call('client', 'GET', `${mappingOf(6, a.id)}/${path}`)).statusCode, path).toBe(
        404,
      );
    expect(
      (await call('client', 'POST', `${mappingOf(6, a.id)}/generated-template`)).statusCode,
    ).toBe(404);
    // Opportunity 6's own file, with opportunity 5's template or job.
    expect((await call('client', 'GET', `${mappingOf(6, b.id)}/jobs/${jobA.id}`)).statusCode).toBe(
      404,
    );
    const foreignJob = await call('client', 'POST', `${mappingOf(6, b.id)}/jobs`, {
      templateId: ta.template.id,
      fileStorageId: tb.source.fileStorageId,
    });
    expect(foreignJob.statusCode).toBe(404);
    const foreignUpdate = await call('client', 'PUT', `${mappingOf(6, b.id)}/templates`, {
      ...ta.template,
      id: ta.template.id,
      description: '',
    });
    expect(foreignUpdate.statusCode, foreignUpdate.body).toBe(404);
    // A data mapper's template of the same file (not the caller's source): 404 too.
    const internal = await t.ctx.db
      .selectFrom('dm_template')
      .select('template_no')
      .where('file_storage_id', 'is', null)
      .executeTakeFirstOrThrow();
    const notScoped = await call('client', 'POST', `${mappingOf(5, a.id)}/jobs`, {
      templateId: internal.template_no,
      fileStorageId: ta.source.fileStorageId,
    });
    expect(notScoped.statusCode).toBe(404);
    // Opportunity 5's template with opportunity 6's source: 400 naming the field.
    const wrongSource = await call('client', 'POST', `${mappingOf(5, a.id)}/jobs`, {
      templateId: ta.template.id,
      fileStorageId: tb.source.fileStorageId,
    });
    expect(wrongSource.statusCode).toBe(400);
    expect(wrongSource.json<{ params: Record<string, string> }>().params).toHaveProperty(
      'fileStorageId',
    );
    const wrongRead = await call('client', 'POST', `${mappingOf(5, a.id)}/templates`, {
      name: 'Other_Read',
      readSchemaId: tb.source.readSchemaId,
      writeSchemaId: ta.source.writeSchemaId,
      fileStorageId: ta.source.fileStorageId,
      mappings: ta.template.mappings,
    });
    expect(wrongRead.statusCode).toBe(400);
    expect(wrongRead.json<{ params: Record<string, string> }>().params).toHaveProperty(
      'readSchemaId',
    );
    // Another external user without a share of opportunity 5: 404 everywhere.
    expect((await call('broker', 'GET', `${mappingOf(5, a.id)}/jobs/${jobA.id}`)).statusCode).toBe(
      404,
    );
    expect((await call('broker', 'GET', `${shared(5)}/transformations`)).statusCode).toBe(404);
  });

  it('answers 404 once the share has ended', async () => {
    await share(7, 'client');
    const file = await accepted('client', 7);
    const { source, template } = await templateFor('client', 7, file);
    const job = await ok<MappingJob>('client', 'POST', `${mappingOf(7, file.id)}/jobs`, {
      templateId: template.id,
      fileStorageId: source.fileStorageId,
    });
    await runJob(job.id);
    expect(
      (await call('client', 'GET', `${mappingOf(7, file.id)}/jobs/${job.id}/completed`)).statusCode,
    ).toBe(200);
    const removed = await call(
      'financialAnalyst',
      'DELETE',
      `/evaluate/v1/opps/7/shares/${await t.userNo('client')}`,
    );
    expect(removed.statusCode).toBe(204);
    for (const path of ['read-schema', `jobs/${job.id}`, `jobs/${job.id}/completed`])
      expect(
        (await call('client', 'GET', `${mappingOf(7, file.id)}/${path}`)).statusCode,
        path,
      ).toBe(404);
    expect(
      (await call('client', 'POST', `${mappingOf(7, file.id)}/generated-template`)).statusCode,
    ).toBe(404);
    expect((await call('client', 'GET', `${shared(7)}/transformations`)).statusCode).toBe(404);
    const again = await call('client', 'POST', `${mappingOf(7, file.id)}/jobs`, {
      templateId: template.id,
      fileStorageId: source.fileStorageId,
    });
    expect(again.statusCode).toBe(404);
  });
});
