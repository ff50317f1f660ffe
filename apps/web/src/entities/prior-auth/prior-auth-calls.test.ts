import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { fakeApi } from '../../shared/api/fake-api.ts';
import {
  getInterventionSummary,
  getPriorAuthCase,
  getPriorAuthPlanHistory,
  listInterventionLogs,
  listPriorAuthCases,
  priorAuthCaseQueryOptions,
  priorAuthCasesQueryOptions,
  priorAuthRetry,
} from './api/prior-auth-calls.ts';
import { priorAuthKeys } from './query-keys.ts';

const IDS = {
  alternateId: 'A123456789',
  firstName: 'Maria',
  lastName: 'Lopez',
  dateOfBirth: '04/17/1980',
};
const QUERY = 'alternateId=A123456789&firstName=Maria&lastName=Lopez&dateOfBirth=04%2F17%2F1980';

describe('the prior authorization calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('send the four member identifiers to the portal service and the communication manager', async () => {
    const seen = fakeApi({ data: [], totalCount: 0 });
    await listPriorAuthCases(IDS);
    await getPriorAuthCase(IDS, 'EOC-2026001');
    await getPriorAuthPlanHistory(IDS);
    await listInterventionLogs(IDS);
    await getInterventionSummary(IDS, 'EOC-2026001');
    expect(seen.urls()).toEqual([
      `https://api.example/portal/v1/priorauth/agadia?${QUERY}`,
      `https://api.example/portal/v1/priorauth/agadia/cases/EOC-2026001?${QUERY}`,
      `https://api.example/portal/v1/priorauth/agadia/plan-history?${QUERY}`,
      `https://api.example/comm-manager/interventionLogs?${QUERY}`,
      `https://api.example/comm-manager/getInterventionSummary?${QUERY}&paCaseId=EOC-2026001`,
    ]);
  });

  it('ask nothing until the identifiers (and the case) are known', () => {
    expect(priorAuthCasesQueryOptions(null).enabled).toBe(false);
    expect(priorAuthCasesQueryOptions(IDS).enabled).toBe(true);
    expect(priorAuthCaseQueryOptions(IDS, null).enabled).toBe(false);
    expect(priorAuthCaseQueryOptions(null, 'EOC-1').enabled).toBe(false);
    expect(priorAuthCaseQueryOptions(IDS, 'EOC-1').enabled).toBe(true);
  });

  it('do not retry a refusal or an unreachable PA system', () => {
    const failure = (status: number) => new ApiError({ status, title: 't' });
    for (const status of [400, 403, 404, 502])
      expect(priorAuthRetry(0, failure(status))).toBe(false);
    expect(priorAuthRetry(0, failure(500))).toBe(true);
    expect(priorAuthRetry(2, failure(500))).toBe(false);
  });

  it("keep every key of a member under the member's prefix", () => {
    const member = priorAuthKeys.member(IDS);
    for (const key of [
      priorAuthKeys.cases(IDS),
      priorAuthKeys.detail(IDS, 'EOC-1'),
      priorAuthKeys.planHistory(IDS),
      priorAuthKeys.interventionLogs(IDS),
      priorAuthKeys.interventionSummary(IDS, 'EOC-1'),
    ]) {
      expect(key.slice(0, member.length)).toEqual(member);
      expect(key[0]).toBe('prior-auth');
    }
  });
});
