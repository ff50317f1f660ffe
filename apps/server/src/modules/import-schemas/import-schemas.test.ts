import { beforeAll, describe, expect, it } from 'vitest';
import {
  FIELD_DEFINITION_MESSAGES,
  IMPORT_SCHEMA_MESSAGES,
  PERMISSIONS as P,
  REQUIRED_IMPORT_FIELDS,
  type ImportConfiguration,
  type ImportSchema,
  type ImportSchemaComment,
  type ImportSchemaFile,
  type ImportSchemaPage,
  type Page,
} from '@pillar/domain';
import { given } from '../../test/given.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const BASE = '/eligibilityImportSchema';

/** Roles no demo persona has: edit-own without edit-all, and view only. */
const OWNER_ROLE = { id: 9101, key: 'testEiOwner' };
const VIEWER_ROLE = { id: 9102, key: 'testEiViewer' };

let owner: { userNo: number };
let otherOwner: Caller;
let viewer: Caller;
let ownerNo: number;
const analyst: Caller = 'dataMapper';
let orgA: number;
let orgB: number;

async function roleUser(roleId: number): Promise<{ userNo: number }> {
  const { user } = await given(t)
    .user({ type: 'internal', roles: [], allOrganizations: true })
    .build();
  await t.ctx.db
    .insertInto('user_role')
    .values({ user_no: user.userNo, role_id: roleId, created_by: null })
    .execute();
  return { userNo: user.userNo };
}

beforeAll(async () => {
  for (const [role, permissions] of [
    [OWNER_ROLE, [P.eligibilityImportView, P.eligibilityImportCreate, P.eligibilityImportEditMine]],
    [VIEWER_ROLE, [P.eligibilityImportView]],
  ] as const) {
    await t.ctx.db
      .insertInto('role')
      .values({
        role_id: role.id,
        key: role.key,
        name: role.key,
        user_type: 'internal',
        group_key: 'dataMapping',
        protected: false,
        hidden_without: null,
        description: 'test role',
      })
      .execute();
    await t.ctx.db
      .insertInto('role_permission')
      .values(permissions.map((permission) => ({ role_id: role.id, permission })))
      .execute();
  }
  owner = await roleUser(OWNER_ROLE.id);
  ownerNo = owner.userNo;
  otherOwner = await roleUser(OWNER_ROLE.id);
  viewer = await roleUser(VIEWER_ROLE.id);
  const { organizations } = await given(t).organization().organization().build();
  orgA = organizations[0]!.organizationNo;
  orgB = organizations[1]!.organizationNo;
});

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;

