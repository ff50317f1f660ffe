import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TemplateJobs } from '@pillar/domain';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { getTemplateJobs } from './api/jobs.ts';
import { mappingTemplateKeys } from './query-keys.ts';

const PAGE: TemplateJobs = {
  totalCount: 41,
  data: [
    {
      id: 12,
      status: 'completed',
      rowsRead: 40,
      rowsWritten: 34,
      rowsDropped: 6,
      percent: 100,
      errorCount: 6,
      failure: null,
      started_at: '2026-11-24T20:00:00.000Z',
      completed_at: '2026-11-24T20:00:01.000Z',
    },
  ],
};

describe("a template's job list calls", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks GET /templates/{id}/jobs with the page asked for and answers the page', async () => {
    const seen = fakeApi(PAGE);
    await expect(getTemplateJobs(7, { limit: 20, offset: 40 })).resolves.toEqual(PAGE);
    expect(seen.lines()).toEqual([
      'GET https://api.example/datamapping/v1/templates/7/jobs?limit=20&offset=40',
    ]);
  });

  it("keeps every page of a template's list under one key a new job invalidates", () => {
    const prefix = mappingTemplateKeys.templateJobs(7);
    expect(prefix).toEqual(['mapping-template', 'template-jobs', 7]);
    expect(mappingTemplateKeys.templateJobs(8)).not.toEqual(prefix);
  });
});
