import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDetail, FileUploadResult, Page, FileSummary } from '@pillar/domain';
import type { PersonaKey } from '../../seed/personas.ts';
import { cutOffUpload } from '../../test/cut-off-upload.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  SAMPLES,
  fileCount,
  multipartBody,
  organizationNoAt,
  storedObjects,
  type UploadPart,
} from './files.test-helpers.ts';

/** A small limit, so "over the limit" needs kilobytes, not 200 MB. */
const LIMIT = 64 * 1024;

let t: TestApp;
let cedar: number;
let northfield: number;
beforeAll(async () => {
  t = await createTestApp({ env: { FILE_MAX_BYTES: String(LIMIT) } });
  cedar = await organizationNoAt(t, 0);
  northfield = await organizationNoAt(t, 2);
});
afterAll(async () => {
  await t?.close();
});

type Fields = (readonly [string, string | number | boolean])[];

async function fieldsFor(
  recipients: PersonaKey[],
  overrides: { categoryId?: number; organizationNo?: number; phi?: boolean } = {},
): Promise<Fields> {
  const fields: Fields = [
    ['categoryId', overrides.categoryId ?? 1],
    ['organizationNo', overrides.organizationNo ?? cedar],
    ['phi', overrides.phi ?? false],
  ];
  for (const key of recipients) fields.push(['recipientId', await t.userNo(key)]);
  return fields;
}

async function upload(
  as: PersonaKey,
  fields: Fields,
  files: UploadPart[],
  options: { filesFirst?: boolean } = {},
) {
  const body = multipartBody(fields, files, options);
  return t.injectAs(as, { method: 'POST', url: '/portal/v1/files', ...body });
}

/** Uploads that must be refused with a 400 about `field`, leaving no row and no stored byte. */
async function expectRefused(
  response: Awaited<ReturnType<typeof upload>>,
  field: string,
  message?: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(400);
  const problem = response.json<{ detail: string; params: Record<string, string> }>();
  expect(Object.keys(problem.params)).toContain(field);
  if (typeof message === 'string') expect(problem.params[field]).toBe(message);
  else if (message) expect(problem.params[field]).toMatch(message);
}

