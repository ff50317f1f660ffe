import { describe, expect, it } from 'vitest';
import {
  PA_FILLED_BY_ALTERNATIVE,
  PA_STATUSES,
  PA_STATUS_RULES,
  comparePaCases,
  isTerminalPaStatus,
  paBadgeColor,
  paCaseQuerySchema,
  paDateCell,
  paIdentifiersOf,
  paMemberIdentifiersSchema,
  paNextSteps,
  sortPaCases,
  type PaCase,
  type PaStatus,
} from './prior-auth.ts';

function paCase(overrides: Partial<PaCase> = {}): PaCase {
  return {
    PACaseId: 'EOC-1',
    ServiceName: 'Ozempic 1 mg/dose pen',
    Status: 'In Review',
    RequestDate: '2026-10-01',
    EventType: 'Initial Review',
    EventEndDate: null,
    CoverageStartDate: null,
    CoverageEndDate: null,
    PrescriberName: 'Dr. Ana Patel',
    PrescriberExplanation: null,
    Outcome: null,
    IsProtectService: false,
    MemberId: 'M1',
    EventId: 'EV-1',
    ReplacedByPACaseId: null,
    ...overrides,
  };
}

describe('PA statuses (spec 2 §4)', () => {
  it('has the 11 statuses with their exact labels', () => {
    expect(PA_STATUSES).toEqual([
      'In Review',
      'Information Requested from Prescriber',
      'Prior Authorization Not Needed',
      'Approved',
      'Approved with Alterations',
      'Denied',
      'Duplicate Request',
      'Cancelled by Provider',
      'Paused - Waiting for Prescriber',
      'Faulty Notification',
      'Withdrawn by Provider',
    ]);
  });

  it.each<[PaStatus, string, boolean]>([
    ['In Review', 'blue', false],
    ['Information Requested from Prescriber', 'blue', false],
    ['Prior Authorization Not Needed', 'green', true],
    ['Approved', 'green', false],
    ['Approved with Alterations', 'green', false],
    ['Denied', 'red', true],
    ['Duplicate Request', 'grey', true],
    ['Cancelled by Provider', 'grey', true],
    ['Paused - Waiting for Prescriber', 'grey', false],
    ['Faulty Notification', 'grey', true],
    ['Withdrawn by Provider', 'grey', true],
  ])('%s: badge %s, terminal %s', (status, color, terminal) => {
    expect(paBadgeColor(status)).toBe(color);
    expect(isTerminalPaStatus(status)).toBe(terminal);
  });

  it('every status has its own next-steps message', () => {
    const messages = PA_STATUSES.map((s) => PA_STATUS_RULES[s].nextSteps);
    expect(new Set(messages).size).toBe(11);
    for (const message of messages) expect(message.length).toBeGreaterThan(20);
  });

  it.each<[PaStatus, RegExp]>([
    ['In Review', /within 3 business days/],
    ['Information Requested from Prescriber', /about 2-3 business days/],
  ])('%s carries the business-day wording', (status, wording) => {
    expect(paNextSteps(paCase({ Status: status }))).toMatch(wording);
  });

  it.each(PA_STATUSES)('%s replaced by a newer prescription reads the replacement note', (s) => {
    expect(paNextSteps(paCase({ Status: s, ReplacedByPACaseId: 'EOC-2' }))).toBe(
      PA_FILLED_BY_ALTERNATIVE,
    );
    expect(paNextSteps(paCase({ Status: s }))).toBe(PA_STATUS_RULES[s].nextSteps);
  });
});

describe('paDateCell', () => {
  const dates = {
    EventEndDate: '2026-09-15',
    CoverageStartDate: '2026-09-01',
    CoverageEndDate: '2027-08-31',
  };
  it.each<[PaStatus, ReturnType<typeof paDateCell>]>([
    ['Denied', { kind: 'endDate', date: '2026-09-15' }],
    ['Withdrawn by Provider', { kind: 'endDate', date: '2026-09-15' }],
    ['Prior Authorization Not Needed', { kind: 'endDate', date: '2026-09-15' }],
    ['Approved', { kind: 'coveragePeriod', start: '2026-09-01', end: '2027-08-31' }],
    ['In Review', { kind: 'coveragePeriod', start: '2026-09-01', end: '2027-08-31' }],
  ])('%s shows %j', (status, cell) => {
    expect(paDateCell(paCase({ Status: status, ...dates }))).toEqual(cell);
  });
});

