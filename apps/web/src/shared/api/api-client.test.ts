import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './api-client.ts';

describe('file names from Content-Disposition', () => {
  it('prefers the RFC 5987 filename*', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="plain.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
      ),
    ).toBe('résumé.pdf');
  });

  it('reads quoted and bare filenames', () => {
    expect(fileNameFromDisposition('attachment; filename="Invoice 12.pdf"')).toBe('Invoice 12.pdf');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
  });

  it('falls back when the header is missing', () => {
    expect(fileNameFromDisposition(null, 'file')).toBe('file');
  });
});
