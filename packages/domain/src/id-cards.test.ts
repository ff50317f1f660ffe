import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  TEMP_CARD_LINK_SENT,
  coveragePeriodOf,
  emailTempCardRequest,
  isValidTempCardEmail,
  matchesCardholder,
  splitCoverages,
  tempCardFileName,
  tempCardVerifyRequest,
  yesNo,
} from './id-cards.ts';

const TODAY = '2026-11-01';

function cov(
  coverageNo: number,
  name: string,
  effectiveDate: string,
  expirationDate: string | null,
) {
  return { coverageNo, name, effectiveDate, expirationDate };
}

describe('splitCoverages (spec 1 §3)', () => {
  it('puts expired coverages in prior and the rest in active', () => {
    const split = splitCoverages(
      [
        cov(1, 'Rx Core', '2024-01-01', '2024-12-31'),
        cov(2, 'Rx Plus', '2025-01-01', null),
        cov(3, 'Dental Rx', '2025-01-01', '2027-01-01'),
        cov(4, 'Ends today', '2025-01-01', TODAY),
      ],
      TODAY,
    );
    expect(split.active.map((c) => c.coverageNo)).toEqual([3, 4, 2]);
    expect(split.prior.map((c) => c.coverageNo)).toEqual([1]);
  });

  it('moves same-name duplicates to prior, keeping the newest active', () => {
    const split = splitCoverages(
      [
        cov(1, 'Rx Core', '2025-01-01', null),
        cov(2, 'rx core ', '2026-01-01', null),
        cov(3, 'Rx Core', '2023-01-01', '2023-12-31'),
      ],
      TODAY,
    );
    expect(split.active.map((c) => c.coverageNo)).toEqual([2]);
    expect(split.prior.map((c) => c.coverageNo)).toEqual([1, 3]);
  });

  it('loses and duplicates nothing, and active names are unique', () => {
    const arb = fc.array(
      fc.record({
        coverageNo: fc.integer({ min: 1, max: 10_000 }),
        name: fc.constantFrom('A', 'B', 'C', 'a'),
        effectiveDate: fc.constantFrom('2024-01-01', '2025-06-01', '2026-01-01'),
        expirationDate: fc.constantFrom(null, '2025-01-01', '2026-11-01', '2027-12-31'),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, (list) => {
        const { active, prior } = splitCoverages(list, TODAY);
        expect(active.length + prior.length).toBe(list.length);
        const names = active.map((c) => c.name.toLowerCase());
        expect(new Set(names).size).toBe(names.length);
        for (const c of active)
          expect(c.expirationDate === null || c.expirationDate >= TODAY).toBe(true);
      }),
    );
  });
});

describe('coverage display', () => {
  it('formats the coverage period and HDHP', () => {
    expect(coveragePeriodOf('2026-01-01', '2026-12-31')).toBe('From 01/01/2026 to 12/31/2026');
    expect(coveragePeriodOf('2026-01-01', null)).toBe('From 01/01/2026 to N/A');
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
  });
});

describe('temp card e-mail request (spec 1 §5, §7)', () => {
  it('needs a valid recipient for the e-mail form', () => {
    const missing = emailTempCardRequest.safeParse({ withVerification: true, bccEmail: [] });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('Email is required');
    const bad = emailTempCardRequest.safeParse({
      withVerification: true,
      recipientEmail: 'nobody@',
    });
    expect(bad.error?.issues[0]?.message).toBe('Invalid email address');
    const ok = emailTempCardRequest.parse({
      withVerification: true,
      recipientEmail: 'pat@example.com',
    });
    expect(ok).toMatchObject({ bccEmail: [] });
    expect(emailTempCardRequest.parse({ withVerification: false })).toEqual({
      withVerification: false,
    });
  });

  it('enables the Email button only for a valid address', () => {
    expect(isValidTempCardEmail('')).toBe(false);
    expect(isValidTempCardEmail('pat@example')).toBe(false);
    expect(isValidTempCardEmail('pat@example.com')).toBe(true);
  });

  it('keeps the spec text of the link-sent message', () => {
    expect(TEMP_CARD_LINK_SENT).toBe(
      'Link sent! Recipient has 24-hrs to open, enter the Last Name, DOB and Zip Code of the primary cardholder (covered employee) and download their temp ID card.',
    );
  });
});

describe('verification of the primary cardholder', () => {
  const holder = { lastName: "O'Neil", birthdate: '1980-04-02', zip: '60614-1234' };

  it('matches case-insensitively on the last name and by the 5-digit zip', () => {
    expect(
      matchesCardholder(holder, { lastName: " o'neil ", dateOfBirth: '1980-04-02', zip: '60614' }),
    ).toBe(true);
    expect(
      matchesCardholder(
        { ...holder, zip: '60614' },
        { lastName: "O'NEIL", dateOfBirth: '1980-04-02', zip: '60614-9999' },
      ),
    ).toBe(true);
  });

  it('refuses any wrong answer, and a cardholder without a zip', () => {
    const right = { lastName: "O'Neil", dateOfBirth: '1980-04-02', zip: '60614' };
    expect(matchesCardholder(holder, { ...right, lastName: 'Oneil' })).toBe(false);
    expect(matchesCardholder(holder, { ...right, dateOfBirth: '1980-04-03' })).toBe(false);
    expect(matchesCardholder(holder, { ...right, zip: '60615' })).toBe(false);
    expect(matchesCardholder({ ...holder, zip: null }, right)).toBe(false);
  });

  it('validates the answers with field messages', () => {
    const result = tempCardVerifyRequest.safeParse({
      lastName: '',
      dateOfBirth: '1980-02-30',
      zip: '123',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      lastName: 'Last Name is required',
      dateOfBirth: 'Date of Birth must be a valid date (MM/DD/YYYY)',
      zip: 'Zip must include 5 digits (#####) or 5 digits-4 digits (#####-####)',
    });
  });

  it('names the download after the ID number', () => {
    expect(tempCardFileName('PLR 00012/3')).toBe('temp-id-card-PLR000123.pdf');
  });
});
