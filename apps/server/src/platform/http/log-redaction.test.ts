import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('masks SSNs in paths and queries, with or without dashes', () => {
    expect(redactUrl('/portal/v1/employees?ssn=123-45-6789')).not.toContain('6789');
    expect(redactUrl('/portal/v1/employees?q=123456789&name=Ada')).toBe(
      '/portal/v1/employees?q=%5Bredacted%5D&name=Ada',
    );
    expect(redactUrl('/lookup/123-45-6789/x')).toBe('/lookup/[redacted]/x');
  });

  it('masks tokens, codes and passwords whatever their value', () => {
    const url = redactUrl(
      '/oidc/cb?code=abc&state=xyz&id_token_hint=eyJ.a.b&password=hunter2&emp.ssn=1',
    );
    for (const secret of ['abc', 'xyz', 'eyJ.a.b', 'hunter2']) expect(url).not.toContain(secret);
  });

  it('keeps ordinary values, and numbers that are not nine digits', () => {
    expect(redactUrl('/portal/v1/organizations?name=Cedar&limit=20&offset=1234567890')).toBe(
      '/portal/v1/organizations?name=Cedar&limit=20&offset=1234567890',
    );
    expect(redactUrl('/portal/v1/organizations/42')).toBe('/portal/v1/organizations/42');
  });
});
