import { describe, expect, it } from 'vitest';
import type { CompletedJob, MappingJob, TemplateJobs } from '@pillar/domain';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { PERSONAS } from '../../seed/personas.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const BASE = '/datamapping/v1';
const HEADER =
  'benefitGroupId,groupEffectiveDate,memberEffectiveDate,employeeSSN,gender,firstName,lastName,dateOfBirth';

async function get<T>(url: string): Promise<T> {
  const response = await t.injectAs('dataMapper', { method: 'GET', url: `${BASE}${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** The demo's mapping jobs, oldest first (the seed writes them; decision 0136). */
async function seededJobs() {
  return t.ctx.db
    .selectFrom('dm_job')
    .innerJoin('dm_sample_file', 'dm_sample_file.storage_key', 'dm_job.source_storage_key')
    .select(['dm_job.job_no', 'dm_sample_file.filename', 'dm_sample_file.created_by'])
    .orderBy('dm_job.job_no')
    .execute();
}

describe('the demo mapping jobs (seed)', () => {
  it('a completed Acme job: every row mapped by the template, its output downloadable', async () => {
    const jobs = await seededJobs();
    expect(jobs.map((j) => j.filename)).toEqual([
      'acme_eligibility_2026_11.txt',
      'acme_eligibility_2026_10.txt',
    ]);
    const job = await get<MappingJob>(`/jobs/${jobs[0]!.job_no}`);
    expect(job).toMatchObject({
      status: 'completed',
      templatename: 'Acme_Eligibility_Standard',
      rowsRead: 60,
      rowsWritten: 60,
      rowsDropped: 0,
      errorCount: 0,
      percent: 100,
    });
    const done = await get<CompletedJob>(`/jobs/completed/${job.id}`);
    expect(done.fieldsCreated.slice(0, 8).join(',')).toBe(HEADER);

    const download = await t.injectAs('dataMapper', {
      method: 'GET',
      url: `${BASE}/jobs/${job.id}/output`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(
      `Acme_Eligibility_Standard-job-${job.id}.csv`,
    );
    const lines = download.body.trimEnd().split('\n');
    expect(lines[0]!.startsWith(HEADER)).toBe(true);
    expect(lines).toHaveLength(61);
    const columns = lines[0]!.split(',');
    for (const line of lines.slice(1)) {
      const row: Record<string, string | undefined> = Object.fromEntries(
        line.split(',').map((v, i): [string, string] => [columns[i]!, v]),
      );
      // The template's transformations, applied by the real job: padding, date, code maps, split.
      expect(row.employeeSSN).toMatch(/^\d{9}$/);
      expect(row.groupEffectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.gender).toMatch(/^[MF]$/);
      expect(row.relationship).toMatch(/^[ESD]$/);
      expect(row.zip).toMatch(/^\d{5}$/);
      expect(row.benefitGroupId).toMatch(/^(00001-0[1-4]|DEFAULT)$/);
      expect(row.firstName).not.toBe('');
      expect(row.lastName).not.toBe('');
    }
  });

  it("a job with broken rows: dropped with each row's field and message, the rest written", async () => {
    const jobs = await seededJobs();
    const job = await get<MappingJob>(`/jobs/${jobs[1]!.job_no}`);
    expect(job.status).toBe('completed');
    expect(job.rowsRead).toBe(40);
    expect(job.rowsDropped).toBe(6); // every seventh of 40 rows
    expect(job.rowsWritten).toBe(40 - job.rowsDropped);
    expect(job.errors.length).toBe(job.errorCount);
    // Each of the three faults the demo file holds, named by row and field.
    expect(new Set(job.errors.map((e) => e.field))).toEqual(
      new Set(['lastName', 'dateOfBirth', 'employeeSSN']),
    );
    for (const e of job.errors) {
      expect(e.row).toBeGreaterThanOrEqual(1);
      expect(e.row).toBeLessThanOrEqual(40);
      // A blank birth date, last name or SSN: the spec's words for a required target (the date
      // expression's own failure on the blank is not shown).
      expect(e.message).toBe('This field is required');
    }
    const download = await t.injectAs('dataMapper', {
      method: 'GET',
      url: `${BASE}/jobs/${job.id}/output`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body.trimEnd().split('\n')).toHaveLength(1 + job.rowsWritten);
  });

  it("lists the template's jobs newest first, paged, with their counts; an unknown template is a 404", async () => {
    const jobs = await seededJobs();
    const template = await get<MappingJob>(`/jobs/${jobs[0]!.job_no}`);
    const list = await get<TemplateJobs>(`/templates/${template.templateId}/jobs`);
    expect(list.totalCount).toBe(2);
    expect(list.data.map((j) => j.id)).toEqual([jobs[1]!.job_no, jobs[0]!.job_no]);
    expect(list.data[0]).toMatchObject({
      status: 'completed',
      rowsRead: 40,
      rowsWritten: 34,
      rowsDropped: 6,
      errorCount: 6,
      percent: 100,
      failure: null,
    });
    expect(list.data[1]).toMatchObject({ rowsRead: 60, rowsWritten: 60, errorCount: 0 });
    for (const j of list.data) {
      expect(Date.parse(j.started_at)).not.toBeNaN();
      expect(Date.parse(j.completed_at ?? '')).not.toBeNaN();
    }
    const second = await get<TemplateJobs>(
      `/templates/${template.templateId}/jobs?limit=1&offset=1`,
    );
    expect(second).toEqual({ totalCount: 2, data: [list.data[1]] });
    const oldest = await get<TemplateJobs>(
      `/templates/${template.templateId}/jobs?sort=started:asc&limit=1`,
    );
    expect(oldest.data.map((j) => j.id)).toEqual([jobs[0]!.job_no]);

    // The seeded Acme pipe schema uses this template: its mapping step lists these jobs.
    const schema = await t.ctx.db
      .selectFrom('import_schema')
      .select('dm_template_id')
      .where('name', '=', 'Acme Eligibility - Pipe Delimited')
      .executeTakeFirstOrThrow();
    expect(schema.dm_template_id).toBe(template.templateId);

    const ask = (url: string) => t.injectAs('dataMapper', { method: 'GET', url: `${BASE}${url}` });
    expect((await ask('/templates/2147483000/jobs')).statusCode).toBe(404);
    for (const bad of [
      '/templates/0/jobs',
      '/templates/1/jobs?limit=101',
      '/templates/1/jobs?sort=name:asc',
    ])
      expect((await ask(bad)).statusCode, bad).toBe(400);
  });

  it("the sources are the data mapper's sample files, and nothing is left staged once the server started", async () => {
    const jobs = await seededJobs();
    const mapper = await t.ctx.db
      .selectFrom('app_user')
      .select('user_no')
      .where('username', '=', PERSONAS.find((p) => p.key === 'dataMapper')!.username)
      .executeTakeFirstOrThrow();
    expect(jobs.map((j) => j.created_by)).toEqual([mapper.user_no, mapper.user_no]);
    const staged = await t.ctx.db
      .selectFrom('dm_seed_content')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(staged.n)).toBe(0);
  });
});
