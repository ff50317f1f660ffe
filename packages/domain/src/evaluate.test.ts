import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TERMS,
  EVALUATE_MESSAGES,
  OPPORTUNITY_STAGES,
  contractInput,
  crmStageName,
  formatPharmacyId,
  hasAtMostTwoDecimals,
  normalizeDiscounts,
  opportunitiesQuery,
  opportunityStage,
  sameSfId,
  sfOppIdSchema,
  stageFromCrmName,
} from './evaluate.ts';

describe('formatPharmacyId (NPI padded to 10, NABP to 7, a dash when neither)', () => {
  it.each([
    ['12345', null, '0000012345'],
    ['1234567890', null, '1234567890'],
    [12345, '999', '0000012345'],
    [null, '4321', '0004321'],
    ['', '4321', '0004321'],
    ['  ', 4321, '0004321'],
    [null, '1234567', '1234567'],
    [null, null, '-'],
    [undefined, '', '-'],
  ] as const)('npi %s, nabp %s -> %s', (npi, nabp, shown) => {
    expect(formatPharmacyId(npi, nabp)).toBe(shown);
  });
});

describe('opportunity stages', () => {
  it('has the ten stages 0-9, open from 1 to 7', () => {
    expect(OPPORTUNITY_STAGES.map((s) => s.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(OPPORTUNITY_STAGES.filter((s) => s.open).map((s) => s.value)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(opportunityStage(8)).toEqual({ value: 8, label: 'Closed Won', open: false });
    expect(opportunityStage(10)).toBeUndefined();
  });

  it.each([
    ['3 - Claims File Received', 3],
    ['Claims File Received', 3],
    ['closed won', 8],
    ['0 - Duplicate Delete', 0],
    ['Negotiation', null],
    ['', null],
    [null, null],
  ] as const)('reads the CRM stage %s as %s', (name, value) => {
    expect(stageFromCrmName(name)).toBe(value);
  });

  it('writes and reads back every stage', () => {
    for (const s of OPPORTUNITY_STAGES)
      expect(stageFromCrmName(crmStageName(s.value))).toBe(s.value);
  });
});

describe('Salesforce IDs', () => {
  it.each([
    ['006PIL000000001', true],
    ['006PIL000000001AAA', true],
    ['006PIL00000001', false],
    ['006PIL000000001AAAA', false],
    ['006PIL00000000-AA', false],
  ])('%s valid: %s', (id, valid) => {
    const result = sfOppIdSchema.safeParse(id);
    expect(result.success).toBe(valid);
  });

  it("says 'Invalid ID length provided' under 15 characters", () => {
    const result = sfOppIdSchema.safeParse('006PIL00000001');
    expect(result.error?.issues[0]?.message).toBe(EVALUATE_MESSAGES.invalidIdLength);
  });

  it('compares the 15-character key', () => {
    expect(sameSfId('006PIL000000001', '006PIL000000001AAA')).toBe(true);
    expect(sameSfId('006PIL000000001', '006pil000000001')).toBe(false);
  });
});

describe('list filters', () => {
  it('reads status repeated or comma-separated, and defaults scope to mine', () => {
    expect(opportunitiesQuery.parse({ status: ['1', '3'] })).toMatchObject({
      status: [1, 3],
      scope: 'mine',
      limit: 20,
      offset: 0,
    });
    expect(opportunitiesQuery.parse({ status: '0,9', scope: 'all' }).status).toEqual([0, 9]);
    expect(opportunitiesQuery.parse({ status: '' }).status).toBeUndefined();
    expect(opportunitiesQuery.parse({ employer: '  ' }).employer).toBeUndefined();
  });

  it.each([{ status: '10' }, { status: '-1' }, { status: 'x' }, { scope: 'team' }])(
    'refuses %o',
    (query) => {
      expect(opportunitiesQuery.safeParse(query).success).toBe(false);
    },
  );
});

describe('two decimals', () => {
  it.each([
    [0, true],
    [1.5, true],
    [18.55, true],
    [0.1 + 0.2, true],
    [1.005, false],
    [18.555, false],
  ])('%s: %s', (value, ok) => {
    expect(hasAtMostTwoDecimals(value)).toBe(ok);
  });
});

describe('incumbent contract rules (spec 3 §5)', () => {
  const base = { contractTermLength: 3, contractEffDate: '2025-01-01', ssgOrDsg: 'DSG' };
  const issue = (input: unknown) => {
    const result = contractInput.safeParse(input);
    return result.success
      ? null
      : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
  };

  it('accepts the required three and any known terms', () => {
    expect(issue(base)).toBeNull();
    expect(contractInput.parse(base).discounts).toEqual([]);
    expect(
      issue({ ...base, discounts: CONTRACT_TERMS.map((t) => ({ code: t.code, value: 10.25 })) }),
    ).toBeNull();
    expect(issue({ ...base, discounts: [{ code: 'retailBrand', value: null }] })).toBeNull();
    expect(issue({ ...base, discounts: [{ code: 'rebateSpecialty', value: 2500.5 }] })).toBeNull();
  });

  it.each([
    [{ contractTermLength: 0 }, 'contractTermLength', EVALUATE_MESSAGES.termRange],
    [{ contractTermLength: 6 }, 'contractTermLength', EVALUATE_MESSAGES.termRange],
    [{ contractTermLength: 1.5 }, 'contractTermLength', EVALUATE_MESSAGES.termRange],
    [{ contractTermLength: null }, 'contractTermLength', EVALUATE_MESSAGES.termRequired],
    [{ contractEffDate: '' }, 'contractEffDate', EVALUATE_MESSAGES.effectiveDateRequired],
    [{ contractEffDate: null }, 'contractEffDate', EVALUATE_MESSAGES.effectiveDateRequired],
    [{ ssgOrDsg: 'maybe' }, 'ssgOrDsg', EVALUATE_MESSAGES.ssgOrDsgRequired],
    [
      { discounts: [{ code: 'retailBrand', value: 18.555 }] },
      'discounts.0.value',
      EVALUATE_MESSAGES.twoDecimals,
    ],
    [
      { discounts: [{ code: 'retailFee', value: -0.01 }] },
      'discounts.0.value',
      EVALUATE_MESSAGES.notNegative,
    ],
    [
      { discounts: [{ code: 'mailBrand', value: 101 }] },
      'discounts.0.value',
      EVALUATE_MESSAGES.percentMax,
    ],
    [
      { discounts: [{ code: 'rebateMail', value: 1e13 }] },
      'discounts.0.value',
      EVALUATE_MESSAGES.amountMax,
    ],
    [
      { discounts: [{ code: 'nope', value: 1 }] },
      'discounts.0.code',
      EVALUATE_MESSAGES.unknownCode,
    ],
    [
      {
        discounts: [
          { code: 'r90Fee', value: 1 },
          { code: 'r90Fee', value: 1 },
        ],
      },
      'discounts.1.code',
      EVALUATE_MESSAGES.codeTwice,
    ],
  ])('refuses %o at %s', (change, path, message) => {
    expect(issue({ ...base, ...change })).toEqual({ path, message });
  });

  it('lists every term in order, null where not given', () => {
    const all = normalizeDiscounts([{ code: 'mailFee', value: 1.25 }]);
    expect(all.map((d) => d.code)).toEqual(CONTRACT_TERMS.map((t) => t.code));
    expect(all.filter((d) => d.value !== null)).toEqual([{ code: 'mailFee', value: 1.25 }]);
  });
});
