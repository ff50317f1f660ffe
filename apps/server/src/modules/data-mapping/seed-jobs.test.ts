import { describe, expect, it } from 'vitest';
import type { CompletedJob, MappingJob } from '@pillar/domain';
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
      // A blank birth date fails in the date expression itself (JSONata's message, kept as is);
      // a blank last name or SSN comes out blank for a required target.
      expect(e.message).toMatch(
        e.field === 'dateOfBirth' ? /^Argument 1 of function "trim"/ : /^This field is required$/,
      );
    }
    const download = await t.injectAs('dataMapper', {
      method: 'GET',
      url: `${BASE}/jobs/${job.id}/output`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body.trimEnd().split('\n')).toHaveLength(1 + job.rowsWritten);
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
