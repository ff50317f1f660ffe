import crypto from 'node:crypto';

/** A multipart/form-data request body for API tests (the files tests and the bad-input test). */

export interface UploadPart {
  name: string;
  content: Buffer | string;
}

/** A multipart/form-data body: the fields first (repeated names allowed), then the files. */
export function multipartBody(
  fields: readonly (readonly [string, string | number | boolean])[],
  files: readonly UploadPart[],
  options: { filesFirst?: boolean } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pillar-test-${crypto.randomBytes(8).toString('hex')}`;
  const fieldParts = fields.map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
    ),
  );
  const fileParts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from('\r\n'),
  ]);
  const parts = options.filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
