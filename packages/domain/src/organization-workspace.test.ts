import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToAmount,
  formatEffectivePeriod,
  invoiceTypeLabel,
  moneyToCents,
  organizationUserQuery,
  reportFileName,
  reportQuery,
  sumMoney,
} from './organization-workspace.ts';

describe('formatEffectivePeriod', () => {
  it('shows both ends as MM/DD/YYYY and an open end as N/A', () => {
    expect(formatEffectivePeriod('2025-01-01', '2025-12-31')).toBe('01/01/2025 - 12/31/2025');
    expect(formatEffectivePeriod('2025-05-10', null)).toBe('05/10/2025 - N/A');
  });
});

describe('money sums', () => {
  it('adds numeric(14,2) amounts exactly, negatives included', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['1234.5', '-271.44', '0'])).toBe('963.06');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['-0.05'])).toBe('-0.05');
    expect(() => moneyToCents('1.234')).toThrow();
    expect(() => moneyToCents('abc')).toThrow();
  });

  it('round-trips any amount in cents and agrees with integer addition', () => {
    const cents = fc.bigInt({ min: -999_999_999_999n, max: 999_999_999_999n });
    fc.assert(fc.property(cents, (c) => moneyToCents(centsToAmount(c)) === c));
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 30 }), (list) => {
        const expected = list.reduce((a, b) => a + b, 0n);
        return sumMoney(list.map(centsToAmount)) === centsToAmount(expected);
      }),
    );
  });
});

describe('invoice reports', () => {
  it('names the file after the invoice, the report and its date', () => {
    expect(reportFileName(100123, '2026-10-01', 'Invoice', 'PDF')).toBe(
      'invoice-100123-2026-10-01.pdf',
    );
    expect(reportFileName(100123, '2026-10-01', 'Summary', 'Text')).toBe(
      'invoice-100123-claim-summary-2026-10-01.csv',
    );
    expect(reportFileName(7, '2026-01-05', 'InvoiceClaimExtract', 'Excel')).toBe(
      'invoice-7-claim-extract-2026-01-05.xlsx',
    );
  });

  it('labels the invoice types', () => {
    expect(invoiceTypeLabel(true)).toBe('Tria');
    expect(invoiceTypeLabel(false)).toBe('Standard');
  });

  it('accepts only the spec’s types and formats', () => {
    expect(reportQuery.safeParse({ type: 'Detail', format: 'Text' }).success).toBe(true);
    expect(reportQuery.safeParse({ type: 'detail', format: 'Text' }).success).toBe(false);
    expect(reportQuery.safeParse({ type: 'Detail', format: 'CSV' }).success).toBe(false);
  });
});

describe('organization user query', () => {
  it('takes one or several role ids and a status', () => {
    expect(organizationUserQuery.parse({ roleId: '21' }).roleId).toEqual([21]);
    expect(organizationUserQuery.parse({ roleId: ['21', '33'], active: 'false' })).toMatchObject({
      roleId: [21, 33],
      active: false,
    });
    expect(organizationUserQuery.parse({}).active).toBeUndefined();
    const bad = organizationUserQuery.safeParse({ roleId: ['21', 'x'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['roleId']);
  });
});