describe('the member identifiers (spec 2 §5: all required)', () => {
  const valid = {
    alternateId: 'A123456789',
    firstName: 'Maria',
    lastName: 'Lopez',
    dateOfBirth: '04/17/1980',
  };

  it('accepts the four identifiers', () => {
    expect(paMemberIdentifiersSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['alternateId', undefined, 'Alternate ID is required'],
    ['alternateId', '  ', 'Alternate ID is required'],
    ['alternateId', 'A12$', 'Alternate ID may contain only letters, digits and hyphens'],
    ['alternateId', 'A'.repeat(21), 'Alternate ID must not exceed 20 characters'],
    ['firstName', undefined, 'First Name is required'],
    ['lastName', '', 'Last Name is required'],
    ['lastName', 'x'.repeat(61), 'Last Name must not exceed 60 characters'],
    ['dateOfBirth', undefined, 'Date of Birth is required'],
    ['dateOfBirth', '1980-04-17', 'Date of Birth must be a valid date (MM/DD/YYYY)'],
    ['dateOfBirth', '02/30/1980', 'Date of Birth must be a valid date (MM/DD/YYYY)'],
  ])('%s = %j: %s', (field, value, message) => {
    const result = paMemberIdentifiersSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('the case query needs the PA case id too', () => {
    const result = paCaseQuerySchema.safeParse(valid);
    expect(result.error?.issues[0]?.message).toBe('PA Case ID is required');
  });

  it.each([
    [{ alternateId: null }, null],
    [{ firstName: ' ' }, null],
    [{ birthdate: null }, null],
    [{ birthdate: 'not a date' }, null],
    [{}, { alternateId: 'A1', firstName: 'Maria', lastName: 'Lopez', dateOfBirth: '04/17/1980' }],
  ])('paIdentifiersOf %j gives %j (a missing one skips the lookup)', (overrides, expected) => {
    const member = {
      alternateId: 'A1',
      firstName: 'Maria',
      lastName: 'Lopez',
      birthdate: '1980-04-17',
      ...overrides,
    };
    expect(paIdentifiersOf(member)).toEqual(expected);
  });
});

describe('the table sort (ties broken by RequestDate)', () => {
  const a = paCase({ PACaseId: 'EOC-A', Status: 'Denied', RequestDate: '2026-01-10' });
  const b = paCase({ PACaseId: 'EOC-B', Status: 'Denied', RequestDate: '2026-03-10' });
  const c = paCase({ PACaseId: 'EOC-C', Status: 'Approved', RequestDate: '2026-02-10' });

  it('sorts by the column, equal values newest request first', () => {
    const ids = (cases: PaCase[]) => cases.map((x) => x.PACaseId);
    expect(ids([a, b, c].sort(comparePaCases('Status', 'ascend')))).toEqual([
      'EOC-C',
      'EOC-B',
      'EOC-A',
    ]);
    expect(ids([a, b, c].sort(comparePaCases('Status', 'descend')))).toEqual([
      'EOC-B',
      'EOC-A',
      'EOC-C',
    ]);
  });

  it('puts empty values last and starts newest first', () => {
    const open = paCase({ PACaseId: 'EOC-D', CoverageEndDate: null, RequestDate: '2026-04-01' });
    const covered = paCase({ PACaseId: 'EOC-E', CoverageEndDate: '2027-01-01' });
    expect([open, covered].sort(comparePaCases('CoverageEndDate')).map((x) => x.PACaseId)).toEqual([
      'EOC-E',
      'EOC-D',
    ]);
    expect(sortPaCases([a, c, b]).map((x) => x.PACaseId)).toEqual(['EOC-B', 'EOC-C', 'EOC-A']);
  });
});