async function call(
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.injectAs(caller, {
    method,
    url: `${BASE}${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await call(caller, method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

function delimited(name = unique('Delimited')) {
  return {
    name,
    importerType: 1,
    mediaType: 'csv',
    fileDelimiter: 'pipe',
    fieldDefinitions: [
      { fieldName: 'employeeSSN' },
      { fieldName: 'lastName', alias: 'surname, last' },
      { fieldName: 'firstName' },
    ],
  };
}

function fixed(name = unique('Fixed')) {
  return {
    name,
    importerType: 1,
    mediaType: 'fixed',
    header: 'HDR',
    footer: 'TRL',
    recordHeader: 'DTL',
    fieldDefinitions: [
      { fieldName: 'employeeSSN', start: 1, end: 9 },
      { fieldName: 'lastName', start: 10, end: 29 },
    ],
  };
}

async function createAs(caller: Caller, body: object): Promise<ImportSchema> {
  return ok<ImportSchema>(caller, 'POST', '', body);
}

describe('create and read', () => {
  it('creates a delimited schema with its fields in order, the caller its creator', async () => {
    const created = await createAs(owner, delimited());
    expect(created).toMatchObject({
      importerType: 1,
      importerTypeDesc: 'Data Mapper',
      processStatus: 1,
      processStatusDesc: 'Active',
      mediaType: 'csv',
      fileType: 3,
      fileDelimiter: 'pipe',
      fileHasHeaderRow: true,
      createdBy: ownerNo,
      canEdit: true,
      schemaUsed: 0,
    });
    expect(created.fieldDefinitions.map((f) => [f.column, f.fieldName, f.alias])).toEqual([
      ['A', 'employeeSSN', null],
      ['B', 'lastName', 'surname, last'],
      ['C', 'firstName', null],
    ]);
    const read = await ok<ImportSchema>(viewer, 'GET', `/eligibilityImportSchema/${created.id}`);
    expect(read.fieldDefinitions).toHaveLength(3);
    // A viewer sees it, but may not edit it.
    expect(read.canEdit).toBe(false);
  });

  it('creates a fixed-length schema with lengths computed, and a legacy one keeps no fields', async () => {
    const created = await createAs(owner, fixed());
    expect(created.fileType).toBe(1);
    expect(created.fieldDefinitions.map((f) => [f.start, f.end, f.length])).toEqual([
      [1, 9, 9],
      [10, 29, 20],
    ]);
    const legacy = await createAs(owner, { ...delimited(), importerType: 0 });
    expect(legacy.fieldDefinitions).toEqual([]);
    const edi = await createAs(owner, {
      name: unique('EDI'),
      importerType: 1,
      mediaType: 'edi',
      edi834Filename: '005010X220A1',
    });
    expect(edi).toMatchObject({
      fileType: 1,
      edi834Filename: '005010X220A1',
      fieldDefinitions: [],
    });
  });

  it('answers 404 for a schema that does not exist', async () => {
    expect((await call(viewer, 'GET', '/eligibilityImportSchema/999999')).statusCode).toBe(404);
  });

  it('lists the 834 layouts', async () => {
    const layouts = await ok<{ data: { filename: string }[] }>(viewer, 'GET', '/edi834-filenames');
    expect(layouts.data.map((l) => l.filename)).toContain('005010X220A1');
  });

  it('lists the 834 fields an import reads, the required import fields among them', async () => {
    const fields = await ok<{ data: { name: string; segment: string }[] }>(
      viewer,
      'GET',
      '/edi834-filenames/005010X220A1/fields',
    );
    const names = fields.data.map((f) => f.name);
    for (const required of REQUIRED_IMPORT_FIELDS) expect(names).toContain(required);
    expect(fields.data.find((f) => f.name === 'dateOfBirth')?.segment).toBe('DMG');
    expect((await call(viewer, 'GET', '/edi834-filenames/X999/fields')).statusCode).toBe(400);
  });
});

describe('refusals on save', () => {
  it.each([
    ['a blank name', { name: ' ' }, 'name', IMPORT_SCHEMA_MESSAGES.nameRequired],
    [
      'no delimiter',
      { fileDelimiter: null },
      'fileDelimiter',
      IMPORT_SCHEMA_MESSAGES.delimiterRequired,
    ],
    [
      'Other without its character',
      { fileDelimiter: 'other' },
      'customDelimiter',
      IMPORT_SCHEMA_MESSAGES.customDelimiterRequired,
    ],
    [
      'no fields',
      { fieldDefinitions: [] },
      'fieldDefinitions',
      FIELD_DEFINITION_MESSAGES.atLeastOneField,
    ],
    [
      'a nameless field',
      { fieldDefinitions: [{ fieldName: '' }] },
      'fieldDefinitions.0.fieldName',
      FIELD_DEFINITION_MESSAGES.delimitedRequired,
    ],
    ['a 200-character name', { name: 'x'.repeat(200) }, 'name', IMPORT_SCHEMA_MESSAGES.nameTooLong],
    [
      'importer type 7',
      { importerType: 7 },
      'importerType',
      IMPORT_SCHEMA_MESSAGES.importerTypeRequired,
    ],
    [
      'a template id out of range',
      { dmTemplateId: 2 ** 31 },
      'dmTemplateId',
      'dmTemplateId is too large',
    ],
  ])('%s: 400 "Failed to save Schema" naming the field', async (_case, change, field, message) => {
    const response = await call(owner, 'POST', '', { ...delimited(), ...change });
    expect(response.statusCode, response.body).toBe(400);
    const problem = response.json<{ detail: string; params: Record<string, string> }>();
    expect(problem.detail).toBe(IMPORT_SCHEMA_MESSAGES.saveFailed);
    expect(problem.params[field]).toBe(message);
  });

  it.each([
    [
      'an overlap',
      [
        { fieldName: 'a', start: 1, end: 9 },
        { fieldName: 'b', start: 9, end: 12 },
      ],
      'fieldDefinitions.1.start',
      FIELD_DEFINITION_MESSAGES.startFollowsPreviousEnd,
    ],
    [
      'a gap',
      [
        { fieldName: 'a', start: 1, end: 9 },
        { fieldName: 'b', start: 12, end: 14 },
      ],
      'fieldDefinitions.1.start',
      FIELD_DEFINITION_MESSAGES.startFollowsPreviousEnd,
    ],
    [
      'a first start past 1',
      [{ fieldName: 'a', start: 2, end: 9 }],
      'fieldDefinitions.0.start',
      FIELD_DEFINITION_MESSAGES.firstStartIsOne,
    ],
    [
      'end before start',
      [{ fieldName: 'a', start: 1, end: 0 }],
      'fieldDefinitions.0.end',
      FIELD_DEFINITION_MESSAGES.endNotBeforeStart,
    ],
  ])(
    'fixed-length rows with %s are refused with the spec message',
    async (_case, rows, field, message) => {
      const response = await call(owner, 'POST', '', { ...fixed(), fieldDefinitions: rows });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ params: Record<string, string> }>().params[field]).toBe(message);
    },
  );

  it('a trailer needs its record header', async () => {
    const response = await call(owner, 'POST', '', { ...fixed(), recordHeader: null });
    expect(response.json()).toMatchObject({
      params: { recordHeader: IMPORT_SCHEMA_MESSAGES.recordHeaderRequired },
    });
  });

  it('nothing is written when a save is refused', async () => {
    const name = unique('Refused');
    await call(owner, 'POST', '', { ...delimited(name), fieldDefinitions: [{ fieldName: '' }] });
    const page = await ok<ImportSchemaPage>(
      owner,
      'GET',
      `/eligibility-import-schemas?scope=all&name=${encodeURIComponent(name)}`,
    );
    expect(page.totalCount).toBe(0);
  });

  it('refuses creating without the create permission, and a broker altogether', async () => {
    expect((await call(viewer, 'POST', '', delimited())).statusCode).toBe(403);
    expect((await call('broker', 'GET', '/eligibility-import-schemas')).statusCode).toBe(403);
  });
});

describe('list: scope and filters', () => {
  let mine: ImportSchema;
  let theirs: ImportSchema;
  const tag = unique('Listed');
  beforeAll(async () => {
    mine = await createAs(owner, { ...delimited(`${tag} mine`), processStatus: 0 });
    theirs = await createAs(analyst, { ...fixed(`${tag} theirs`), importerType: 0 });
  });
  const names = (page: ImportSchemaPage) => page.data.map((s) => s.name);
  const list = (caller: Caller, query: string) =>
    ok<ImportSchemaPage>(
      caller,
      'GET',
      `/eligibility-import-schemas?name=${encodeURIComponent(tag)}&${query}`,
    );

  it('my (the default) is the schemas I created; all is every schema', async () => {
    expect(names(await list(owner, ''))).toEqual([mine.name]);
    expect(names(await list(owner, 'scope=all'))).toEqual([mine.name, theirs.name]);
  });

  it('filters by importer type and status', async () => {
    expect(names(await list(owner, 'scope=all&importerType=0'))).toEqual([theirs.name]);
    expect(names(await list(owner, 'scope=all&processStatus=0'))).toEqual([mine.name]);
    expect(names(await list(owner, 'scope=all&processStatus=9'))).toEqual([]);
  });

  it('answers the edit icon per row: own for edit-own, all for edit-all', async () => {
    const asOwner = await list(owner, 'scope=all');
    expect(asOwner.data.map((s) => s.canEdit)).toEqual([true, false]);
    const asAnalyst = await list(analyst, 'scope=all');
    expect(asAnalyst.data.map((s) => s.canEdit)).toEqual([true, true]);
  });

  it('pages with limit, offset and sort', async () => {
    const page = await list(owner, 'scope=all&limit=1&offset=1&sort=name:desc');
    expect(page).toMatchObject({ totalCount: 2 });
    expect(names(page)).toEqual([mine.name]);
  });

  it.each([
    ['scope=mine', 'scope'],
    ['importerType=2', 'importerType'],
    ['processStatus=5', 'processStatus'],
    ['orgID=abc', 'orgID'],
    ['orgID=99999999999', 'orgID'],
    ['sort=secret:asc', 'sort'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const response = await call(owner, 'GET', `/eligibility-import-schemas?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ params: Record<string, string> }>().params).toHaveProperty(field);
  });
});

