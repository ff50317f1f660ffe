import { describe, expect, it } from 'vitest';
import {
  claimsHistoryQuery,
  comparePbmLinks,
  formatNdc,
  isValidNpi,
  ndc11FromFda,
  npiCheckDigit,
  pbmBrowser,
  pbmBrowserNote,
  pbmLinkName,
  pharmacyNpiSchema,
} from './pharmacy-claims.ts';

describe('NPI check digit (Luhn with the 80840 prefix)', () => {
  it.each([
    // CMS's worked example: 123456789 gets check digit 3.
    ['1234567893', true],
    ['1234567890', false],
    ['1234567894', false],
    ['123456789', false],
    ['12345678931', false],
    ['123456789X', false],
    ['', false],
  ])('%s is valid: %s', (npi, valid) => {
    expect(isValidNpi(npi)).toBe(valid);
  });

  it('computes the digit CMS computes for its example and refuses anything but nine digits', () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(npiCheckDigit('12345678')).toBeUndefined();
    expect(npiCheckDigit('12345678a')).toBeUndefined();
  });

  it('gives every nine digits exactly one valid tenth digit', () => {
    for (const nine of ['100000000', '198765432', '145678901', '999999999']) {
      const valid = [...'0123456789'].filter((d) => isValidNpi(nine + d));
      expect(valid).toEqual([String(npiCheckDigit(nine))]);
    }
  });

  it.each([
    ['1234567893', undefined],
    ['1234567890', 'Pharmacy NPI is not a valid NPI (check digit)'],
    ['12345', 'NPI must equal 10 characters'],
  ])('the claim schema on %s says %s', (npi, message) => {
    const result = pharmacyNpiSchema.safeParse(npi);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(message);
  });
});

describe('NDC', () => {
  it.each([
    ['00002322730', '00002-3227-30'],
    ['65862010190', '65862-0101-90'],
    ['0002322730', '0002322730'],
    ['abc', 'abc'],
  ])('formats %s as %s (5-4-2)', (ndc, shown) => {
    expect(formatNdc(ndc)).toBe(shown);
  });

  it.each([
    ['0002-3227-30', '00002322730'], // 4-4-2: labeler padded
    ['65862-101-90', '65862010190'], // 5-3-2: product padded
    ['50090-1234-1', '50090123401'], // 5-4-1: package padded
    ['00002-3227-30', undefined], // already 11 digits: not guessed
    ['0002322730', undefined], // no hyphens: ambiguous
    ['0002-3227', undefined],
  ])('converts the FDA directory code %s to %s', (ndc, ndc11) => {
    expect(ndc11FromFda(ndc)).toBe(ndc11);
  });
});

describe('the claims history query', () => {
  it('defaults to 20 rows from the start, newest fill first being the server default', () => {
    expect(claimsHistoryQuery.parse({})).toEqual({ limit: 20, offset: 0 });
  });

  it('reads the sort, the paging and a dependent', () => {
    expect(
      claimsHistoryQuery.parse({
        limit: '50',
        offset: '50',
        sort: 'planPaid:desc',
        dependentNo: '7',
      }),
    ).toEqual({
      limit: 50,
      offset: 50,
      sort: { field: 'planPaid', direction: 'desc' },
      dependentNo: 7,
    });
  });

  it.each([
    [{ sort: 'pharmacyNpi:asc' }, 'sort'],
    [{ sort: 'fillDate' }, 'sort'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ dependentNo: 'x' }, 'dependentNo'],
    [{ dependentNo: '2147483648' }, 'dependentNo'],
  ])('refuses %j naming %s', (query, field) => {
    const result = claimsHistoryQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('PBM claim links (spec 2 §9)', () => {
  it('needs Microsoft Edge for Express Scripts and Chrome for the others', () => {
    expect(pbmBrowser('Express Scripts')).toBe('Microsoft Edge');
    for (const pbm of ['Optum', 'Caremark', 'Caremark RxClaim', 'Agadia']) {
      expect(pbmBrowser(pbm)).toBe('Chrome');
    }
    expect(pbmBrowserNote('Express Scripts')).toBe('Requires Microsoft Edge');
  });

  it("names Agadia's entry by the product", () => {
    expect(pbmLinkName('Agadia', 'Rx Core PPO')).toBe('Rx Core PPO - Agadia');
    expect(pbmLinkName('Optum', null)).toBe('Optum');
  });

  it('sorts Express Scripts, Optum, Caremark, Caremark RxClaim, then Agadia products', () => {
    const links = ['Agadia', 'Caremark RxClaim', 'Optum', 'Caremark', 'Express Scripts'].map(
      (pbm) => ({ pbm, name: pbmLinkName(pbm, 'Rx Plus') }),
    );
    expect(links.sort(comparePbmLinks).map((l) => l.name)).toEqual([
      'Express Scripts',
      'Optum',
      'Caremark',
      'Caremark RxClaim',
      'Rx Plus - Agadia',
    ]);
  });
});
