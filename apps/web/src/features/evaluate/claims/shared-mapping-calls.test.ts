import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAGE_SIZE, type TemplateInput } from '@pillar/domain';
import { fakeApi } from '../../../shared/api/fake-api.ts';
import { sharedMappingCalls, sharedTransformations } from './shared-mapping-calls.ts';

const BASE = 'https://api.example/shared-claims/v1/opps/4';
const INPUT: TemplateInput = {
  name: 'Claims_File_B_Standard_Claims',
  description: '',
  readSchemaId: 31,
  writeSchemaId: 2,
  fileStorageId: '5f0c3a6e-0d5e-4b59-9a38-6c1e52f0a001',
  mappings: [{ target: 'claimId', source: 'Claim No' }],
};

describe("the Mapping stage's calls on a shared opportunity (decision 0144)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the opportunity and its claims file on every call, never /datamapping', async () => {
    const seen = fakeApi({});
    const calls = sharedMappingCalls(4, 9);
    await calls.getSchema(31);
    await calls.generateTemplate({ readId: 31, writeId: 2, fileStorageId: INPUT.fileStorageId });
    await calls.saveTemplate(INPUT);
    await calls.saveTemplate({ ...INPUT, id: 77 });
    await calls.createJob({ templateId: 77, fileStorageId: INPUT.fileStorageId! });
    await calls.getJob(12);
    await calls.getCompletedJob(12);
    await sharedTransformations(4);
    expect(seen.lines()).toEqual([
      `GET ${BASE}/claims-files/9/mapping/read-schema`,
      `POST ${BASE}/claims-files/9/mapping/generated-template`,
      `POST ${BASE}/claims-files/9/mapping/templates`,
      `PUT ${BASE}/claims-files/9/mapping/templates`,
      `POST ${BASE}/claims-files/9/mapping/jobs`,
      `GET ${BASE}/claims-files/9/mapping/jobs/12`,
      `GET ${BASE}/claims-files/9/mapping/jobs/12/completed`,
      `GET ${BASE}/transformations?limit=${MAX_PAGE_SIZE}&offset=0&sort=name%3Aasc`,
    ]);
    expect(seen[3]!.body).toMatchObject({ id: 77, readSchemaId: 31 });
    expect(seen[4]!.body).toEqual({ templateId: 77, fileStorageId: INPUT.fileStorageId });
  });
});
