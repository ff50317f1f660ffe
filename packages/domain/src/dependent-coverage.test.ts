import { describe, expect, it } from 'vitest';
import {
  DEPENDENT_COVERAGE_MESSAGES as M,
  dependentCoverageFromMember,
  dependentStartError,
  dependentTerminationError,
  memberCoverageEnd,
  outlastsMember,
} from './dependent-coverage.ts';

const active = { processStatus: 1, effectiveDate: '2024-01-01', expirationDate: null };
const ending = { processStatus: 9, effectiveDate: '2024-01-01', expirationDate: '2024-06-30' };

describe("a dependent's coverage inside the member's (decision 0073)", () => {
  it('takes the member’s end from a recorded termination only', () => {
    expect(memberCoverageEnd(active)).toBeNull();
    expect(memberCoverageEnd(ending)).toBe('2024-06-30');
    // An expiration date without termination status is no termination.
    expect(memberCoverageEnd({ processStatus: 1, expirationDate: '2024-06-30' })).toBeNull();
  });

  it.each([
    [null, null, false],
    [null, '2024-06-30', true],
    ['2024-07-01', '2024-06-30', true],
    ['2024-06-30', '2024-06-30', false],
    ['2024-06-29', '2024-06-30', false],
  ])('a dependent ending %s under a member ending %s outlasts it: %s', (dep, member, out) => {
    expect(outlastsMember(dep, member)).toBe(out);
  });

  it.each([
    ['effective', '2023-12-31', active, M.effectiveBeforeMember],
    ['effective', '2024-01-01', active, null],
    ['effective', '2030-01-01', active, null],
    ['effective', '2024-06-30', ending, null],
    ['effective', '2024-07-01', ending, M.effectiveAfterMemberEnd],
    ['reinstate', '2023-12-31', ending, M.reinstateBeforeMember],
    ['reinstate', '2024-07-01', ending, M.reinstateAfterMemberEnd],
  ] as const)('a %s date %s: %s', (kind, date, member, message) => {
    expect(dependentStartError(kind, date, member)).toBe(message);
  });

  it('limits a termination to the member’s and starts coverage in the member’s state', () => {
    expect(dependentTerminationError('2024-07-01', ending)).toBe(M.terminationAfterMemberEnd);
    expect(dependentTerminationError('2024-06-30', ending)).toBeNull();
    expect(dependentTerminationError('2099-01-01', active)).toBeNull();
    expect(dependentCoverageFromMember(active)).toEqual({ processStatus: 1, expirationDate: null });
    expect(dependentCoverageFromMember(ending)).toEqual({
      processStatus: 9,
      expirationDate: '2024-06-30',
    });
  });
});
