import { describe, expect, it } from 'vitest';
import {
  INCUMBENT_MESSAGES as M,
  blankRenewalEntry,
  opportunityContactListInput,
  duplicateNameIndexes,
  feeItem,
  feeListError,
  feeListInput,
  hasTwoDecimals,
  incumbentAggregates,
  insightInput,
  isBlankRenewalEntry,
  pricingInsight,
  pricingListInput,
  rebateTotals,
  renewalEntryHeaderError,
  renewalEntryInput,
  renewalListInput,
  withRebateTotals,
  type RenewalEntryInput,
} from './evaluate-incumbent.ts';

/** The first issue's path and message, or null when the value parses. */
function firstIssue(
  schema: {
    safeParse(v: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error!.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

describe('fee or credit item', () => {
  it.each([
    [{ name: 'Administrative Fee', type: 'PEPM', amount: 1.25 }, null],
    [{ name: 'Custom Fee', type: 'One Time', amount: 0.01 }, null],
    [
      { name: '  ', type: 'PEPM', amount: 1 },
      { path: 'name', message: M.missingName },
    ],
    [
      { type: 'PEPM', amount: 1 },
      { path: 'name', message: M.missingName },
    ],
    [
      { name: 'x'.repeat(101), type: 'PEPM', amount: 1 },
      { path: 'name', message: M.textTooLong(100) },
    ],
    [
      { name: 'Fee', type: 'Weekly', amount: 1 },
      { path: 'type', message: M.missingType },
    ],
    [
      { name: 'Fee', amount: 1 },
      { path: 'type', message: M.missingType },
    ],
    [
      { name: 'Fee', type: 'PMPM' },
      { path: 'amount', message: M.missingAmount },
    ],
    [
      { name: 'Fee', type: 'PMPM', amount: 0 },
      { path: 'amount', message: M.notSavedTitle },
    ],
    [
      { name: 'Fee', type: 'PMPM', amount: -5 },
      { path: 'amount', message: M.notSavedTitle },
    ],
    [
      { name: 'Fee', type: 'PMPM', amount: 1.234 },
      { path: 'amount', message: M.twoDecimals },
    ],
    [
      { name: 'Fee', type: 'PMPM', amount: 1e13 },
      { path: 'amount', message: M.tooLarge },
    ],
  ])('%j -> %j', (value, expected) => {
    expect(firstIssue(feeItem, value)).toEqual(expected);
  });

  it('names must be unique within a list, without case or extra spaces', () => {
    const result = feeListInput.safeParse({
      items: [
        { name: 'Connectivity Fee', type: 'PEPM', amount: 1 },
        { name: 'connectivity  fee ', type: 'PMPM', amount: 2 },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['items', 1, 'name'], message: M.duplicateNames }),
    ]);
  });

  it('an empty list is a list of ZERO items', () => {
    expect(feeListInput.parse({ items: [] })).toEqual({ items: [] });
  });

  it.each([
    [
      [{ name: 'a' }, { name: 'b' }, { name: 'A' }, { name: 'b' }, { name: '' }, { name: '' }],
      [2, 3],
    ],
    [[], []],
  ])('duplicateNameIndexes(%j) = %j', (items, expected) => {
    expect(duplicateNameIndexes(items)).toEqual(expected);
  });

  it.each([
    [[{ name: 'a', amount: 1 }], null],
    [[{ name: 'a', amount: 0 }], { message: M.notSavedTitle, description: M.notSavedDetail }],
    [[{ name: 'a', amount: null }], { message: M.notSavedTitle, description: M.notSavedDetail }],
    [
      [
        { name: 'a', amount: 1 },
        { name: 'A', amount: 2 },
      ],
      { message: M.duplicateNames },
    ],
  ])('feeListError(%j) = %j', (items, expected) => {
    expect(feeListError(items)).toEqual(expected);
  });

  it.each([
    [1, true],
    [1.1, true],
    [1.23, true],
    [0.07, true],
    [1.005, false],
    [19.999, false],
  ])('hasTwoDecimals(%d) = %s', (value, expected) => {
    expect(hasTwoDecimals(value)).toBe(expected);
  });
});

describe('RxB pricing rows', () => {
  it.each([
    [{ name: 'Fee', type: 'PEPM', amount: 2, pbm: 'ALL' }, null],
    [{ name: 'Fee', type: 'PEPM', amount: 2, pbm: 'CVS_CAREMARK' }, null],
    [
      { name: 'Fee', type: 'PEPM', amount: 2, pbm: 'CIGNA' },
      { path: 'items.0.pbm', message: M.missingPbm },
    ],
    [
      { name: 'Fee', type: 'PEPM', amount: 0, pbm: 'ALL' },
      { path: 'items.0.amount', message: M.mustBePositive },
    ],
    [
      { name: 'Fee', type: 'PEPM', amount: 0.001, pbm: 'ALL' },
      { path: 'items.0.amount', message: M.mustBePositive },
    ],
    [
      { name: 'Fee', type: 'PEPM', amount: 2.001, pbm: 'ALL' },
      { path: 'items.0.amount', message: M.twoDecimals },
    ],
  ])('%j -> %j', (row, expected) => {
    expect(firstIssue(pricingListInput, { items: [row] })).toEqual(expected);
  });

  it.each([
    [{ insightName: 'Network', additionalInfo: 'Narrow network saves 2%' }, null],
    [
      { insightName: ' ', additionalInfo: 'x' },
      { path: 'insightName', message: M.missingInsightfulName },
    ],
    [
      { insightName: 'x', additionalInfo: '' },
      { path: 'additionalInfo', message: M.missingAdditionalInformation },
    ],
  ])('pricing insight %j -> %j', (value, expected) => {
    expect(firstIssue(pricingInsight, value)).toEqual(expected);
  });
});

describe('insight', () => {
  it.each([
    [{ message: 'Broker prefers a pass-through model' }, null],
    [{ message: '   ' }, { path: 'message', message: M.missingInsightfulMessage }],
    [{}, { path: 'message', message: M.missingInsightfulMessage }],
    [{ message: 'x'.repeat(2001) }, { path: 'message', message: M.textTooLong(2000) }],
  ])('%j -> %j', (value, expected) => {
    expect(firstIssue(insightInput, value)).toEqual(expected);
  });
});

describe('aggregates', () => {
  const ok = {
    rebate: 10.5,
    isRebateUsed: true,
    totalMember: 1200,
    isTotalMemberUsed: false,
    gross: null,
    isGrossUsed: false,
  };
  it.each([
    [ok, null],
    [{ ...ok, rebate: 0 }, null],
    [
      { ...ok, rebate: 1.555 },
      { path: 'rebate', message: M.twoDecimals },
    ],
    [
      { ...ok, gross: -1 },
      { path: 'gross', message: M.notNegative },
    ],
    [
      { ...ok, isGrossUsed: 'yes' },
      { path: 'isGrossUsed', message: expect.any(String) as string },
    ],
  ])('%j -> %j', (value, expected) => {
    expect(firstIssue(incumbentAggregates, value)).toEqual(expected);
  });
});

describe('contacts', () => {
  it('drops empty rows and keeps the filled ones in order', () => {
    expect(
      opportunityContactListInput.parse({
        contacts: [
          { contactName: '', position: ' ', email: '', phone: '' },
          { contactName: 'Ana Ruiz', position: 'HR Director', email: 'ana@example.com', phone: '' },
          { contactName: null, position: null, email: null, phone: null },
        ],
      }),
    ).toEqual({
      contacts: [
        { contactName: 'Ana Ruiz', position: 'HR Director', email: 'ana@example.com', phone: null },
      ],
    });
  });

  it.each([
    [
      { contactName: 'A', email: 'not-mail' },
      { path: 'contacts.0.email', message: 'Invalid email address' },
    ],
    [
      { contactName: 'A', phone: '12345' },
      { path: 'contacts.0.phone', message: 'Invalid phone number' },
    ],
    [
      { contactName: 'x'.repeat(101) },
      { path: 'contacts.0.contactName', message: M.textTooLong(100) },
    ],
  ])('%j -> %j', (row, expected) => {
    expect(firstIssue(opportunityContactListInput, { contacts: [row] })).toEqual(expected);
  });

  it('holds at most three filled rows', () => {
    const row = { contactName: 'A' };
    expect(firstIssue(opportunityContactListInput, { contacts: [row, row, row, row] })).toEqual({
      path: 'contacts',
      message: M.tooManyContacts,
    });
    expect(firstIssue(opportunityContactListInput, { contacts: [row, row, row, {}] })).toBeNull();
  });
});

function entry(overrides: Partial<RenewalEntryInput> = {}): RenewalEntryInput {
  return {
    ...blankRenewalEntry(),
    name: 'OptumRx renewal',
    effectiveDate: '2027-01-01',
    ...overrides,
  };
}

describe('renewal and competitor entries', () => {
  it.each([
    [entry(), null],
    [entry({ name: ' ' }), { path: 'name', message: M.renewalMissingName }],
    [entry({ termLength: 0 }), { path: 'termLength', message: M.renewalMissingField }],
    [entry({ termLength: 6 }), { path: 'termLength', message: M.renewalMissingField }],
    [entry({ effectiveDate: '' }), { path: 'effectiveDate', message: M.renewalMissingField }],
    [
      entry({ effectiveDate: '2027-02-30' }),
      { path: 'effectiveDate', message: 'Effective date must be a valid date (YYYY-MM-DD)' },
    ],
    [entry({ source: 'Maybe' as never }), { path: 'source', message: M.renewalMissingField }],
    [
      entry({ adminFees: [{ name: 'Admin', type: 'PEPM', amount: -1 }] }),
      { path: 'adminFees.0.amount', message: M.notSavedTitle },
    ],
    [
      entry({ discounts: { ...blankRenewalEntry().discounts, specialtyAWP: 101 } }),
      { path: 'discounts.specialtyAWP', message: M.percent },
    ],
    [
      entry({
        rebateGuarantees: {
          ...blankRenewalEntry().rebateGuarantees,
          mail: { guarantee: 10, claimCount: 5, exclusions: 6 },
        },
      }),
      { path: 'rebateGuarantees.mail.exclusions', message: M.exclusionsOverClaims },
    ],
    [
      entry({
        rebateGuarantees: { ...blankRenewalEntry().rebateGuarantees, rebateTier: '4TIER' as never },
      }),
      { path: 'rebateGuarantees.rebateTier', message: expect.any(String) as string },
    ],
  ])('entry %# -> %j', (value, expected) => {
    expect(firstIssue(renewalEntryInput, value)).toEqual(expected);
  });

  it('holds at most three entries', () => {
    expect(firstIssue(renewalListInput, { entries: [entry(), entry(), entry()] })).toBeNull();
    expect(firstIssue(renewalListInput, { entries: [entry(), entry(), entry(), entry()] })).toEqual(
      {
        path: 'entries',
        message: M.tooManyRenewals,
      },
    );
  });

  it.each([
    [{ name: '', termLength: 1, effectiveDate: '2027-01-01', source: 'No' }, M.renewalMissingName],
    [
      { name: 'A', termLength: null, effectiveDate: '2027-01-01', source: 'No' },
      M.renewalMissingField,
    ],
    [{ name: 'A', termLength: 1, effectiveDate: '', source: 'No' }, M.renewalMissingField],
    [
      { name: 'A', termLength: 1, effectiveDate: '2027-01-01', source: null },
      M.renewalMissingField,
    ],
    [{ name: 'A', termLength: 1, effectiveDate: '2027-01-01', source: 'Yes - SSG' }, null],
  ])('renewalEntryHeaderError(%j) = %s', (value, expected) => {
    expect(renewalEntryHeaderError(value)).toBe(expected);
  });

  it('a new entry is blank until something is typed', () => {
    expect(isBlankRenewalEntry(blankRenewalEntry())).toBe(true);
    expect(isBlankRenewalEntry({ ...blankRenewalEntry(), name: 'x' })).toBe(false);
  });
});

describe('rebate totals', () => {
  it.each([
    // guarantee × (claims − exclusions) per channel, summed
    [{ retail: { guarantee: 10, claimCount: 100, exclusions: 10 } }, { retail: 900 }, 900],
    [
      {
        retail: { guarantee: 1.5, claimCount: 3, exclusions: 0 },
        mail: { guarantee: 20.25, claimCount: 4, exclusions: 1 },
        specialtyMail2: { guarantee: 100, claimCount: 2, exclusions: 2 },
      },
      { retail: 4.5, mail: 60.75, specialtyMail2: 0 },
      65.25,
    ],
    // cents stay exact where floating point would drift (0.1 × 3 = 0.30000000000000004)
    [{ retail90: { guarantee: 0.1, claimCount: 3, exclusions: null } }, { retail90: 0.3 }, 0.3],
    // blank fields count zero
    [{ retail: { guarantee: null, claimCount: 10, exclusions: 1 } }, { retail: 0 }, 0],
    [{}, {}, 0],
  ])('%j', (input, channels, total) => {
    const totals = rebateTotals(input);
    expect(totals.totalRebate).toBe(total);
    for (const [channel, value] of Object.entries(channels)) {
      expect(totals.channels[channel as keyof typeof totals.channels]).toBe(value);
    }
  });

  it('withRebateTotals fills each channel and the overall total', () => {
    const parsed = renewalEntryInput.parse(
      entry({
        rebateGuarantees: {
          ...blankRenewalEntry().rebateGuarantees,
          retail: { guarantee: 2, claimCount: 10, exclusions: 1 },
          specialtyRetail: { guarantee: 50, claimCount: 3, exclusions: 0 },
        },
      }),
    );
    const saved = withRebateTotals(parsed);
    expect(saved.rebateGuarantees.retail.totalRebate).toBe(18);
    expect(saved.rebateGuarantees.specialtyRetail.totalRebate).toBe(150);
    expect(saved.rebateGuarantees.mail.totalRebate).toBe(0);
    expect(saved.rebateGuarantees.totalRebate).toBe(168);
  });
});