describe('POST /portal/v1/files', () => {
  it('stores three files with PHI for two recipients, encrypted, and they can download them', async () => {
    const before = { rows: await fileCount(t), objects: storedObjects(t).length };
    const files = [
      { name: 'Enrollment Changes.csv', content: SAMPLES.csv },
      { name: 'Benefit Summary.pdf', content: SAMPLES.pdf },
      { name: 'C:\\Users\\leila\\Desktop\\Census.xlsx', content: SAMPLES.docx },
    ];
    const response = await upload(
      'client',
      await fieldsFor(['accountManager', 'broker'], { phi: true, categoryId: 2 }),
      files,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<FileUploadResult>();
    expect(data.map((f) => f.name)).toEqual([
      'Enrollment Changes.csv',
      'Benefit Summary.pdf',
      'Census.xlsx',
    ]);
    for (const file of data) {
      expect(file).toMatchObject({
        phi: true,
        categoryId: 2,
        category: 'Claims',
        organizationNo: cedar,
        organizationName: 'Cedar Valley Manufacturing',
        createdByName: 'Leila Haddad',
        owner: true,
      });
    }
    expect(data[1]!.size).toBe(SAMPLES.pdf.length);
    expect(await fileCount(t)).toBe(before.rows + 3);
    const objects = storedObjects(t);
    expect(objects).toHaveLength(before.objects + 3);
    for (const object of objects) {
      expect(fs.readFileSync(object).includes(Buffer.from('member_id,last_name'))).toBe(false);
    }

    // Both recipients see them; each download gives back the exact bytes.
    for (const who of ['accountManager', 'broker'] as const) {
      const listed = await t.injectAs(who, {
        method: 'GET',
        url: '/portal/v1/files?name=Benefit%20Summary',
      });
      expect(listed.json<Page<FileSummary>>().totalCount).toBe(1);
    }
    const pdf = await t.injectAs('broker', {
      method: 'GET',
      url: `/portal/v1/files/${data[1]!.id}/download`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    const sha = await t.ctx.db
      .selectFrom('file')
      .select('sha256')
      .where('file_id', '=', data[1]!.id)
      .executeTakeFirstOrThrow();
    expect(sha.sha256).toBe(crypto.createHash('sha256').update(SAMPLES.pdf).digest('hex'));

    const detail = await t.injectAs('client', {
      method: 'GET',
      url: `/portal/v1/files/${data[0]!.id}`,
    });
    expect(
      detail
        .json<FileDetail>()
        .recipients.map((r) => r.fullName)
        .sort(),
    ).toEqual(['Jonah Whitfield', 'Marcus Okafor']);
    // A member of the same organization who is no recipient does not see them.
    const stranger = await t.injectAs('clientNoSsn', {
      method: 'GET',
      url: `/portal/v1/files/${data[0]!.id}`,
    });
    expect(stranger.statusCode).toBe(404);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'file.upload')
      .where('actor_user_no', '=', await t.userNo('client'))
      .execute();
    expect(audit.map((a) => a.entity_id).sort()).toEqual(data.map((f) => f.id).sort());
  });

  it('accepts every listed type whose content matches, fields before or after the files', async () => {
    const files: UploadPart[] = [
      { name: 'notes.TXT', content: SAMPLES.txt },
      { name: 'extract.dat', content: 'H|20261101|CEDAR\nD|E100|OKAFOR\n' },
      { name: 'legacy.xls', content: SAMPLES.xls },
      { name: 'legacy.doc', content: SAMPLES.xls },
      { name: 'deck.ppt', content: SAMPLES.xls },
      { name: 'deck.pptx', content: SAMPLES.docx },
      { name: 'letter.docx', content: SAMPLES.docx },
      { name: 'bundle.zip', content: SAMPLES.docx },
      { name: 'secret.gpg', content: SAMPLES.gpg },
      { name: 'secret.pgp', content: SAMPLES.pgp },
    ];
    const response = await upload('accountManager', await fieldsFor(['client']), files, {
      filesFirst: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<FileUploadResult>().data).toHaveLength(10);
  });

  describe('refusals: a clear message, no row and no stored byte', () => {
    let before: { rows: number; objects: number };
    const unchanged = async () => {
      expect(await fileCount(t)).toBe(before.rows);
      expect(storedObjects(t)).toHaveLength(before.objects);
    };
    beforeAll(async () => {
      before = { rows: await fileCount(t), objects: storedObjects(t).length };
    });

    it('an extension outside the list, even after good files', async () => {
      const response = await upload('client', await fieldsFor(['accountManager']), [
        { name: 'ok.csv', content: SAMPLES.csv },
        { name: 'payload.exe', content: 'MZ' },
      ]);
      await expectRefused(response, 'file', /^'payload.exe' is not an accepted file type/);
      const none = await upload('client', await fieldsFor(['accountManager']), [
        { name: 'README', content: 'x' },
      ]);
      await expectRefused(none, 'file', /not an accepted file type/);
      await unchanged();
    });

    it('an eleventh file', async () => {
      const files = Array.from({ length: 11 }, (_, i) => ({
        name: `part-${i + 1}.csv`,
        content: SAMPLES.csv,
      }));
      const response = await upload('client', await fieldsFor(['accountManager']), files);
      await expectRefused(response, 'file', 'At most 10 files can be uploaded at once');
      await unchanged();
    });

    it('an empty file', async () => {
      const response = await upload('client', await fieldsFor(['accountManager']), [
        { name: 'first.csv', content: SAMPLES.csv },
        { name: 'empty.csv', content: '' },
      ]);
      await expectRefused(response, 'file', "'empty.csv' is empty");
      await unchanged();
    });

    it('a file over the size limit, and one exactly at it is fine', async () => {
      const over = await upload('client', await fieldsFor(['accountManager']), [
        { name: 'big.csv', content: Buffer.alloc(LIMIT + 1, 0x41) },
      ]);
      await expectRefused(over, 'file', "'big.csv' is larger than the 64 KB limit");
      const muchBigger = await upload('client', await fieldsFor(['accountManager']), [
        { name: 'bigger.csv', content: Buffer.alloc(LIMIT * 4, 0x41) },
        { name: 'after.csv', content: SAMPLES.csv },
      ]);
      await expectRefused(muchBigger, 'file', /'bigger.csv' is larger/);
      await unchanged();

      const exact = await upload('accountManager', await fieldsFor(['client']), [
        { name: 'exact.csv', content: Buffer.alloc(LIMIT, 0x41) },
      ]);
      expect(exact.statusCode).toBe(201);
      expect(exact.json<FileUploadResult>().data[0]!.size).toBe(LIMIT);
      const removed = await t.injectAs('accountManager', {
        method: 'DELETE',
        url: `/portal/v1/files/${exact.json<FileUploadResult>().data[0]!.id}`,
      });
      expect(removed.statusCode).toBe(204);
      await unchanged();
    });

    it('content that does not match its extension', async () => {
      for (const [name, content] of [
        ['report.pdf', 'this is not a PDF'],
        ['sheet.xlsx', SAMPLES.pdf],
        ['letter.doc', SAMPLES.docx],
        ['message.gpg', 'plain words'],
        ['data.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])],
      ] as const) {
        const response = await upload('client', await fieldsFor(['accountManager']), [
          { name, content },
        ]);
        await expectRefused(response, 'file', /does not match its extension/);
      }
      await unchanged();
    });

    it('a missing category, organization, recipient or file', async () => {
      const all = await fieldsFor(['accountManager']);
      const without = (name: string) => all.filter(([field]) => field !== name);
      const file = [{ name: 'a.csv', content: SAMPLES.csv }];
      await expectRefused(
        await upload('client', without('categoryId'), file),
        'categoryId',
        'Category is required',
      );
      await expectRefused(
        await upload('client', without('organizationNo'), file),
        'organizationNo',
        'Organization is required',
      );
      await expectRefused(
        await upload('client', without('recipientId'), file),
        'recipientId',
        'Recipients is required',
      );
      await expectRefused(await upload('client', all, []), 'file', 'File is required');
      // Missing fields are noticed even when the files came first.
      await expectRefused(
        await upload('client', without('categoryId'), file, { filesFirst: true }),
        'categoryId',
        'Category is required',
      );
      await unchanged();
    });

    it('another organization, and a recipient outside the organization', async () => {
      await expectRefused(
        await upload(
          'broker',
          await fieldsFor(['accountManager'], { organizationNo: northfield }),
          [{ name: 'a.csv', content: SAMPLES.csv }],
        ),
        'organizationNo',
        'Organization not found',
      );
      const harbor = await organizationNoAt(t, 1);
      await expectRefused(
        await upload('accountManager', await fieldsFor(['client'], { organizationNo: harbor }), [
          { name: 'a.csv', content: SAMPLES.csv },
        ]),
        'recipientId',
        /cannot receive files of this organization/,
      );
      await unchanged();
    });

    it('no permission, no token, not multipart, unexpected fields', async () => {
      const body = multipartBody(await fieldsFor(['client']), [{ name: 'a.csv', content: 'x' }]);
      for (const who of ['agent', 'financialAnalyst', 'clinician'] as const) {
        const response = await t.injectAs(who, {
          method: 'POST',
          url: '/portal/v1/files',
          ...body,
        });
        expect(response.statusCode, who).toBe(403);
      }
      expect(
        (await t.app.inject({ method: 'POST', url: '/portal/v1/files', ...body })).statusCode,
      ).toBe(401);
      const json = await t.injectAs('client', {
        method: 'POST',
        url: '/portal/v1/files',
        payload: { categoryId: 1 },
      });
      expect(json.statusCode).toBe(415);
      expect(json.headers['content-type']).toContain('application/problem+json');
      await expectRefused(
        await upload(
          'client',
          [...(await fieldsFor(['accountManager'])), ['ssn', '123']],
          [{ name: 'a.csv', content: 'x' }],
        ),
        'ssn',
      );
      await unchanged();
    });
  });

  it('leaves no partial file and no row when the upload is cut off mid-stream', async () => {
    const before = { rows: await fileCount(t), objects: storedObjects(t) };
    const boundary = '----pillar-cut-off';
    // Returns once the first file is stored and the second is being written.
    await cutOffUpload(t, {
      url: '/portal/v1/files',
      as: 'client',
      boundary,
      head: Buffer.from(
        (await fieldsFor(['accountManager']))
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
          )
          .join('') +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="first.csv"\r\n\r\n` +
          `${SAMPLES.csv}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\n\r\n`,
      ),
      missingBytes: 10 * LIMIT,
      stored: () => storedObjects(t),
      before: before.objects,
    });

    // Once the server has noticed, the partial file and the complete first file are gone.
    await expect
      .poll(() => storedObjects(t).sort(), { timeout: 10_000 })
      .toEqual([...before.objects].sort());
    expect(await fileCount(t)).toBe(before.rows);
  });
});
