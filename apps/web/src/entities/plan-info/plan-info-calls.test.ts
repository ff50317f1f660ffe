import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { fakeApi } from '../../shared/api/fake-api.ts';
import { getGroupInfo, groupInfoQueryOptions, groupInfoRetry } from './api/get-group-info.ts';
import { getPbc } from './api/get-pbc.ts';
import { aorsQueryOptions, listAors } from './api/list-aors.ts';
import { planInfoKeys } from './query-keys.ts';

describe('the plan information calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the plans service for the group information of the organization in the path', async () => {
    const seen = fakeApi({ organizationNo: 12 });
    await getGroupInfo(12);
    expect(seen.urls()).toEqual(['https://api.example/plans/v1/groupinfo/12']);
  });

  it("downloads a member's, a dependent's or an organization's PBC with its file name", async () => {
    const seen = fakeApi('%PDF-1.3', {
      contentType: 'application/pdf',
      headers: {
        'content-disposition': `attachment; filename="PBC-2026-Rx-Plus-2026-01-01.pdf"`,
      },
    });
    const file = await getPbc({ employeeNo: 5, dependentNo: 2 });
    await getPbc({ employeeNo: 5 });
    await getPbc({ orgId: 7 });
    expect(seen.urls()).toEqual([
      'https://api.example/plans/v1/pbc?employeeNo=5&dependentNo=2',
      'https://api.example/plans/v1/pbc?employeeNo=5',
      'https://api.example/plans/v1/pbc?orgId=7',
    ]);
    expect(file.fileName).toBe('PBC-2026-Rx-Plus-2026-01-01.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.3');
  });

  it("asks the communication manager for a member's AORs with its identifiers", async () => {
    const seen = fakeApi([]);
    await listAors({ memberID: 'PLR-1', orgID: 3, employeeNo: 9 });
    await listAors({ memberID: 'PLR-1', orgID: 3, employeeNo: 9, dependentNo: 4 });
    expect(seen.urls()).toEqual([
      'https://api.example/comm-manager/aorSignature?memberID=PLR-1&orgID=3&employeeNo=9',
      'https://api.example/comm-manager/aorSignature?memberID=PLR-1&orgID=3&employeeNo=9&dependentNo=4',
    ]);
  });

  it('skips the AOR lookup until memberID, orgID and employeeNo are all present (spec 2 §5)', () => {
    expect(aorsQueryOptions({ memberID: 'PLR-1', orgID: 3, employeeNo: 9 }).enabled).toBe(true);
    for (const lookup of [
      { memberID: '', orgID: 3, employeeNo: 9 },
      { memberID: 'PLR-1', orgID: null, employeeNo: 9 },
      { memberID: 'PLR-1', orgID: 3, employeeNo: undefined },
    ]) {
      expect(aorsQueryOptions(lookup).enabled).toBe(false);
    }
  });

  it('asks for group information only with an organization, retrying 3 times but not a refusal', () => {
    expect(groupInfoQueryOptions(undefined).enabled).toBe(false);
    expect(groupInfoQueryOptions(4).enabled).toBe(true);
    const down = new ApiError({ status: 502, title: 'Bad Gateway' });
    expect([0, 1, 2, 3].map((n) => groupInfoRetry(n, down))).toEqual([true, true, true, false]);
    for (const status of [400, 403, 404]) {
      expect(groupInfoRetry(0, new ApiError({ status, title: 'No' }))).toBe(false);
    }
  });

  it('builds every key from the one root, so the entity invalidates by prefix', () => {
    const keys = [
      planInfoKeys.groupInfo(1),
      planInfoKeys.pbc({ orgId: 1 }),
      planInfoKeys.aors({ memberID: 'A', orgID: 1, employeeNo: 2 }),
    ];
    for (const key of keys) expect(key[0]).toBe(planInfoKeys.all[0]);
    expect(planInfoKeys.pbc({ orgId: 1 }).slice(0, 2)).toEqual([...planInfoKeys.pbcs()]);
  });
});
