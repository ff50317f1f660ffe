/**
 * An RFC 6266 attachment header that every browser saves under the given name: an ASCII
 * fallback (quotes and backslashes replaced) plus the exact name, percent-encoded.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
