import { describe, expect, it } from 'vitest';
import { CONTRACT_TERMS, contractInput, type ContractInfo } from '@pillar/domain';
import { contractInputOf, fieldOfParam, formValuesOf } from './contract-form-values.ts';

const SAVED: ContractInfo = {
  contractTermLength: 3,
  contractEffDate: '2027-01-01',
  ssgOrDsg: 'SSG',
  discounts: [
    { code: 'mailFee', value: 1.25 },
    { code: 'retailBrand', value: 18.5 },
  ],
  updatedAt: '2026-11-24T12:00:00Z',
  updatedBy: 'Fran Analyst',
};

describe('the contract form values', () => {
  it('round-trips a saved contract, sending every term in the domain order, blanks as null', () => {
    const values = formValuesOf(SAVED);
    expect(values.terms.retailBrand).toBe(18.5);
    expect(values.terms.retailGeneric).toBeNull();
    const sent = contractInputOf(values);
    expect((sent.discounts ?? []).map((d) => d.code)).toEqual(CONTRACT_TERMS.map((t) => t.code));
    expect((sent.discounts ?? []).filter((d) => d.value !== null)).toEqual([
      { code: 'retailBrand', value: 18.5 },
      { code: 'mailFee', value: 1.25 },
    ]);
    expect(contractInput.safeParse(sent).success).toBe(true);
  });

  it('starts empty before the first save, which the domain refuses until the three answers are given', () => {
    const sent = contractInputOf(formValuesOf(null));
    expect((sent.discounts ?? []).every((d) => d.value === null)).toBe(true);
    expect(contractInput.safeParse(sent).success).toBe(false);
  });

  it.each([
    ['contractTermLength', ['contractTermLength']],
    ['ssgOrDsg', ['ssgOrDsg']],
    ['discounts.0.value', ['terms', CONTRACT_TERMS[0]?.code]],
    [`discounts.${CONTRACT_TERMS.length - 1}.value`, ['terms', CONTRACT_TERMS.at(-1)?.code]],
    [`discounts.${CONTRACT_TERMS.length}.value`, null],
    ['somethingElse', null],
  ])('puts the problem of %s on its field', (param, field) => {
    expect(fieldOfParam(param)).toEqual(field);
  });
});
