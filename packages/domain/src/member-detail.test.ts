import { describe, expect, it } from 'vitest';
import {
  MEMBER_DETAIL_TEXT,
  memberReadAuditQuery,
  showsHipaaBanner,
  statusBanner,
} from './member-detail.ts';
import { ageInYears } from './member-record.ts';
import { MEMBER_CARD_SENDERS, MEMBER_READERS, PERMISSIONS, hasAny } from './permissions.ts';
import { AGENT_ACTIVE_WITH_FUTURE_TERMINATION_LABEL } from './codes.ts';

const TODAY = '2026-11-24';
/** A birth date that makes the person exactly `age` today (birthday today). */
const bornYearsAgo = (age: number) => `${2026 - age}-11-24`;

describe('HIPAA banner (spec 2 §5: confidential dependent aged 13 to 17)', () => {
  it.each([
    // age, confidential, dependent, shown
    [12, true, true, false],
    [13, true, true, true],
    [15, true, true, true],
    [17, true, true, true],
    [18, true, true, false],
    [12, false, true, false],
    [13, false, true, false],
    [17, false, true, false],
    [18, false, true, false],
    [15, null, true, false],
    [15, true, false, false],
  ] as const)(
    'age %i, confidential %s, dependent %s → %s',
    (age, confidential, dependent, shown) => {
      const person = {
        isDependent: dependent,
        isConfidential: confidential,
        birthdate: bornYearsAgo(age),
      };
      expect(ageInYears(person.birthdate, TODAY)).toBe(age);
      expect(showsHipaaBanner(person, TODAY)).toBe(shown);
    },
  );

  it('counts the age on today: the day before the 13th and the 18th birthday', () => {
    const dependent = { isDependent: true, isConfidential: true };
    expect(showsHipaaBanner({ ...dependent, birthdate: '2013-11-25' }, TODAY)).toBe(false); // 12
    expect(showsHipaaBanner({ ...dependent, birthdate: '2008-11-25' }, TODAY)).toBe(true); // 17
  });
});

describe('status banner', () => {
  it.each([
    [1, null, null],
    [1, '2027-01-31', null],
    [9, '2026-10-31', 'terminated'],
    [9, TODAY, 'terminated'],
    [9, null, 'terminated'],
    [9, '2026-12-31', 'futureTermination'],
    [2, '2026-12-31', 'pendingTermination'],
  ] as const)('status %i expiring %s → %s', (status, expiration, kind) => {
    expect(statusBanner(status, expiration, TODAY)?.kind ?? null).toBe(kind);
  });

  it('names the derived 999 as the agent screens word it (spec 2 §3), with the date', () => {
    const banner = statusBanner(9, '2026-12-31', TODAY)!;
    expect(banner.title).toBe(AGENT_ACTIVE_WITH_FUTURE_TERMINATION_LABEL);
    expect(banner.title).toBe('Active with Future Termination');
    expect(banner.message).toBe("This member's coverage ends on 12/31/2026.");
    expect(statusBanner(9, '2026-10-31', TODAY)!.message).toBe(
      "This member's coverage ended on 10/31/2026.",
    );
  });

  it("keeps the spec's texts", () => {
    expect(MEMBER_DETAIL_TEXT.newCardFailed).toBe(
      'There was an issue trying to process your request. Check to be sure this member has an active plan.',
    );
    expect(MEMBER_DETAIL_TEXT.historyFailed).toBe("Failed to Load the Member's History");
    expect(MEMBER_DETAIL_TEXT.noPbmCoverage).toBe('No PBM Coverage');
  });
});

describe('agent access sets (decision 0097)', () => {
  it.each([
    [[PERMISSIONS.viewMember], true, false],
    [[PERMISSIONS.viewMember, PERMISSIONS.editMember], true, true],
    [[PERMISSIONS.agentViewMember], true, true],
    [[PERMISSIONS.appAgent, PERMISSIONS.agentRecordNotes], false, false],
  ])('%j reads %s, sends cards %s', (held, reads, sends) => {
    expect(hasAny(held, MEMBER_READERS)).toBe(reads);
    expect(hasAny(held, MEMBER_CARD_SENDERS)).toBe(sends);
  });
});

describe('read audit query', () => {
  it('pages like every list', () => {
    expect(memberReadAuditQuery.parse({})).toMatchObject({ limit: 20, offset: 0 });
    expect(memberReadAuditQuery.safeParse({ limit: '500' }).success).toBe(false);
  });
});
