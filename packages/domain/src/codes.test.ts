import { describe, expect, it } from 'vitest';
import {
  ACTIVE_WITH_FUTURE_TERMINATION,
  ACTIVE_WITH_FUTURE_TERMINATION_LABEL,
  AGENT_ACTIVE_WITH_FUTURE_TERMINATION_LABEL,
  ENVIRONMENTS,
  GENDERS,
  PROCESS_STATUS,
  RELATIONSHIPS,
  USER_TYPES,
  displayStatusCode,
  environmentSuffix,
  isActiveRecord,
  pageTitle,
  statusLabel,
  todayIso,
} from './codes.ts';

const TODAY = '2025-06-15';

describe('statusLabel (spec 1 §3, spec 2 §3)', () => {
  it.each([
    [1, null, 'Active'],
    [1, '2025-06-14', 'Active'],
    [1, '2025-12-31', 'Active'],
    [2, null, 'Pending Termination'],
    [2, '2025-06-14', 'Pending Termination'],
    [2, '2025-12-31', 'Pending Termination'],
    [9, null, 'Terminated'],
    [9, undefined, 'Terminated'],
    [9, '2024-01-01', 'Terminated'],
    [9, TODAY, 'Terminated'],
    [9, '2025-06-16', 'Active with future termination'],
    [9, '2030-01-01', 'Active with future termination'],
    [999, null, 'Active with future termination'],
    [999, '2020-01-01', 'Active with future termination'],
    [3, null, 'Unknown'],
    [0, null, 'Unknown'],
  ])('status %i expiring %j reads %j', (status, expiration, label) => {
    expect(statusLabel(status, expiration, TODAY)).toBe(label);
  });

  it.each([
    [1, null, 'Active'],
    [2, '2025-12-31', 'Pending Termination'],
    [9, TODAY, 'Terminated'],
    [9, '2024-01-01', 'Terminated'],
    [9, '2025-06-16', 'Active with Future Termination'],
    [999, null, 'Active with Future Termination'],
    [3, null, 'Unknown'],
  ])(
    'on the agent screens status %i expiring %j reads %j (spec 2 §3)',
    (status, expiration, label) => {
      expect(statusLabel(status, expiration, TODAY, 'agent')).toBe(label);
    },
  );

  it('words the derived 999 per spec: spec 1 on member administration, spec 2 on the agent screens', () => {
    expect(ACTIVE_WITH_FUTURE_TERMINATION_LABEL).toBe('Active with future termination');
    expect(AGENT_ACTIVE_WITH_FUTURE_TERMINATION_LABEL).toBe('Active with Future Termination');
    expect(statusLabel(9, '2025-06-16', TODAY, 'memberAdministration')).toBe(
      ACTIVE_WITH_FUTURE_TERMINATION_LABEL,
    );
    expect(statusLabel(9, '2025-06-16', TODAY)).toBe(ACTIVE_WITH_FUTURE_TERMINATION_LABEL);
    expect(statusLabel(9, '2025-06-16', TODAY, 'agent')).toBe(
      AGENT_ACTIVE_WITH_FUTURE_TERMINATION_LABEL,
    );
  });

  it('displayStatusCode derives 999 only for 9 with a future expiration', () => {
    expect(displayStatusCode(9, '2025-06-16', TODAY)).toBe(ACTIVE_WITH_FUTURE_TERMINATION);
    expect(displayStatusCode(9, TODAY, TODAY)).toBe(PROCESS_STATUS.terminated);
    expect(displayStatusCode(9, null, TODAY)).toBe(9);
    expect(displayStatusCode(2, '2030-01-01', TODAY)).toBe(2);
    expect(displayStatusCode(1, '2030-01-01', TODAY)).toBe(1);
  });

  it('uses the real date by default', () => {
    const tomorrow = todayIso(new Date(Date.now() + 86_400_000));
    expect(statusLabel(9, tomorrow)).toBe('Active with future termination');
    expect(statusLabel(9, '2000-01-01')).toBe('Terminated');
  });
});

describe('isActiveRecord', () => {
  it.each([
    [1, null, true],
    [1, '2000-01-01', true],
    [9, '2025-06-16', true],
    [9, TODAY, true],
    [9, '2025-06-14', false],
    [9, null, false],
    [2, '2030-01-01', false],
    [2, null, false],
    [0, null, false],
  ])('status %i expiring %j: %s', (status, expiration, active) => {
    expect(isActiveRecord(status, expiration, TODAY)).toBe(active);
  });
});

describe('todayIso', () => {
  it('is the UTC date', () => {
    expect(todayIso(new Date('2025-03-01T23:30:00-05:00'))).toBe('2025-03-02');
    expect(todayIso(new Date('2025-03-01T00:00:00Z'))).toBe('2025-03-01');
  });
});

describe('environments and page titles', () => {
  it('production has no suffix; the others show theirs in capitals', () => {
    expect(environmentSuffix('prod')).toBeNull();
    expect(environmentSuffix('demo')).toBe('DEMO');
    expect(environmentSuffix('stage')).toBe('STAGE');
    expect(environmentSuffix('qa')).toBe('QA');
    expect(ENVIRONMENTS).toEqual(['prod', 'demo', 'stage', 'qa']);
  });

  it('pageTitle', () => {
    expect(pageTitle('prod')).toBe('Pillar');
    expect(pageTitle('prod', 'Members')).toBe('Members | Pillar');
    expect(pageTitle('qa')).toBe('Pillar (QA)');
    expect(pageTitle('stage', 'Organizations')).toBe('Organizations | Pillar (STAGE)');
    expect(pageTitle('demo', '')).toBe('Pillar (DEMO)');
  });
});

describe('code tables (spec 1 §3)', () => {
  it('genders, relationships and user types', () => {
    expect(GENDERS).toEqual({ M: 'Male', F: 'Female', U: 'Unspecified' });
    expect(RELATIONSHIPS).toEqual({
      1: 'Subscriber',
      2: 'Spouse',
      3: 'Child',
      4: 'Student',
      5: 'Disabled Dependent',
      6: 'Adult Dependent',
      7: 'Significant Other',
    });
    expect(USER_TYPES).toEqual({ i: 'Internal', b: 'Broker', c: 'Client' });
  });
});