describe('update, history and clone', () => {
  it('the creator with edit-own updates; each change is a history row', async () => {
    const created = await createAs(owner, delimited());
    const renamed = `${created.name} v2`;
    const updated = await ok<ImportSchema>(owner, 'PUT', `/${created.id}`, {
      ...delimited(renamed),
      useRetainCobraStatus: true,
      fieldDefinitions: [{ fieldName: 'firstName' }, { fieldName: 'employeeSSN' }],
    });
    expect(updated).toMatchObject({
      name: renamed,
      useRetainCobraStatus: true,
      updatedBy: ownerNo,
    });
    expect(updated.fieldDefinitions.map((f) => f.fieldName)).toEqual(['firstName', 'employeeSSN']);
    const history = await ok<
      Page<{ field: string; oldValue: string | null; newValue: string | null }>
    >(viewer, 'GET', `/${created.id}/history`);
    const byField = new Map(history.data.map((h) => [h.field, h]));
    expect(byField.get('name')).toMatchObject({ oldValue: created.name, newValue: renamed });
    expect(byField.get('use_retain_cobra_status')).toMatchObject({
      oldValue: 'false',
      newValue: 'true',
    });
    expect(byField.get('field_definitions')?.newValue).toContain('firstName');
    expect(byField.get('schema')?.newValue).toContain('created');
  });

  it('edit-own on someone else’s schema is a 403; edit-all may; a missing schema is a 404', async () => {
    const created = await createAs(owner, delimited());
    expect((await call(otherOwner, 'PUT', `/${created.id}`, delimited())).statusCode).toBe(403);
    expect((await call(viewer, 'PUT', `/${created.id}`, delimited())).statusCode).toBe(403);
    const byAnalyst = await ok<ImportSchema>(analyst, 'PUT', `/${created.id}`, {
      ...delimited(created.name),
      processStatus: 9,
    });
    expect(byAnalyst).toMatchObject({
      processStatus: 9,
      processStatusDesc: 'Disabled',
      createdBy: ownerNo,
    });
    expect((await call(analyst, 'PUT', '/999999', delimited())).statusCode).toBe(404);
  });

  it('clone copies the schema and its fields under a new name, the caller its creator', async () => {
    const source = await createAs(analyst, fixed());
    const name = unique('Clone');
    const copy = await ok<ImportSchema>(owner, 'POST', `/${source.id}/clone`, { name });
    expect(copy).toMatchObject({
      name,
      mediaType: 'fixed',
      header: 'HDR',
      createdBy: ownerNo,
      canEdit: true,
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.fieldDefinitions.map((f) => [f.fieldName, f.start, f.end])).toEqual(
      source.fieldDefinitions.map((f) => [f.fieldName, f.start, f.end]),
    );
    expect(
      (await call(viewer, 'POST', `/${source.id}/clone`, { name: unique('No') })).statusCode,
    ).toBe(403);
    expect((await call(owner, 'POST', `/${source.id}/clone`, { name: '' })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/999999/clone', { name: unique('None') })).statusCode).toBe(
      404,
    );
  });
});

describe('import configurations (Find Usage(s))', () => {
  it('ties an organization to a schema; the schema then shows its usage', async () => {
    const schema = await createAs(analyst, delimited());
    const eicName = unique('Config');
    const config = await ok<ImportConfiguration>(analyst, 'POST', '/eligibility-import-configs', {
      eicName,
      eicStatus: 1,
      organizationNo: orgA,
      eligibilityImportSchemaNo: schema.id,
    });
    expect(config).toMatchObject({
      eicName,
      eicStatusDescription: 'Active',
      organizationNo: orgA,
      orgStatusDescription: 'Active',
      schemaName: schema.name,
    });
    expect(config.orgName).toMatch(/Given Organization/);
    const usage = await ok<Page<ImportConfiguration>>(viewer, 'GET', `/${schema.id}/configs`);
    expect(usage.data.map((c) => c.eicName)).toEqual([eicName]);
    const read = await ok<ImportSchema>(viewer, 'GET', `/eligibilityImportSchema/${schema.id}`);
    expect(read.schemaUsed).toBe(1);

    // The organization filter finds the schemas its configurations use.
    const byOrg = await ok<ImportSchemaPage>(
      analyst,
      'GET',
      `/eligibility-import-schemas?scope=all&orgID=${orgA}`,
    );
    expect(byOrg.data.map((s) => s.id)).toContain(schema.id);
    const otherOrg = await ok<ImportSchemaPage>(
      analyst,
      'GET',
      `/eligibility-import-schemas?scope=all&orgID=${orgB}`,
    );
    expect(otherOrg.data.map((s) => s.id)).not.toContain(schema.id);

    const moved = await ok<ImportConfiguration>(
      analyst,
      'PUT',
      `/eligibility-import-configs/${config.eicNo}`,
      {
        eicName,
        eicStatus: 0,
        organizationNo: orgB,
        eligibilityImportSchemaNo: schema.id,
      },
    );
    expect(moved).toMatchObject({ organizationNo: orgB, eicStatusDescription: 'Inactive' });
    const listed = await ok<Page<ImportConfiguration>>(
      viewer,
      'GET',
      `/eligibility-import-configs?orgId=${orgB}`,
    );
    expect(listed.data.map((c) => c.eicNo)).toContain(config.eicNo);
  });

  it('refuses a duplicate name, an unknown organization or schema, and non-edit-all callers', async () => {
    const schema = await createAs(analyst, delimited());
    const body = {
      eicName: unique('Config'),
      organizationNo: orgA,
      eligibilityImportSchemaNo: schema.id,
    };
    await ok(analyst, 'POST', '/eligibility-import-configs', body);
    expect((await call(analyst, 'POST', '/eligibility-import-configs', body)).statusCode).toBe(409);
    const noOrg = await call(analyst, 'POST', '/eligibility-import-configs', {
      ...body,
      eicName: unique('C'),
      organizationNo: 999999,
    });
    expect(noOrg.statusCode).toBe(404);
    const noSchema = await call(analyst, 'POST', '/eligibility-import-configs', {
      ...body,
      eicName: unique('C'),
      eligibilityImportSchemaNo: 999999,
    });
    expect(noSchema.statusCode).toBe(400);
    expect(
      (await call(owner, 'POST', '/eligibility-import-configs', { ...body, eicName: unique('C') }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(analyst, 'PUT', '/eligibility-import-configs/999999', body)).statusCode,
    ).toBe(404);
    const blank = await call(analyst, 'POST', '/eligibility-import-configs', {
      ...body,
      eicName: '',
    });
    expect(blank.json()).toMatchObject({
      params: { eicName: IMPORT_SCHEMA_MESSAGES.configNameRequired },
    });
  });
});

describe('comments', () => {
  it('the schema’s editors add comments; every viewer reads them, newest first', async () => {
    const schema = await createAs(owner, delimited());
    const long = 'A long note about the client file. '.repeat(5).trim();
    const first = await ok<ImportSchemaComment>(owner, 'POST', `/${schema.id}/comment`, {
      comment: 'First',
    });
    expect(first).toMatchObject({ comment: 'First', createdBy: ownerNo });
    await ok(analyst, 'POST', `/${schema.id}/comment`, { comment: long });
    const page = await ok<Page<ImportSchemaComment>>(viewer, 'GET', `/${schema.id}/comment`);
    expect(page.totalCount).toBe(2);
    expect(page.data[0]!.comment).toBe(long);
    expect(page.data[0]!.createdByName).toBe('Diego Alvarez');
  });

  it('refuses an empty or too long comment, another owner, and a missing schema', async () => {
    const schema = await createAs(owner, delimited());
    const empty = await call(owner, 'POST', `/${schema.id}/comment`, { comment: '  ' });
    expect(empty.json()).toMatchObject({
      status: 400,
      params: { comment: IMPORT_SCHEMA_MESSAGES.commentRequired },
    });
    expect(
      (await call(owner, 'POST', `/${schema.id}/comment`, { comment: 'x'.repeat(4001) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(otherOwner, 'POST', `/${schema.id}/comment`, { comment: 'Mine?' })).statusCode,
    ).toBe(403);
    expect((await call(owner, 'POST', '/999999/comment', { comment: 'Nowhere' })).statusCode).toBe(
      404,
    );
    expect((await call(viewer, 'GET', '/999999/comment')).statusCode).toBe(404);
  });
});

describe('supporting files', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  async function upload(caller: Caller, no: number, name: string, content: Buffer | string) {
    const body = multipartBody([['applicationName', 'pillar']], [{ name, content }]);
    return t.injectAs(caller, {
      method: 'POST',
      url: `${BASE}/${no}/file`,
      payload: body.payload,
      headers: body.headers,
    });
  }

  it('stores one file, lists it, downloads the same bytes, and deletes it', async () => {
    const schema = await createAs(owner, delimited());
    const response = await upload(owner, schema.id, 'layout.pdf', PDF);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<ImportSchemaFile>();
    expect(file).toMatchObject({
      filename: 'layout.pdf',
      sizeBytes: PDF.length,
      createdBy: ownerNo,
    });
    const page = await ok<Page<ImportSchemaFile>>(viewer, 'GET', `/${schema.id}/files`);
    expect(page.data.map((f) => f.id)).toEqual([file.id]);
    const download = await t.injectAs(viewer, {
      method: 'GET',
      url: `${BASE}/eligibility-import-file/file/${file.id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain('layout.pdf');
    expect(
      (await call(otherOwner, 'DELETE', `/eligibility-import-file/file/${file.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(owner, 'DELETE', `/eligibility-import-file/file/${file.id}`)).statusCode,
    ).toBe(200);
    expect((await call(viewer, 'GET', `/eligibility-import-file/file/${file.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await ok<Page<ImportSchemaFile>>(viewer, 'GET', `/${schema.id}/files`)).totalCount,
    ).toBe(0);
  });

  it.each([
    ['a type not accepted', 'run.exe', 'MZ', IMPORT_SCHEMA_MESSAGES.schemaFileType],
    [
      'a .pdf that is text',
      'fake.pdf',
      'hello',
      IMPORT_SCHEMA_MESSAGES.sampleFileNotMatching('.pdf'),
    ],
    ['an empty file', 'empty.txt', '', 'empty.txt is empty'],
  ])('refuses %s, and nothing is kept', async (_case, name, content, message) => {
    const schema = await createAs(owner, delimited());
    const response = await upload(owner, schema.id, name, content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ params: { file: message } });
    expect(
      (await ok<Page<ImportSchemaFile>>(viewer, 'GET', `/${schema.id}/files`)).totalCount,
    ).toBe(0);
  });

  it('refuses another owner and a viewer', async () => {
    const schema = await createAs(owner, delimited());
    expect((await upload(otherOwner, schema.id, 'a.pdf', PDF)).statusCode).toBe(403);
    expect((await upload(viewer, schema.id, 'a.pdf', PDF)).statusCode).toBe(403);
  });
});

describe('demo schemas', () => {
  it('a dozen schemas of every file type and both importer types, some in use', async () => {
    const page = await ok<ImportSchemaPage>(
      analyst,
      'GET',
      '/eligibility-import-schemas?scope=all&name=Legacy&limit=100',
    );
    expect(page.data.every((s) => s.importerType === 0)).toBe(true);
    const demo = await ok<ImportSchemaPage>(
      analyst,
      'GET',
      '/eligibility-import-schemas?scope=all&limit=100&sort=id:asc',
    );
    const seeded = demo.data.slice(0, 12);
    expect(new Set(seeded.map((s) => s.mediaType))).toEqual(
      new Set(['csv', 'edi', 'fixed', 'excel']),
    );
    expect(new Set(seeded.map((s) => s.importerType))).toEqual(new Set([0, 1]));
    expect(seeded.filter((s) => s.schemaUsed > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('each sample file downloads as committed and proposes the fields its schema has', async () => {
    const page = await ok<ImportSchemaPage>(
      analyst,
      'GET',
      `/eligibility-import-schemas?scope=all&name=${encodeURIComponent('Acme Manufacturing')}`,
    );
    const acme = page.data[0]!;
    const files = await ok<Page<ImportSchemaFile>>(analyst, 'GET', `/${acme.id}/files`);
    expect(files.data.map((f) => f.filename)).toEqual(['acme-eligibility.csv']);
    const download = await t.injectAs(analyst, {
      method: 'GET',
      url: `${BASE}/eligibility-import-file/file/${files.data[0]!.id}`,
    });
    expect(download.statusCode).toBe(200);
    const body = multipartBody(
      [],
      [{ name: 'acme-eligibility.csv', content: download.rawPayload }],
    );
    const stored = await t.injectAs(analyst, {
      method: 'POST',
      url: '/datamapping/v1/files',
      payload: body.payload,
      headers: body.headers,
    });
    const { fileStorageId } = stored.json<{ fileStorageId: string }>();
    const proposed = await t.injectAs(analyst, {
      method: 'POST',
      url: `/datamapping/v1/schemas/files/${fileStorageId}`,
      payload: { fileType: 'csv', delimiter: 'comma' },
    });
    const schema = await ok<ImportSchema>(analyst, 'GET', `/eligibilityImportSchema/${acme.id}`);
    expect(proposed.json<{ fields: { name: string }[] }>().fields.map((f) => f.name)).toEqual(
      schema.fieldDefinitions.map((f) => f.fieldName),
    );
    const usage = await ok<Page<ImportConfiguration>>(analyst, 'GET', `/${acme.id}/configs`);
    expect(usage.totalCount).toBe(2);
  });
});
