import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type {
  CompletedJob,
  DefinitionSchemaAnswer,
  DmSchema,
  GeneratedTemplate,
  MappingJob,
  SampleFileUploadResult,
  StandardWriteSchema,
  Template,
  Transformation,
} from '@pillar/domain';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { runMappingJob } from './index.ts';

let t: TestApp;
// The job queue runs so POST /jobs can queue; no mapping worker is started: the tests run each
// attempt themselves (runMappingJob), which is what the worker calls.
useTestApp((app) => (t = app), { startJobs: true });

const BASE = '/datamapping/v1';
const analyst: Caller = 'dataMapper';

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.injectAs(analyst, {
    method,
    url: `${BASE}${url}`,
    ...(payload ? { payload } : {}),
  });
}
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

async function upload(name: string, content: Buffer | string): Promise<string> {
  const body = multipartBody([], [{ name, content }]);
  const response = await t.injectAs(analyst, {
    method: 'POST',
    url: `${BASE}/files`,
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SampleFileUploadResult>().fileStorageId;
}

/** The eligibility write schema's id, as a screen finds it (GET /schemas/write). */
async function eligibilityWriteId(): Promise<number> {
  const schemas = await ok<StandardWriteSchema[]>('GET', '/schemas/write');
  return schemas.find((s) => s.key === 'eligibility')!.id;
}

async function deps() {
  return { db: t.ctx.db, storage: await createFileStorage(t.ctx.config.storage, t.ctx.secrets) };
}

async function output(jobId: number): Promise<string> {
  const done = await ok<CompletedJob>('GET', `/jobs/completed/${jobId}`);
  const storage = await createFileStorage(t.ctx.config.storage, t.ctx.secrets);
  return text(await storage.get(done.filestorageid));
}

const NAMES = ['grp', 'eff', 'ssn', 'sex', 'first', 'last', 'dob'];
const ROWS = [
  ['G1', '2026-01-01', '12345', 'female', 'Ann', 'Lee', '1980-02-03'],
  ['', '2026-01-01', '987654321', 'male', 'Bo', 'Ng', '1990-12-31'],
];
const EXPECTED =
  'benefitGroupId,groupEffectiveDate,memberEffectiveDate,employeeSSN,gender,firstName,lastName,dateOfBirth';

/** A read schema, a template using three demo transformations, a job run on `content`. */
async function mapFile(
  fileName: string,
  content: Buffer | string,
  schema: Record<string, unknown>,
) {
  const fileStorageId = await upload(fileName, content);
  const read = await ok<DmSchema>('POST', '/schemas', {
    name: `Src_${fileName.replace(/\W/g, '_')}`,
    fields: NAMES.map((name) => ({ name })),
    ...schema,
  });
  const writeId = await eligibilityWriteId();
  const generated = await ok<GeneratedTemplate>(
    'POST',
    `/templates/schemas/${read.id}/${writeId}`,
    { fileStorageId },
  );
  const mappings = [
    { target: 'benefitGroupId', source: 'grp', transformation: 'Default_Group' },
    { target: 'groupEffectiveDate', source: 'eff' },
    { target: 'memberEffectiveDate', source: 'eff' },
    { target: 'employeeSSN', source: 'ssn', transformation: 'Zero_Pad_SSN' },
    { target: 'gender', source: 'sex', transformation: 'Gender_Code_Map' },
    { target: 'firstName', source: 'first' },
    { target: 'lastName', source: 'last' },
    { target: 'dateOfBirth', source: 'dob' },
  ];
  const template = await ok<Template>('POST', '/templates', {
    name: 'T_' + read.name,
    readSchemaId: read.id,
    writeSchemaId: writeId,
    fileStorageId,
    mappings,
  });
  const job = await ok<MappingJob>('POST', '/jobs', { templateId: template.id, fileStorageId });
  expect(job.status).toBe('queued');
  return { generated, template, job, fileStorageId };
}

function firstLines(csv: string) {
  return csv
    .trim()
    .split('\n')
    .map((l) => l.split(',').slice(0, 8).join(','));
}

describe('mapping jobs end to end', () => {
  it('maps a CSV file: sources guessed, Percent Populated, job status and output', async () => {
    const csv = [NAMES.join(','), ...ROWS.map((r) => r.join(','))].join('\n');
    const { generated, job } = await mapFile('elig.csv', csv, { mediaType: 'csv', delimiter: ',' });
    expect(generated.mappings.find((m) => m.target === 'firstName')?.source).toBe('first');
    expect(generated.mappings.find((m) => m.target === 'dateOfBirth')?.source).toBe('dob');
    expect(generated.columns.find((c) => c.target === 'benefitGroupId')).toMatchObject({
      required: true,
      sourceColumnPercentPopulated: null,
    });
    expect(
      generated.columns.find((c) => c.target === 'firstName')?.sourceColumnPercentPopulated,
    ).toBe(100);
    await runMappingJob(await deps(), job.id);
    const done = await ok<MappingJob>('GET', `/jobs/${job.id}`);
    expect(done).toMatchObject({ status: 'completed', rowsRead: 2, rowsWritten: 2, percent: 100 });
    expect(firstLines(await output(job.id))).toEqual([
      EXPECTED,
      'G1,2026-01-01,2026-01-01,000012345,F,Ann,Lee,1980-02-03',
      'DEFAULT,2026-01-01,2026-01-01,987654321,M,Bo,Ng,1990-12-31',
    ]);
    const completed = await ok<CompletedJob>('GET', `/jobs/completed/${job.id}`);
    expect(completed.templatename).toBe('T_Src_elig_csv');
    expect(completed.fieldsCreated.slice(0, 2)).toEqual(['benefitGroupId', 'groupEffectiveDate']);
  });

  it('maps pipe, fixed-length and XLSX files alike', async () => {
    const pipe = [NAMES.join('|'), ...ROWS.map((r) => r.join('|'))].join('\n');
    const widths = [3, 11, 10, 7, 4, 4, 10];
    const fixedLine = (r: string[]) => r.map((v, i) => v.padEnd(widths[i]!)).join('');
    let start = 1;
    const fixedFields = NAMES.map((name, i) => {
      const f = { name, startLoc: start, locLength: widths[i] };
      start += widths[i]!;
      return f;
    });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(NAMES);
    for (const r of ROWS) ws.addRow(r);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const cases: [string, Buffer | string, Record<string, unknown>][] = [
      ['elig.txt', pipe, { mediaType: 'csv', delimiter: '|' }],
      ['fixed.txt', ROWS.map(fixedLine).join('\r\n'), { mediaType: 'fixed', fields: fixedFields }],
      ['elig.xlsx', xlsx, { mediaType: 'excel', fileHasHeaderRow: true }],
    ];
    for (const [name, content, schema] of cases) {
      const { job } = await mapFile(name, content, schema);
      await runMappingJob(await deps(), job.id);
      expect(firstLines(await output(job.id)), name).toEqual([
        EXPECTED,
        'G1,2026-01-01,2026-01-01,000012345,F,Ann,Lee,1980-02-03',
        'DEFAULT,2026-01-01,2026-01-01,987654321,M,Bo,Ng,1990-12-31',
      ]);
    }
  });

  it('maps an X12 834 (005010X220A1) through the 834 read schema: a row per member and coverage', async () => {
    const x12 = fs.readFileSync(
      path.join(import.meta.dirname, '../../platform/x12/test-files/adds-with-dependents.834'),
    );
    const fileStorageId = await upload('enroll.txt', x12);
    const sources = {
      benefitGroupId: '2000.REF*1L.REF02',
      groupEffectiveDate: 'ST.DTP.DTP03',
      memberEffectiveDate: '2300.DTP*348.DTP03',
      employeeSSN: '2000.REF*0F.REF02',
      gender: '2100A.DMG.DMG03',
      firstName: '2100A.NM1.NM104',
      lastName: '2100A.NM1.NM103',
      dateOfBirth: '2100A.DMG.DMG02',
      relationship: '2000.INS.INS02',
      benefitPackage: '2300.HD.HD04',
    };
    const read = await ok<DmSchema>('POST', '/schemas', {
      name: 'Src_834',
      mediaType: 'edi',
      fields: Object.values(sources).map((name) => ({ name })),
    });
    const template = await ok<Template>('POST', '/templates', {
      name: 'T_834',
      readSchemaId: read.id,
      writeSchemaId: await eligibilityWriteId(),
      fileStorageId,
      mappings: Object.entries(sources).map(([target, source]) => ({ target, source })),
    });
    const job = await ok<MappingJob>('POST', '/jobs', { templateId: template.id, fileStorageId });
    await runMappingJob(await deps(), job.id);
    expect(await ok<MappingJob>('GET', `/jobs/${job.id}`)).toMatchObject({
      status: 'completed',
      rowsRead: 3,
      rowsWritten: 3,
    });
    const lines = (await output(job.id)).trim().split('\n');
    const header = lines[0]!.split(',');
    const column = (line: string, name: string) => line.split(',')[header.indexOf(name)];
    expect(lines.slice(1).map((l) => column(l, 'firstName'))).toEqual(['JOHN', 'MARY', 'EMMA']);
    expect(lines.slice(1).map((l) => column(l, 'relationship'))).toEqual(['18', '01', '19']);
    expect(column(lines[2]!, 'employeeSSN')).toBe('111223333');
    expect(column(lines[2]!, 'dateOfBirth')).toBe('19820304');
    expect(column(lines[1]!, 'benefitPackage')).toBe('RX PLAN GOLD');

    // A wrong SE count: the job fails with the reader's message and position, no output.
    const broken = await upload(
      'broken.txt',
      x12.toString('latin1').replace('SE*45*0001~', 'SE*44*0001~'),
    );
    const failed = await ok<MappingJob>('POST', '/jobs', {
      templateId: template.id,
      fileStorageId: broken,
    });
    await runMappingJob(await deps(), failed.id);
    const answer = await ok<MappingJob>('GET', `/jobs/${failed.id}`);
    expect(answer.status).toBe('failed');
    expect(answer.failure).toMatch(/segment \d+ of the file/);
    expect((await call('GET', `/jobs/completed/${failed.id}`)).statusCode).toBe(404);

    // The same failure before the store listens to the output (it prepares first): the job
    // fails, and the output's error is no uncaught exception (vitest fails the run on one).
    const early = await ok<MappingJob>('POST', '/jobs', {
      templateId: template.id,
      fileStorageId: broken,
    });
    const { db, storage } = await deps();
    const slowStore: FileStorage = {
      kind: storage.kind,
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      put: async (key, source) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return storage.put(key, source);
      },
    };
    await runMappingJob({ db, storage: slowStore }, early.id);
    expect((await ok<MappingJob>('GET', `/jobs/${early.id}`)).status).toBe('failed');
  });

  it('a job killed mid-run and run again gives one complete output', async () => {
    const many = Array.from({ length: 500 }, (_, i) => [
      'G',
      '2026-01-01',
      String(i + 1),
      'male',
      'A',
      'B',
      '2000-01-01',
    ]);
    const csv = [NAMES.join(','), ...many.map((r) => r.join(','))].join('\n');
    const { job } = await mapFile('big.csv', csv, { mediaType: 'csv', delimiter: ',' });
    const controller = new AbortController();
    // Killed once the attempt has written its first 100 rows (its first progress record).
    const killed = runMappingJob(await deps(), job.id, {
      signal: controller.signal,
      progressEvery: 100,
      afterProgress: () => controller.abort(),
    });
    await expect(killed).rejects.toThrow();
    const halfway = await ok<MappingJob>('GET', `/jobs/${job.id}`);
    expect(halfway).toMatchObject({ status: 'running', rowsRead: 100 });
    expect((await call('GET', `/jobs/completed/${job.id}`)).statusCode).toBe(404);

    await runMappingJob(await deps(), job.id);
    const lines = (await output(job.id)).trim().split('\n');
    expect(lines).toHaveLength(501);
    expect(new Set(lines).size).toBe(501);
    // A repeated delivery of a completed job does nothing.
    await runMappingJob(await deps(), job.id);
    expect((await ok<MappingJob>('GET', `/jobs/${job.id}`)).rowsWritten).toBe(500);
  });

  it('a source that does not match: per-row errors, the job finishes and counts them', async () => {
    const csv = [NAMES.join(','), 'G,2026-01-01,1,male,,B,2000-01-01', ROWS[0]!.join(',')].join(
      '\n',
    );
    const { job } = await mapFile('bad.csv', csv, { mediaType: 'csv', delimiter: ',' });
    await runMappingJob(await deps(), job.id);
    const done = await ok<MappingJob>('GET', `/jobs/${job.id}`);
    expect(done).toMatchObject({
      status: 'completed',
      rowsWritten: 1,
      rowsDropped: 1,
      errorCount: 1,
    });
    expect(done.errors).toEqual([
      { row: 1, field: 'firstName', message: 'This field is required' },
    ]);
  });
});

describe('POST /schemas/definition/{id}: a read schema from an import schema', () => {
  async function importSchemaNo(name: string): Promise<number> {
    const row = await t.ctx.db
      .selectFrom('import_schema')
      .select('import_schema_no')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.import_schema_no;
  }

  it('reads a delimited schema by its delimiter and field names, and generates onto it', async () => {
    const no = await importSchemaNo('Birch Health - Pipe Delimited');
    const made = await ok<DefinitionSchemaAnswer>('POST', `/schemas/definition/${no}`, {});
    expect(made.schema).toMatchObject({
      schemaType: 'read',
      mediaType: 'csv',
      delimiter: '|',
      name: 'BirchHealthPipeDelimited_Read',
    });
    expect(made.fields.length).toBeGreaterThan(0);
    expect(made.fields[0]).toMatchObject({ locIndex: 1, startLoc: null, stopLoc: null });
    expect(made.schema.fields.map((f) => f.name)).toEqual(made.fields.map((f) => f.name));
    const generated = await ok<GeneratedTemplate>(
      'POST',
      `/templates/schemas/${made.schema.id}/${await eligibilityWriteId()}`,
      {},
    );
    expect(generated.readSchemaId).toBe(made.schema.id);
  });

  it('keeps fixed-length positions, reads an EDI schema by the 834 layout, names it when asked', async () => {
    const fixed = await ok<DefinitionSchemaAnswer>(
      'POST',
      `/schemas/definition/${await importSchemaNo('Evergreen Mainframe - Fixed Length')}`,
      { name: 'Evergreen_Read' },
    );
    expect(fixed.schema).toMatchObject({ name: 'Evergreen_Read', mediaType: 'fixed' });
    expect(fixed.fields[0]).toMatchObject({ startLoc: 1, locIndex: 1 });
    for (const f of fixed.fields) expect(f.stopLoc! - f.startLoc! + 1).toBe(f.locLength);
    const edi = await ok<DefinitionSchemaAnswer>(
      'POST',
      `/schemas/definition/${await importSchemaNo('Fairview Distribution - EDI 834')}`,
      {},
    );
    expect(edi.schema.mediaType).toBe('edi');
    expect(edi.fields.map((f) => f.name)).toContain('2100A.NM1.NM103');
  });

  it('the demo data-mapper schemas each have a template of their own (dmTemplateId)', async () => {
    const rows = await t.ctx.db
      .selectFrom('import_schema')
      .select(['name', 'dm_template_id', 'importer_type'])
      .orderBy('import_schema_no')
      .execute();
    const mapped = rows.filter((r) => r.importer_type === 1);
    expect(mapped.length).toBeGreaterThan(5);
    for (const row of mapped) {
      expect(row.dm_template_id, row.name).not.toBeNull();
      const template = await ok<Template>('GET', `/templates/${row.dm_template_id}`);
      expect(template.columns.filter((c) => c.required)).toHaveLength(8);
      const byTarget = new Map(template.mappings.map((m) => [m.target, m]));
      expect(byTarget.get('lastName')?.source, row.name).toBeTruthy();
    }
    const pipe = mapped.find((r) => r.name === 'Birch Health - Pipe Delimited')!;
    const template = await ok<Template>('GET', `/templates/${pipe.dm_template_id}`);
    expect(template.mappings.find((m) => m.target === 'employeeSSN')).toMatchObject({
      transformation: 'Zero_Pad_SSN',
    });
    const read = await ok<DmSchema>('GET', `/schemas/${template.readSchemaId}`);
    expect(read).toMatchObject({ mediaType: 'csv', delimiter: '|' });
    for (const legacy of rows.filter((r) => r.importer_type === 0))
      expect(legacy.dm_template_id, legacy.name).toBeNull();
  });

  it('refuses a legacy schema (400 naming id), an unknown one (404) and a bad name (400)', async () => {
    const legacy = await call(
      'POST',
      `/schemas/definition/${await importSchemaNo('Legacy Payroll CSV')}`,
      {},
    );
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toMatchObject({
      params: { id: 'A legacy import schema is not mapped by the data mapper' },
    });
    expect((await call('POST', '/schemas/definition/2147483647', {})).statusCode).toBe(404);
    const badName = await call(
      'POST',
      `/schemas/definition/${await importSchemaNo('Birch Health - Pipe Delimited')}`,
      { name: 'a-b' },
    );
    expect(badName.statusCode).toBe(400);
    expect(badName.json<{ params: object }>().params).toHaveProperty('name');
  });
});

describe('templates', () => {
  it('names the standard write schemas with their ids and required fields', async () => {
    const schemas = await ok<StandardWriteSchema[]>('GET', '/schemas/write');
    expect(schemas.map((s) => [s.key, s.name, s.schemaType])).toEqual([
      ['eligibility', 'Standard_Eligibility', 'write'],
      ['claims', 'Standard_Claims', 'write'],
    ]);
    const eligibility = await ok<DmSchema>('GET', `/schemas/${schemas[0]!.id}`);
    expect(eligibility.fields.filter((f) => f.required).map((f) => f.name)).toEqual([
      'benefitGroupId',
      'groupEffectiveDate',
      'memberEffectiveDate',
      'employeeSSN',
      'gender',
      'firstName',
      'lastName',
      'dateOfBirth',
    ]);
    const claims = await ok<DmSchema>('GET', `/schemas/${schemas[1]!.id}`);
    expect(claims.fields.map((f) => f.name)).toContain('ndc');
    // Someone who maps no file does not see them.
    expect(
      (await t.injectAs('clinician', { method: 'GET', url: `${BASE}/schemas/write` })).statusCode,
    ).toBe(403);
  });

  it("refuses an unmapped required field: 'All required fields must be mapped'", async () => {
    const read = await ok<DmSchema>('POST', '/schemas', {
      name: 'Src_short',
      mediaType: 'csv',
      delimiter: ',',
      fields: [{ name: 'a' }],
    });
    const response = await call('POST', '/templates', {
      name: 'Short',
      readSchemaId: read.id,
      writeSchemaId: await eligibilityWriteId(),
      mappings: [{ target: 'firstName', source: 'a' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      params: { mappings: 'All required fields must be mapped' },
    });
  });

  it('locks the transformations templates use and lists the templates using one', async () => {
    const page = await ok<{ data: Transformation[] }>(
      'GET',
      '/transformations?search=Zero_Pad_SSN',
    );
    const zeroPad = page.data.find((x) => x.name === 'Zero_Pad_SSN')!;
    expect(zeroPad.locked).toBe(true);
    const using = await ok<{ id: number; name: string }[]>(
      'GET',
      `/templates/transformations/${zeroPad.id}`,
    );
    expect(using.map((u) => u.name)).toContain('Acme_Eligibility_Standard');
  });

  it('clones the fixed unmapped 834 template, and the copy saves once mapped', async () => {
    const layouts = await ok<{ data: { unmappedTemplateId: number }[] }>('GET', '/edi834');
    const fixedId = layouts.data[0]!.unmappedTemplateId;
    const fixed = await ok<Template>('GET', `/templates/${fixedId}`);
    expect(fixed.name).toBe('EDI_834_Unmapped');
    expect(fixed.mappings.every((m) => m.source == null)).toBe(true);
    const read = await ok<DmSchema>('GET', `/schemas/${fixed.readSchemaId}`);
    expect(read.mediaType).toBe('edi');
    expect(read.fields.map((f) => f.name)).toContain('2100A.NM1.NM103');

    const copy = await ok<Template>('POST', `/templates/${fixedId}`);
    expect(copy).toMatchObject({ name: 'EDI_834_Unmapped_copy', readSchemaId: read.id });
    expect(copy.id).not.toBe(fixedId);
    const unmapped = await call('PUT', '/templates', { ...copy, name: 'Edi_Clone' });
    expect(unmapped.json()).toMatchObject({
      params: { mappings: 'All required fields must be mapped' },
    });
    const sources: Record<string, string> = {
      benefitGroupId: '2000.REF.REF02',
      groupEffectiveDate: 'ST.BGN.BGN03',
      memberEffectiveDate: '2300.DTP.DTP03',
      employeeSSN: '2100A.NM1.NM109',
      gender: '2100A.DMG.DMG03',
      firstName: '2100A.NM1.NM104',
      lastName: '2100A.NM1.NM103',
      dateOfBirth: '2100A.DMG.DMG02',
    };
    const mapped = await ok<Template>('PUT', '/templates', {
      ...copy,
      name: 'Edi_Clone',
      mappings: copy.mappings.map((m) => ({ ...m, source: sources[m.target] ?? null })),
    });
    expect(mapped.mappings.find((m) => m.target === 'lastName')?.source).toBe('2100A.NM1.NM103');
    // The fixed template itself is untouched.
    expect((await ok<Template>('GET', `/templates/${fixedId}`)).name).toBe('EDI_834_Unmapped');
  });

  it('updates and clones a template, and answers 404 for an unknown one', async () => {
    const seeded = await t.ctx.db
      .selectFrom('dm_template')
      .select('template_no')
      .where('name', '=', 'Acme_Eligibility_Standard')
      .executeTakeFirstOrThrow();
    const original = await ok<Template>('GET', `/templates/${seeded.template_no}`);
    const copy = await ok<Template>('POST', `/templates/${original.id}`);
    expect(copy.name).toBe('Acme_Eligibility_Standard_copy');
    const changed = await ok<Template>('PUT', '/templates', {
      ...copy,
      name: '  Renamed_1  ',
      description: 'x',
    });
    expect(changed.name).toBe('Renamed_1');
    expect((await call('GET', '/templates/2147483647')).statusCode).toBe(404);
    expect((await call('GET', '/templates/2147483648')).statusCode).toBe(400);
  });
});
