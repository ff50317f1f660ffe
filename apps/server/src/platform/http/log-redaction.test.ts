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

  it('masks who a member is: names, birth dates, member IDs and contact details', () => {
    const url = redactUrl(
      '/msr-search/v1/records?firstname=Ada&lastName=Lovelace&birthdate=1990-01-02&memberId=AB-12' +
        '&organizationNo=7',
    );
    expect(url).toBe(
      '/msr-search/v1/records?firstname=%5Bredacted%5D&lastName=%5Bredacted%5D' +
        '&birthdate=%5Bredacted%5D&memberId=%5Bredacted%5D&organizationNo=7',
    );
    const lookup = redactUrl(
      '/portal/v1/priorauth/agadia?alternateId=X1&dateOfBirth=01/02/1990&email=a@b.c&phone=5551234567',
    );
    for (const value of ['X1', '1990', 'a@b.c', '5551234567']) expect(lookup).not.toContain(value);
  });

  it('keeps ordinary values, and numbers that are not nine digits', () => {
    expect(redactUrl('/portal/v1/organizations?name=Cedar&limit=20&offset=1234567890')).toBe(
      '/portal/v1/organizations?name=Cedar&limit=20&offset=1234567890',
    );
    expect(redactUrl('/portal/v1/organizations/42')).toBe('/portal/v1/organizations/42');
  });

  it('masks link tokens in paths, whatever their shape', () => {
    expect(redactUrl('/oidc/reset/short')).toBe('/oidc/reset/[redacted]');
    expect(redactUrl('/portal/v1/temp-id-cards/abc/verify')).toBe(
      '/portal/v1/temp-id-cards/[redacted]/verify',
    );
    expect(redactUrl('/id-card/Zm9vYmFyYmF6cXV4?x=1')).toBe('/id-card/[redacted]?x=1');
    expect(redactUrl('/oidc/interaction/abc/login')).toBe('/oidc/interaction/[redacted]/login');
  });

  it('masks any long random-looking path segment: base64url, hex, UUIDs', () => {
    for (const secret of [
      'O8D_EbRtkZFku-iErapVb__25HQcXTjYAKgfl2x9lqA',
      'a3f9c0d1e2b4a5f60718293a4b5c6d7e',
      '123e4567-e89b-12d3-a456-426614174000',
      'abcdefghijklmnopQRS',
    ]) {
      expect(redactUrl(`/anything/${secret}/more`)).toBe('/anything/[redacted]/more');
    }
  });

  it('keeps route names, however long', () => {
    for (const path of [
      '/eligibilityImportSchema/x',
      '/portal/v1/organizations/42/employees/7/benefit-package-history',
      '/authorization/v1/userprofile/password-reset',
      '/help/videos/member-search-overview.mp4',
    ]) {
      expect(redactUrl(path)).toBe(path);
    }
  });
});
