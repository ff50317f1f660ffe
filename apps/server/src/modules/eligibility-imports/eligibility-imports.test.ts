import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  ELIGIBILITY_IMPORT_MESSAGES as M,
  MEMBER_RECORD_MESSAGES,
  type ImportRun,
} from '@pillar/domain';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { given, uniqueSsn } from '../../test/given.ts';
import { multipartBody } from '../../test/multipart.ts';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { runApplyJob } from './eligibility-imports.apply.ts';
import { runPreviewJob } from './eligibility-imports.service.ts';

let t: TestApp;
// The job queue runs so an upload can queue its preview; no worker is started: the tests run the
// preview job themselves (runPreviewJob), which is what the worker calls.
useTestApp((app) => (t = app), { startJobs: true });

const BASE = '/eligibilityImportSchema';
const TODAY = '2026-11-24';

type Media = 'csv' | 'fixed' | 'excel' | 'edi';

/** A schema (its fields named as the standard columns) and a configuration of the organization. */
async function configuration(
  organizationNo: number,
  media: Media,
  fields: readonly (readonly [string, number?, number?])[] = [],
  options: Record<string, boolean> = {},
): Promise<number> {
  const db = t.ctx.db;
  const n = `${organizationNo}-${Math.random().toString(36).slice(2, 8)}`;
  const schema = await sql<{ no: number }>`
    insert into import_schema (name, importer_type, media_type, file_delimiter, file_has_header_row,
      supports_update_only_records, use_input_date)
    values (${`S${n}`}, 0, ${media}, ${media === 'csv' ? 'comma' : null}, ${media !== 'fixed'},
      ${options.supportsUpdateOnlyRecords ?? false}, ${options.useInputDate ?? false})
    returning import_schema_no as no`.execute(db);
  const schemaNo = schema.rows[0]!.no;
  // Any other advanced option (the retain options ...), by its column.
  for (const [key, on] of Object.entries(options))
    await sql`update import_schema set ${sql.ref(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = ${on}
      where import_schema_no = ${schemaNo}`.execute(db);
  for (const [i, [name, start, end]] of fields.entries())
    await sql`insert into import_schema_field (import_schema_no, loc_index, field_name, start_loc, end_loc)
      values (${schemaNo}, ${i}, ${name}, ${start ?? null}, ${end ?? null})`.execute(db);
  const config = await sql<{ no: number }>`
    insert into import_configuration (name, organization_no, import_schema_no)
    values (${`C${n}`}, ${organizationNo}, ${schemaNo}) returning eic_no as no`.execute(db);
  return config.rows[0]!.no;
}

const COLUMNS = [
  'recordType',
  'maintenanceCode',
  'ssn',
  'employeeSsn',
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'groupId',
  'effectiveDate',
  'termDate',
] as const;
type Record_ = Partial<Record<(typeof COLUMNS)[number], string>>;
const csvOf = (rows: readonly Record_[]) =>
  [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => r[c] ?? '').join(','))].join('\n') +
  '\n';

async function upload(
  as: Caller,
  eicNo: number,
  name: string,
  content: string | Buffer,
  fields: readonly (readonly [string, string])[] = [],
) {
  const { payload, headers } = multipartBody(fields, [{ name, content }]);
  return t.injectAs(as, {
    method: 'POST',
    url: `${BASE}/eligibility-import-configs/${eicNo}/runs`,
    payload,
    headers,
  });
}

async function deps() {
  return {
    db: t.ctx.db,
    storage: await createFileStorage(t.config.storage, t.ctx.secrets),
    ssn: createSsnProtector(t.ctx.secrets.ssnKey),
    today: () => TODAY,
  };
}

/** Uploads, runs the preview job as the worker would, and answers the run. */
async function previewOf(
  as: Caller,
  eicNo: number,
  name: string,
  content: string | Buffer,
  fields: readonly (readonly [string, string])[] = [],
) {
  const started = await upload(as, eicNo, name, content, fields);
  expect(started.statusCode, started.body).toBe(201);
  const run = started.json<ImportRun>();
  expect(run.status).toBe('queued');
  await runPreviewJob(await deps(), run.runId);
  const read = await t.injectAs(as, {
    method: 'GET',
    url: `${BASE}/eligibility-import-runs/${run.runId}`,
  });
  expect(read.statusCode).toBe(200);
  return read.json<ImportRun>();
}

interface Change {
  kind: string;
  ssnLast4: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  rowNumber: number | null;
  name: string | null;
  changeDate: string;
}
async function changesOf(as: Caller, runId: number, query = '') {
  const r = await t.injectAs(as, {
    method: 'GET',
    url: `${BASE}/eligibility-import-runs/${runId}/changes?limit=100${query}`,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ data: Change[]; totalCount: number }>();
}
async function rejectedOf(as: Caller, runId: number) {
  const r = await t.injectAs(as, {
    method: 'GET',
    url: `${BASE}/eligibility-import-runs/${runId}/rejected?limit=100`,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ data: { rowNumber: number; field: string; message: string }[] }>().data;
}

/** An organization with a group, two members (one to change, one to terminate) and one terminated. */
async function organizationWithMembers() {
  const s = await given(t)
    .organization()
    .group()
    .employee({ firstName: 'Ann', lastName: 'Stone', birthdate: '1980-01-02', gender: 'F' })
    .employee({ firstName: 'Bob', lastName: 'Reed', birthdate: '1975-03-04', gender: 'M' })
    .employee({
      firstName: 'Cy',
      lastName: 'Vale',
      birthdate: '1970-05-06',
      gender: 'M',
      terminationDate: '2025-06-30',
    })
    .build();
  const [ann, bob, cy] = s.employees;
  return { ...s, ann: ann!, bob: bob!, cy: cy!, group: s.group.benefitGroupId };
}

describe('eligibility import runs: the preview', () => {
  it('previews a CSV: new, changed, terminated and reinstated members, and every bad row rejected with its message; nothing written to members', async () => {
    const s = await organizationWithMembers();
    const eicNo = await configuration(
      s.organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const fresh = uniqueSsn(t);
    const dup = uniqueSsn(t);
    const base = {
      recordType: 'E',
      dateOfBirth: '1990-01-01',
      gender: 'F',
      groupId: s.group,
      effectiveDate: '2024-01-01',
    };
    const csv = csvOf([
      { ...base, ssn: fresh, firstName: 'Nia', lastName: 'New' }, // row 2: new member
      {
        ...base,
        ssn: s.ann.ssn!,
        firstName: 'Ann',
        lastName: 'Stonebridge',
        dateOfBirth: '1980-01-02',
      }, // 3
      {
        ...base,
        ssn: s.bob.ssn!,
        firstName: 'Bob',
        lastName: 'Reed',
        dateOfBirth: '1975-03-04',
        gender: 'M',
        termDate: '2026-12-31',
      }, // 4
      {
        ...base,
        ssn: s.cy.ssn!,
        firstName: 'Cy',
        lastName: 'Vale',
        dateOfBirth: '1970-05-06',
        gender: 'M',
      }, // 5: reinstated
      { ...base, ssn: dup, firstName: 'Dee', lastName: 'One' }, // 6 duplicate
      { ...base, ssn: dup, firstName: 'Dee', lastName: 'Two' }, // 7 duplicate
      { ...base, ssn: uniqueSsn(t), firstName: 'Eve', lastName: 'Far', groupId: 'NOPE' }, // 8
      { ...base, ssn: uniqueSsn(t), firstName: 'Fay', lastName: 'Early', termDate: '2023-01-01' }, // 9
      { ...base, ssn: '12345', firstName: 'Gil', lastName: 'Short' }, // 10
    ]);
    const run = await previewOf('superAdmin', eicNo, 'members.csv', csv);
    expect(run).toMatchObject({
      status: 'previewed',
      fileFormat: 'csv',
      rowsRead: 9,
      rowsRejected: 5,
    });
    expect(run.counts).toMatchObject({
      newMember: 1,
      fieldChange: 1,
      termination: 1,
      reinstatement: 1,
      absent: 0,
    });

    const { data } = await changesOf('superAdmin', run.runId);
    expect(data.map((c) => [c.rowNumber, c.kind, c.field, c.oldValue, c.newValue])).toEqual([
      [2, 'newMember', null, null, 'New, Nia'],
      [3, 'fieldChange', 'lastName', 'Stone', 'Stonebridge'],
      [4, 'termination', 'termDate', null, '2026-12-31'],
      [5, 'reinstatement', 'termDate', '2025-06-30', null],
    ]);
    // SSNs leave the server as their last four digits only; the import day dates the changes.
    expect(data[1]).toMatchObject({
      ssnLast4: s.ann.ssn!.slice(5),
      name: 'Stonebridge, Ann',
      changeDate: TODAY,
    });
    expect(JSON.stringify(data)).not.toContain(s.ann.ssn!);
    const filtered = await changesOf('superAdmin', run.runId, '&kind=termination');
    expect(filtered.totalCount).toBe(1);

    expect(await rejectedOf('superAdmin', run.runId)).toEqual([
      { rowNumber: 6, field: 'ssn', message: M.duplicateSsn },
      { rowNumber: 7, field: 'ssn', message: M.duplicateSsn },
      { rowNumber: 8, field: 'groupId', message: M.groupOutsideOrganization },
      {
        rowNumber: 9,
        field: 'termDate',
        message: MEMBER_RECORD_MESSAGES.terminationBeforeEffective,
      },
      { rowNumber: 10, field: 'ssn', message: 'SSN must be 9 digits' },
    ]);

    // The preview writes nothing to members.
    const { rows } = await sql<{ last_name: string; expiration_date: unknown }>`
      select last_name, expiration_date from employee where employee_no in (${s.ann.employeeNo}, ${s.bob.employeeNo})
      order by employee_no`.execute(t.ctx.db);
    expect(rows.map((r) => [r.last_name, r.expiration_date])).toEqual([
      ['Stone', null],
      ['Reed', null],
    ]);
    const { rows: staged } = await sql<{ n: number }>`
      select count(*)::int as n from ei_staging_row where run_id = ${run.runId}`.execute(t.ctx.db);
    expect(staged[0]!.n).toBe(8);

    // The runs of the configuration list it.
    const list = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${BASE}/eligibility-import-configs/${eicNo}/runs`,
    });
    expect(list.json<{ data: ImportRun[] }>().data.map((r) => r.runId)).toEqual([run.runId]);
  });

  it('refuses a second run while one is active (409 with the active run), and takes one after the preview', async () => {
    const { organization } = await given(t).organization().group().build();
    const eicNo = await configuration(
      organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const csv = csvOf([
      {
        recordType: 'E',
        ssn: uniqueSsn(t),
        firstName: 'A',
        lastName: 'B',
        dateOfBirth: '1990-01-01',
        gender: 'F',
        effectiveDate: '2024-01-01',
      },
    ]);
    const first = await upload('superAdmin', eicNo, 'a.csv', csv);
    expect(first.statusCode).toBe(201);
    const second = await upload('superAdmin', eicNo, 'b.csv', csv);
    expect(second.statusCode).toBe(409);
    // A problem the screen shows as it is (its detail), with the run to wait for.
    expect(second.headers['content-type']).toContain('application/problem+json');
    expect(second.json()).toEqual({
      status: 409,
      title: 'Conflict',
      detail: M.runInProgress,
      message: M.runInProgress,
      runId: first.json<ImportRun>().runId,
    });
    await runPreviewJob(await deps(), first.json<ImportRun>().runId);
    expect((await upload('superAdmin', eicNo, 'c.csv', csv)).statusCode).toBe(201);
  });

  it('keeps a client to its organization: another organization is a 404, and a row naming its member is rejected and changes nothing there', async () => {
    const other = await given(t)
      .organization()
      .group()
      .employee({ firstName: 'Oz', lastName: 'Other' })
      .build();
    const mine = await given(t)
      .organization()
      .group()
      .user({ type: 'client', roles: ['clientManageEligibility'] })
      .build();
    const client = { userNo: mine.user.userNo };
    const otherConfig = await configuration(
      other.organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const myConfig = await configuration(
      mine.organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const csv = csvOf([
      {
        recordType: 'E',
        ssn: other.employee.ssn!,
        firstName: 'Oz',
        lastName: 'Mine',
        dateOfBirth: '1985-04-12',
        gender: 'F',
        groupId: mine.group.benefitGroupId,
        effectiveDate: '2024-01-01',
      },
    ]);
    // The client lists its organization's configurations (to run imports on screen), not others'.
    const configs = (orgId: number) =>
      t.injectAs(client, {
        method: 'GET',
        url: `${BASE}/organizations/${orgId}/eligibility-import-configs`,
      });
    const listed = await configs(mine.organization.organizationNo);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: { eicNo: number }[] }>().data.map((c) => c.eicNo)).toEqual([
      myConfig,
    ]);
    expect((await configs(other.organization.organizationNo)).statusCode).toBe(404);
    expect((await upload(client, otherConfig, 'x.csv', csv)).statusCode).toBe(404);
    const otherRuns = await t.injectAs(client, {
      method: 'GET',
      url: `${BASE}/eligibility-import-configs/${otherConfig}/runs`,
    });
    expect(otherRuns.statusCode).toBe(404);

    const run = await previewOf(client, myConfig, 'mine.csv', csv);
    expect(run.counts.newMember).toBe(0);
    expect(await rejectedOf(client, run.runId)).toEqual([
      { rowNumber: 2, field: 'ssn', message: M.organizationMismatch },
    ]);
    // The other organization's run is not the client's to read.
    const theirs = await previewOf('superAdmin', otherConfig, 'theirs.csv', csv);
    expect(
      (
        await t.injectAs(client, {
          method: 'GET',
          url: `${BASE}/eligibility-import-runs/${theirs.runId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.injectAs(client, {
          method: 'GET',
          url: `${BASE}/eligibility-import-runs/${theirs.runId}/changes`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("keeps a client restricted to some groups to them: a row naming another group's member, or moving one into it, is rejected; a full file lists only its groups' absent members", async () => {
    const s = await given(t)
      .organization()
      .group()
      .employee({ firstName: 'Ann', lastName: 'Mine', birthdate: '1980-01-02', gender: 'F' })
      .employee({ firstName: 'Al', lastName: 'Gone', birthdate: '1981-01-02', gender: 'M' })
      .group()
      .employee({ firstName: 'Bob', lastName: 'Theirs', birthdate: '1975-03-04', gender: 'M' })
      .user({ type: 'client', roles: ['clientManageEligibility'], groups: [0] })
      .build();
    const [mine, theirs] = s.groups.map((g) => g.benefitGroupId);
    const [ann, al, bob] = s.employees;
    const client = { userNo: s.user.userNo };
    const eicNo = await configuration(
      s.organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const base = { recordType: 'E', gender: 'F', effectiveDate: '2024-01-01' };
    const fresh = uniqueSsn(t);
    const csv = csvOf([
      {
        ...base,
        ssn: ann!.ssn!,
        firstName: 'Ann',
        lastName: 'Mended',
        dateOfBirth: '1980-01-02',
        groupId: mine,
      }, // 2
      {
        ...base,
        ssn: bob!.ssn!,
        firstName: 'Bob',
        lastName: 'Changed',
        dateOfBirth: '1975-03-04',
        gender: 'M',
        groupId: mine,
      }, // 3
      {
        ...base,
        ssn: uniqueSsn(t),
        firstName: 'Cat',
        lastName: 'There',
        dateOfBirth: '1990-01-01',
        groupId: theirs,
      }, // 4
      {
        ...base,
        ssn: fresh,
        firstName: 'Dan',
        lastName: 'Here',
        dateOfBirth: '1990-01-01',
        groupId: mine,
      }, // 5
    ]);
    const run = await previewOf(client, eicNo, 'groups.csv', csv, [['fullFile', 'true']]);
    expect(await rejectedOf(client, run.runId)).toEqual([
      { rowNumber: 3, field: 'ssn', message: M.memberGroupNotPermitted },
      { rowNumber: 4, field: 'groupId', message: M.groupNotPermitted },
    ]);
    const { data } = await changesOf(client, run.runId);
    expect(data.map((c) => [c.rowNumber, c.kind, c.field, c.newValue, c.ssnLast4])).toEqual([
      [2, 'fieldChange', 'lastName', 'Mended', ann!.ssn!.slice(5)],
      [5, 'newMember', null, 'Here, Dan', fresh.slice(5)],
      // Al (the client's group) is absent; Bob (another group) is not the client's to list.
      [null, 'absent', null, null, al!.ssn!.slice(5)],
    ]);
    expect(JSON.stringify(data)).not.toContain(bob!.ssn!.slice(5));

    // The client lists and reads its own runs only: another user's run of the configuration
    // (compared under that user's groups) is not the client's to read.
    const adminRun = await previewOf('superAdmin', eicNo, 'admin.csv', csv);
    const runsOfConfig = await t.injectAs(client, {
      method: 'GET',
      url: `${BASE}/eligibility-import-configs/${eicNo}/runs`,
    });
    expect(runsOfConfig.json<{ data: ImportRun[] }>().data.map((r) => r.runId)).toEqual([
      run.runId,
    ]);
    for (const path of ['', '/changes', '/rejected', '/files/changes.csv'])
      expect(
        (
          await t.injectAs(client, {
            method: 'GET',
            url: `${BASE}/eligibility-import-runs/${adminRun.runId}${path}`,
          })
        ).statusCode,
        path,
      ).toBe(404);
    const adminRuns = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${BASE}/eligibility-import-configs/${eicNo}/runs`,
    });
    expect(adminRuns.json<{ totalCount: number }>().totalCount).toBe(2);

    // The same file run by an internal user (every group) changes both groups.
    const eicAll = await configuration(
      s.organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const all = await previewOf('superAdmin', eicAll, 'groups.csv', csv);
    expect(all.rowsRejected).toBe(0);
    expect(all.counts).toMatchObject({ fieldChange: 2, newMember: 2 });
  });

  it('answers bad uploads and bad ids with a 400 or 404 naming the problem, and stores no run', async () => {
    const { organization } = await given(t).organization().group().build();
    const eicNo = await configuration(
      organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const url = `${BASE}/eligibility-import-configs/${eicNo}/runs`;
    const binary = await upload('superAdmin', eicNo, 'members.csv', Buffer.from([0x41, 0, 0x42]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ params: { file: M.wrongLayout } });
    const empty = await upload('superAdmin', eicNo, 'members.csv', '');
    expect(empty.statusCode).toBe(400);
    const none = multipartBody([['note', 'x']], []);
    expect((await t.injectAs('superAdmin', { method: 'POST', url, ...none })).statusCode).toBe(400);
    const json = await t.injectAs('superAdmin', { method: 'POST', url, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await upload('superAdmin', 2147483647, 'a.csv', 'a')).statusCode).toBe(404);
    expect((await upload('superAdmin', 2147483648, 'a.csv', 'a')).statusCode).toBe(400);
    const badFile = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${BASE}/eligibility-import-runs/1/files/secrets.txt`,
    });
    expect(badFile.statusCode).toBe(400);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ei_run where eic_no = ${eicNo}`.execute(t.ctx.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('rejects an empty file, a file in the wrong layout and a truncated file as a whole, never a 500', async () => {
    const { organization } = await given(t).organization().group().build();
    const cases: [string, string, string][] = [
      ['empty.csv', `${COLUMNS.join(',')}\n`, M.emptyFile],
      ['layout.csv', 'a;b;c\n1;2;3\n4;5;6\n', M.wrongLayout],
      [
        'truncated.csv',
        `${csvOf([{ recordType: 'E', ssn: uniqueSsn(t), firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', gender: 'F', effectiveDate: '2024-01-01' }])}E,,${uniqueSsn(t)},,Cut`,
        M.truncatedFile,
      ],
    ];
    for (const [name, content, message] of cases) {
      const eicNo = await configuration(
        organization.organizationNo,
        'csv',
        COLUMNS.map((c) => [c]),
      );
      const run = await previewOf('superAdmin', eicNo, name, content);
      expect(run.status, name).toBe('previewed');
      expect(await rejectedOf('superAdmin', run.runId), name).toEqual([
        { rowNumber: 0, field: 'file', message },
      ]);
    }
    // A schema whose fields are not the standard layout's is the wrong layout too.
    const eicNo = await configuration(organization.organizationNo, 'csv', [['Name'], ['Id']]);
    const run = await previewOf('superAdmin', eicNo, 'other.csv', 'Name,Id\nA,1\n');
    expect(await rejectedOf('superAdmin', run.runId)).toEqual([
      { rowNumber: 0, field: 'file', message: M.wrongLayout },
    ]);
  });

  it("honours the schema's advanced options: update-only refuses new members, Use Input Date dates changes by the file", async () => {
    const s = await organizationWithMembers();
    const org = s.organization.organizationNo;
    const fields = COLUMNS.map((c): [string] => [c]);
    const base = { recordType: 'E', gender: 'F', groupId: s.group, effectiveDate: '2026-02-01' };
    const csv = csvOf([
      { ...base, ssn: uniqueSsn(t), firstName: 'Nia', lastName: 'New', dateOfBirth: '1990-01-01' },
      {
        ...base,
        ssn: s.ann.ssn!,
        firstName: 'Ann',
        lastName: 'Stonely',
        dateOfBirth: '1980-01-02',
      },
    ]);
    const updateOnly = await previewOf(
      'superAdmin',
      await configuration(org, 'csv', fields, { supportsUpdateOnlyRecords: true }),
      'u.csv',
      csv,
    );
    expect(await rejectedOf('superAdmin', updateOnly.runId)).toEqual([
      { rowNumber: 2, field: 'ssn', message: M.updateOnlyNotInPillar },
    ]);
    expect(
      (await changesOf('superAdmin', updateOnly.runId)).data.map((c) => [c.kind, c.changeDate]),
    ).toEqual([['fieldChange', TODAY]]);
    const inputDate = await previewOf(
      'superAdmin',
      await configuration(org, 'csv', fields, { useInputDate: true }),
      'd.csv',
      csv,
    );
    expect(
      (await changesOf('superAdmin', inputDate.runId)).data.map((c) => [c.kind, c.changeDate]),
    ).toEqual([
      ['newMember', '2026-02-01'],
      ['fieldChange', '2026-02-01'],
    ]);
  });

  it('lists the members a delimited file leaves out when the upload marks it a full file, and only then, named as Pillar holds them; terminates none', async () => {
    const s = await organizationWithMembers();
    // Bob's spouse, with an SSN: a dependent the file leaves out is listed too.
    const kim = await given(t)
      .in(s.bob)
      .dependent({ firstName: 'Kim', lastName: 'Reed', relationship: 2, ssn: uniqueSsn(t) })
      .build();
    const eicNo = await configuration(
      s.organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    // Ann only: Bob (active) is absent; Cy is already terminated, so not listed.
    const csv = csvOf([
      {
        recordType: 'E',
        ssn: s.ann.ssn!,
        firstName: 'Ann',
        lastName: 'Stone',
        dateOfBirth: '1980-01-02',
        gender: 'F',
        groupId: s.group,
        effectiveDate: '2024-01-01',
      },
    ]);
    const partial = await previewOf('superAdmin', eicNo, 'changes.csv', csv);
    expect(partial).toMatchObject({ fullFile: false, counts: { absent: 0 } });
    expect((await changesOf('superAdmin', partial.runId)).data).toEqual([]);

    const full = await previewOf('superAdmin', eicNo, 'roster.csv', csv, [['fullFile', 'true']]);
    expect(full).toMatchObject({ fullFile: true, counts: { absent: 2 } });
    // No file row names them: their names are Pillar's employee's and dependent's.
    expect(
      (await changesOf('superAdmin', full.runId)).data.map((c) => [
        c.kind,
        c.ssnLast4,
        c.rowNumber,
        c.name,
      ]),
    ).toEqual([
      ['absent', s.bob.ssn!.slice(5), null, 'Reed, Bob'],
      ['absent', kim.dependent.ssn!.slice(5), null, 'Reed, Kim'],
    ]);
    const listed = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${BASE}/eligibility-import-configs/${eicNo}/runs`,
    });
    expect(listed.json<{ data: ImportRun[] }>().data.map((r) => [r.runId, r.fullFile])).toEqual([
      [full.runId, true],
      [partial.runId, false],
    ]);

    // A bad value or an unknown field is a 400 naming it, and starts no run.
    const bad = await upload('superAdmin', eicNo, 'x.csv', csv, [['fullFile', 'yes']]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ params: { fullFile: 'Full file must be true or false' } });
    const unknown = await upload('superAdmin', eicNo, 'x.csv', csv, [['wholeFile', 'true']]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ params: { wholeFile: 'Unexpected field wholeFile' } });
    expect(listed.json<{ totalCount: number }>().totalCount).toBe(2);
    const after = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${BASE}/eligibility-import-configs/${eicNo}/runs`,
    });
    expect(after.json<{ totalCount: number }>().totalCount).toBe(2);
  });

  it("reads a dependent's student and disabled status from Pillar and keeps or clears it on a blank as the retain options say", async () => {
    const student = uniqueSsn(t);
    const disabled = uniqueSsn(t);
    const s = await given(t)
      .organization()
      .group()
      .employee({ firstName: 'Ann', lastName: 'Stone', birthdate: '1980-01-02', gender: 'F' })
      .dependent({
        firstName: 'Sam',
        lastName: 'Stone',
        birthdate: '2004-02-03',
        gender: 'M',
        relationship: 4,
        ssn: student,
      })
      .dependent({
        firstName: 'Dot',
        lastName: 'Stone',
        birthdate: '2001-04-05',
        gender: 'F',
        relationship: 5,
        ssn: disabled,
      })
      .build();
    const columns = [...COLUMNS, 'student', 'disabled'] as const;
    const fields = columns.map((c): [string] => [c]);
    const line = (r: Record<string, string>) => columns.map((c) => r[c] ?? '').join(',');
    const common = { groupId: s.group.benefitGroupId, effectiveDate: '2026-01-01' };
    const csv = [
      columns.join(','),
      line({
        ...common,
        recordType: 'E',
        ssn: s.employee.ssn!,
        firstName: 'Ann',
        lastName: 'Stone',
        dateOfBirth: '1980-01-02',
        gender: 'F',
      }),
      // Student left blank; disabled stated as N (a stated value wins whatever the option).
      line({
        ...common,
        recordType: 'D',
        ssn: student,
        employeeSsn: s.employee.ssn!,
        firstName: 'Sam',
        lastName: 'Stone',
        dateOfBirth: '2004-02-03',
        gender: 'M',
      }),
      line({
        ...common,
        recordType: 'D',
        ssn: disabled,
        employeeSsn: s.employee.ssn!,
        firstName: 'Dot',
        lastName: 'Stone',
        dateOfBirth: '2001-04-05',
        gender: 'F',
      }),
    ].join('\n');
    const org = s.organization.organizationNo;
    let lastRun = 0;
    const statusChanges = async (options: Record<string, boolean>) => {
      const run = await previewOf(
        'superAdmin',
        await configuration(org, 'csv', fields, options),
        's.csv',
        csv + '\n',
      );
      lastRun = run.runId;
      return (await changesOf('superAdmin', run.runId)).data.map((c) => [
        c.rowNumber,
        c.kind,
        c.field,
        c.oldValue,
        c.newValue,
      ]);
    };
    // Both options on: Pillar's statuses are kept; nothing changes.
    expect(
      await statusChanges({
        useRetainStudentStatus: true,
        useRetainDisabledDependentStatus: true,
      }),
    ).toEqual([]);
    // Student kept, disabled cleared.
    expect(await statusChanges({ useRetainStudentStatus: true })).toEqual([
      [4, 'fieldChange', 'disabled', 'Y', 'N'],
    ]);
    // Both off: a blank clears both.
    expect(await statusChanges({})).toEqual([
      [3, 'fieldChange', 'student', 'Y', 'N'],
      [4, 'fieldChange', 'disabled', 'Y', 'N'],
    ]);
    // Applied, both dependents return to Child (relationship 3), where Pillar holds the status.
    const applying = await t.injectAs('superAdmin', {
      method: 'POST',
      url: `${BASE}/eligibility-import-runs/${lastRun}/apply`,
    });
    expect(applying.statusCode, applying.body).toBe(201);
    await runApplyJob(
      { db: t.ctx.db, today: () => TODAY },
      { runId: lastRun, organizationNo: org, userNo: await t.userNo('superAdmin') },
    );
    const { rows } = await sql<{ relationship: number }>`
      select relationship from dependent where dependent_no in
        (${s.dependents[0]!.dependentNo}, ${s.dependents[1]!.dependentNo})
      order by dependent_no`.execute(t.ctx.db);
    expect(rows.map((r) => r.relationship)).toEqual([3, 3]);
  });

  it("maps a file through the schema's data mapper template to the standard layout", async () => {
    const s = await organizationWithMembers();
    const db = t.ctx.db;
    const source = ['Emp SSN', 'Given', 'Family', 'Born', 'Sex', 'Plan Group', 'Start'];
    const targets = [
      'ssn',
      'firstName',
      'lastName',
      'dateOfBirth',
      'gender',
      'groupId',
      'effectiveDate',
    ];
    const schema = async (type: string, fields: object[]) =>
      (
        await sql<{ no: number }>`
          insert into dm_schema (name, schema_type, media_type, delimiter, has_header, fields)
          values (${`EI ${type} ${s.organization.organizationNo}`}, ${type}, 'csv', ',', true,
            ${JSON.stringify(fields)}::jsonb)
          returning schema_no as no`.execute(db)
      ).rows[0]!.no;
    const read = await schema(
      'read',
      source.map((name) => ({ name })),
    );
    const write = await schema(
      'write',
      targets.map((name) => ({ name, required: false })),
    );
    const mappings = targets.map((target, i) => ({ target, source: source[i] }));
    const template = await sql<{ no: number }>`
      insert into dm_template (name, read_schema_no, write_schema_no, mappings)
      values (${`EI_${s.organization.organizationNo}`}, ${read}, ${write}, ${JSON.stringify(mappings)}::jsonb)
      returning template_no as no`.execute(db);
    const eicNo = await configuration(s.organization.organizationNo, 'csv');
    await sql`update import_schema set dm_template_id = ${template.rows[0]!.no}
      where import_schema_no = (select import_schema_no from import_configuration where eic_no = ${eicNo})`.execute(
      db,
    );
    const fresh = uniqueSsn(t);
    const file = [
      source.join(','),
      `${fresh},Tem,Plate,19900101,F,${s.group},20240101`,
      `${s.ann.ssn!},Ann,Stone,19800102,F,${s.group},20240101`,
      `${uniqueSsn(t)},,Blank,19900101,F,${s.group},20240101`,
    ].join('\n');
    const run = await previewOf('superAdmin', eicNo, 'mapped.csv', file);
    expect(
      (await changesOf('superAdmin', run.runId)).data.map((c) => [c.rowNumber, c.kind, c.newValue]),
    ).toEqual([[2, 'newMember', 'Plate, Tem']]);
    expect(await rejectedOf('superAdmin', run.runId)).toEqual([
      { rowNumber: 4, field: 'firstName', message: 'First Name is required' },
    ]);
  });

  it('previews a fixed-length file and an XLSX file read with their schemas', async () => {
    const s = await organizationWithMembers();
    const org = s.organization.organizationNo;
    // Fixed length: 1-based start and stop of each field.
    const layout: [string, number, number][] = [
      ['recordType', 1, 1],
      ['ssn', 2, 10],
      ['firstName', 11, 20],
      ['lastName', 21, 35],
      ['dateOfBirth', 36, 43],
      ['gender', 44, 44],
      ['groupId', 45, 56],
      ['effectiveDate', 57, 64],
    ];
    const line = (v: string[]) =>
      v.map((x, i) => x.padEnd(layout[i]![2] - layout[i]![1] + 1)).join('');
    const fresh = uniqueSsn(t);
    const fixed = [
      line(['E', fresh, 'Ola', 'Fixed', '19910203', 'F', s.group, '20240101']),
      line(['E', s.ann.ssn!, 'Ann', 'Stoner', '19800102', 'F', s.group, '20240101']),
      line(['E', uniqueSsn(t), 'Bad', 'Date', '19911399', 'F', s.group, '20240101']),
    ].join('\n');
    const fixedRun = await previewOf(
      'superAdmin',
      await configuration(org, 'fixed', layout),
      'members.txt',
      fixed,
    );
    expect(fixedRun.counts).toMatchObject({ newMember: 1, fieldChange: 1 });
    expect(
      (await changesOf('superAdmin', fixedRun.runId)).data.map((c) => [
        c.rowNumber,
        c.kind,
        c.newValue,
      ]),
    ).toEqual([
      [1, 'newMember', 'Fixed, Ola'],
      [2, 'fieldChange', 'Stoner'],
    ]);
    expect(await rejectedOf('superAdmin', fixedRun.runId)).toEqual([
      { rowNumber: 3, field: 'dateOfBirth', message: 'Date of Birth must be a date (YYYY-MM-DD)' },
    ]);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Members');
    sheet.addRow([...COLUMNS]);
    sheet.addRow([
      'E',
      '',
      fresh,
      '',
      'Xia',
      'Sheet',
      '1992-02-02',
      'F',
      s.group,
      '2024-01-01',
      '',
    ]);
    sheet.addRow([
      'E',
      '',
      s.bob.ssn!,
      '',
      'Bob',
      'Reed',
      '1975-03-04',
      'M',
      s.group,
      '2024-01-01',
      '2026-12-31',
    ]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const xlsxRun = await previewOf(
      'superAdmin',
      await configuration(
        org,
        'excel',
        COLUMNS.map((c) => [c]),
      ),
      'members.xlsx',
      xlsx,
    );
    expect(xlsxRun.fileFormat).toBe('xlsx');
    expect(
      (await changesOf('superAdmin', xlsxRun.runId)).data.map((c) => [
        c.rowNumber,
        c.kind,
        c.newValue,
      ]),
    ).toEqual([
      [2, 'newMember', 'Sheet, Xia'],
      [3, 'termination', '2026-12-31'],
    ]);
  });

  it('previews an 834 (adds with a dependent, a change, a termination, a reinstatement, a bad member) and answers it with a 999', async () => {
    const s = await organizationWithMembers();
    const eicNo = await configuration(s.organization.organizationNo, 'edi');
    const fresh = uniqueSsn(t);
    const child = uniqueSsn(t);
    const bad = uniqueSsn(t);
    const member = (
      sub: boolean,
      rel: string,
      code: string,
      ssn: string,
      subscriberSsn: string,
      last: string,
      first: string,
      dob: string,
      gender: string,
      begin: string,
      end?: string,
    ) => [
      `INS*${sub ? 'Y' : 'N'}*${rel}*${code}*28*A***FT~`,
      `REF*0F*${subscriberSsn}~`,
      `REF*1L*${s.group}~`,
      `NM1*IL*1*${last}*${first}****34*${ssn}~`,
      `DMG*D8*${dob}*${gender}~`,
      `HD*${code}**PDG*RX PLAN~`,
      `DTP*348*D8*${begin}~`,
      ...(end ? [`DTP*349*D8*${end}~`] : []),
    ];
    const body = [
      'BGN*00*IMPORT-1*20261124*1200****2~',
      `REF*38*${s.group}~`,
      'DTP*007*D8*20260101~',
      'N1*P5*SPONSOR*FI*123456789~',
      'N1*IN*PILLAR PBM*FI*987654321~',
      ...member(true, '18', '021', fresh, fresh, 'ADAMS', 'ALI', '19880101', 'F', '20260101'),
      ...member(false, '19', '021', child, fresh, 'ADAMS', 'KIT', '20150101', 'M', '20260101'),
      ...member(
        true,
        '18',
        '001',
        s.ann.ssn!,
        s.ann.ssn!,
        'Stone',
        'Anna',
        '19800102',
        'F',
        '20240101',
      ),
      ...member(
        true,
        '18',
        '024',
        s.bob.ssn!,
        s.bob.ssn!,
        'Reed',
        'Bob',
        '19750304',
        'M',
        '20240101',
        '20261231',
      ),
      ...member(true, '18', '025', s.cy.ssn!, s.cy.ssn!, 'Vale', 'Cy', '19700506', 'M', '20240101'),
      // Terminated before it starts: the member page's rule rejects it.
      ...member(
        true,
        '18',
        '021',
        bad,
        bad,
        'EARLY',
        'NED',
        '19900101',
        'M',
        '20260101',
        '20250101',
      ),
    ];
    const segments = [
      'ISA*00*          *00*          *ZZ*SPONSOR01      *ZZ*PILLARPBM      *261124*1200*^*00501*000000201*0*T*:~',
      'GS*BE*SPONSOR01*PILLARPBM*20261124*1200*8001*X*005010X220A1~',
      'ST*834*0001*005010X220A1~',
      ...body,
      `SE*${body.length + 2}*0001~`,
      'GE*1*8001~',
      'IEA*1*000000201~',
    ];
    const run = await previewOf('superAdmin', eicNo, 'members.834', segments.join('\n'));
    expect(run).toMatchObject({
      status: 'previewed',
      fileFormat: 'edi',
      rowsRead: 6,
      has999: true,
      hasTa1: false,
    });
    expect(run.counts).toMatchObject({
      newMember: 1,
      newDependent: 1,
      termination: 1,
      reinstatement: 1,
    });
    const { data } = await changesOf('superAdmin', run.runId);
    expect(
      data.filter((c) => c.kind === 'fieldChange').map((c) => [c.field, c.oldValue, c.newValue]),
    ).toEqual([['firstName', 'Ann', 'Anna']]);
    expect(await rejectedOf('superAdmin', run.runId)).toEqual([
      {
        // An 834's row is its member's INS segment, counted from the ISA (1).
        rowNumber: segments.findIndex((x) => x.includes('*EARLY*')) - 3 + 1,
        field: 'termDate',
        message: MEMBER_RECORD_MESSAGES.terminationBeforeEffective,
      },
    ]);

    const ack = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${BASE}/eligibility-import-runs/${run.runId}/files/999`,
    });
    expect(ack.statusCode).toBe(200);
    expect(ack.body).toMatch(/^ISA\*/);
    expect(ack.body).toContain('ST*999*');
    expect(ack.body).toContain('AK2*834*0001');
    const ta1 = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${BASE}/eligibility-import-runs/${run.runId}/files/ta1`,
    });
    expect(ta1.statusCode).toBe(404);
  });

  it('answers a TA1 for an 834 whose interchange envelope is bad', async () => {
    const { organization } = await given(t).organization().group().build();
    const eicNo = await configuration(organization.organizationNo, 'edi');
    const file = [
      'ISA*00*          *00*          *ZZ*SPONSOR01      *ZZ*PILLARPBM      *261124*1200*^*00501*000000301*0*T*:~',
      'GS*BE*SPONSOR01*PILLARPBM*20261124*1200*9001*X*005010X220A1~',
      'ST*834*0001*005010X220A1~',
      'BGN*00*IMPORT-2*20261124*1200****2~',
      'SE*3*0001~',
      'GE*1*9001~',
      'IEA*1*000000999~',
    ].join('\n');
    const run = await previewOf('superAdmin', eicNo, 'bad.834', file);
    expect(run.hasTa1).toBe(true);
    const ta1 = await t.injectAs('superAdmin', {
      method: 'GET',
      url: `${BASE}/eligibility-import-runs/${run.runId}/files/ta1`,
    });
    expect(ta1.statusCode).toBe(200);
    expect(ta1.body).toContain('TA1*000000301');
    expect(await rejectedOf('superAdmin', run.runId)).toEqual([
      { rowNumber: 0, field: 'file', message: M.wrongLayout },
    ]);
  });

  it('downloads the changes and the rejected rows as CSV and XLSX, SSNs as their last four digits', async () => {
    const s = await organizationWithMembers();
    const eicNo = await configuration(
      s.organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const base = {
      recordType: 'E',
      dateOfBirth: '1990-01-01',
      gender: 'F',
      groupId: s.group,
      effectiveDate: '2024-01-01',
    };
    const fresh = uniqueSsn(t);
    const run = await previewOf(
      'superAdmin',
      eicNo,
      'm.csv',
      csvOf([
        { ...base, ssn: fresh, firstName: 'Nia', lastName: '=Formula' },
        { ...base, ssn: uniqueSsn(t), firstName: 'Eve', lastName: 'Far', groupId: 'NOPE' },
      ]),
    );
    const get = (file: string) =>
      t.injectAs('superAdmin', {
        method: 'GET',
        url: `${BASE}/eligibility-import-runs/${run.runId}/files/${file}`,
      });

    const csv = await get('changes.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`run-${run.runId}-changes.csv`);
    const parsed = Papa.parse<string[]>(csv.body.trim()).data;
    expect(parsed[0]).toEqual([
      'Change',
      'Row',
      'Kind',
      'SSN (last 4)',
      'Name',
      'Field',
      'Old value',
      'New value',
      'Change date',
      'Selected',
    ]);
    // A value starting with = is escaped so a spreadsheet does not run it.
    expect(parsed[1]).toEqual([
      '1',
      '2',
      'New member',
      fresh.slice(5),
      "'=Formula, Nia",
      '',
      '',
      "'=Formula, Nia",
      TODAY,
      'Y',
    ]);
    expect(csv.body).not.toContain(fresh);

    const xlsx = await get('changes.xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(3).value).toBe('New member');
    expect(sheet.getRow(2).getCell(4).value).toBe(fresh.slice(5));

    const rejected = await get('rejected.csv');
    expect(Papa.parse<string[]>(rejected.body.trim()).data).toEqual([
      ['Row', 'Field', 'Message'],
      ['3', 'groupId', M.groupOutsideOrganization],
    ]);
    const rejectedXlsx = await get('rejected.xlsx');
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(rejectedXlsx.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets[0]!.getRow(2).values).toEqual([
      undefined,
      3,
      'groupId',
      M.groupOutsideOrganization,
    ]);
    expect((await get('999')).statusCode).toBe(404);
  });

  it('filters the rejected rows by field and by message text, and the CSV and XLSX downloads follow the filter', async () => {
    const s = await organizationWithMembers();
    const eicNo = await configuration(
      s.organization.organizationNo,
      'csv',
      COLUMNS.map((c) => [c]),
    );
    const base = {
      recordType: 'E',
      dateOfBirth: '1990-01-01',
      gender: 'F',
      groupId: s.group,
      effectiveDate: '2024-01-01',
    };
    const dup = uniqueSsn(t);
    const run = await previewOf(
      'superAdmin',
      eicNo,
      'bad.csv',
      csvOf([
        { ...base, ssn: dup, firstName: 'Dee', lastName: 'One' }, // 2 duplicate
        { ...base, ssn: dup, firstName: 'Dee', lastName: 'Two' }, // 3 duplicate
        { ...base, ssn: uniqueSsn(t), firstName: 'Eve', lastName: 'Far', groupId: 'NOPE' }, // 4
        { ...base, ssn: '12345', firstName: 'Gil', lastName: 'Short' }, // 5
        { ...base, ssn: uniqueSsn(t), firstName: 'Hal', lastName: 'Odd', groupId: 'N_PE' }, // 6
      ]),
    );
    const page = async (query: string) => {
      const r = await t.injectAs('superAdmin', {
        method: 'GET',
        url: `${BASE}/eligibility-import-runs/${run.runId}/rejected?limit=100${query}`,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{
        data: { rowNumber: number; field: string }[];
        totalCount: number;
        fields: string[];
      }>();
    };
    const all = await page('');
    expect(all.totalCount).toBe(5);
    expect(all.fields).toEqual(['groupId', 'ssn']);
    const ssn = await page('&field=ssn');
    expect([ssn.data.map((r) => r.rowNumber), ssn.totalCount]).toEqual([[2, 3, 5], 3]);
    // Text anywhere in the message, case ignored; with the field, both must hold.
    const digits = await page('&message=9%20DIGITS');
    expect(digits.data.map((r) => r.rowNumber)).toEqual([5]);
    expect(
      (await page('&field=ssn&message=more%20than%20once')).data.map((r) => r.rowNumber),
    ).toEqual([2, 3]);
    expect((await page('&field=groupId&message=more%20than%20once')).totalCount).toBe(0);
    // LIKE wildcards in the text are plain characters.
    expect((await page('&message=%25')).totalCount).toBe(0);
    expect((await page('&message=_')).totalCount).toBe(0);

    const get = (file: string, query: string) =>
      t.injectAs('superAdmin', {
        method: 'GET',
        url: `${BASE}/eligibility-import-runs/${run.runId}/files/${file}?${query}`,
      });
    const csv = await get('rejected.csv', 'field=groupId');
    expect(csv.statusCode).toBe(200);
    expect(Papa.parse<string[]>(csv.body.trim()).data).toEqual([
      ['Row', 'Field', 'Message'],
      ['4', 'groupId', M.groupOutsideOrganization],
      ['6', 'groupId', M.groupOutsideOrganization],
    ]);
    const xlsx = await get('rejected.xlsx', 'message=more%20than');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getColumn(1).values.slice(2)).toEqual([2, 3]);

    // A bad filter is a 400 naming it, never a 500.
    for (const bad of ['message=' + 'x'.repeat(201), 'field=a%00b', 'field=']) {
      const r = await page('').then(() =>
        t.injectAs('superAdmin', {
          method: 'GET',
          url: `${BASE}/eligibility-import-runs/${run.runId}/rejected?${bad}`,
        }),
      );
      expect(r.statusCode, bad).toBe(400);
    }
    expect((await get('rejected.csv', 'message=' + 'x'.repeat(201))).statusCode).toBe(400);
  });
});
