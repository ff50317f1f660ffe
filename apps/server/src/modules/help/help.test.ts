import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOfManifest, helpManifest, parseDuration, type HelpManifest } from '@pillar/domain';
import { REPO_ROOT } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const COMMITTED = path.join(REPO_ROOT, 'content/help');
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  webm: 'video/webm',
  mp4: 'video/mp4',
  png: 'image/png',
  jpg: 'image/jpeg',
};

let t: TestApp;
let scratch: TestApp;
const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-help-'));

beforeAll(async () => {
  t = await createTestApp({ organizations: 2 });
  scratch = await createTestApp({ organizations: 2, env: { HELP_DIR: scratchDir } });
});
afterAll(async () => {
  await t?.close();
  await scratch?.close();
  fs.rmSync(scratchDir, { recursive: true, force: true });
});

async function committedManifest(): Promise<HelpManifest> {
  const response = await t.app.inject({ method: 'GET', url: '/help-content/manifest.json' });
  expect(response.statusCode).toBe(200);
  return helpManifest.parse(response.json());
}

function extensionOf(file: string): string {
  return path.extname(file).slice(1);
}

describe('help content as committed (content/help)', () => {
  it('serves a manifest that matches the schema, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/help-content/manifest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = helpManifest.parse(response.json());
    // Spec 1 §1: six guides and eight videos lasting 0:44 to 5:01.
    expect(manifest.guides.map((guide) => guide.id)).toEqual([
      'access-and-logging-in',
      'general-overview',
      'organization-summary',
      'member-details',
      'dependent-details',
      'files',
    ]);
    expect(manifest.videos).toHaveLength(8);
    for (const video of manifest.videos) {
      const seconds = parseDuration(video.duration)!;
      expect(seconds, video.id).toBeGreaterThanOrEqual(44);
      expect(seconds, video.id).toBeLessThanOrEqual(301);
    }
  });

  it('has every file the manifest names, with the size it states', async () => {
    const manifest = await committedManifest();
    for (const file of filesOfManifest(manifest)) {
      expect(fs.existsSync(path.join(COMMITTED, file)), file).toBe(true);
    }
    for (const item of [...manifest.guides, ...manifest.videos]) {
      expect(fs.statSync(path.join(COMMITTED, item.file)).size, item.file).toBe(item.bytes);
    }
  });

  it('serves each file with its content type, and the PDFs are PDFs', async () => {
    const manifest = await committedManifest();
    for (const file of filesOfManifest(manifest)) {
      const response = await t.app.inject({ method: 'GET', url: `/help-content/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type'], file).toContain(CONTENT_TYPES[extensionOf(file)]);
      expect(Number(response.headers['content-length']), file).toBe(
        fs.statSync(path.join(COMMITTED, file)).size,
      );
      expect(response.headers['accept-ranges'], file).toBe('bytes');
      if (file.endsWith('.pdf'))
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('answers a range request for a video with 206 and just those bytes', async () => {
    const manifest = await committedManifest();
    const video = manifest.videos[0]!;
    const response = await t.app.inject({
      method: 'GET',
      url: `/help-content/${video.file}`,
      headers: { range: 'bytes=100-1123' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-1123/${video.bytes}`);
    expect(response.rawPayload).toHaveLength(1024);
    const whole = fs.readFileSync(path.join(COMMITTED, video.file));
    expect(response.rawPayload.equals(whole.subarray(100, 1124))).toBe(true);

    const beyond = await t.app.inject({
      method: 'GET',
      url: `/help-content/${video.file}`,
      headers: { range: `bytes=${video.bytes + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('keeps the Markdown sources, hidden files and anything outside the folder private', async () => {
    // They exist, so a 404 means they are kept back, not missing.
    expect(fs.existsSync(path.join(COMMITTED, 'guides/general-overview.md'))).toBe(true);
    expect(fs.existsSync(path.join(COMMITTED, '.gitattributes'))).toBe(true);
    for (const url of [
      '/help-content/guides/general-overview.md',
      '/help-content/.gitattributes',
      '/help-content/../../package.json',
      '/help-content/%2e%2e/%2e%2e/package.json',
      '/help-content/no-such-guide.pdf',
      '/help-content/no-such-page',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/problem+json');
    }
  });
});

describe('help content replaced in HELP_DIR', () => {
  const manifest: HelpManifest = {
    generatedAt: '2026-11-30T12:00:00.000Z',
    quickStartGuide: 'one',
    guides: [
      {
        id: 'one',
        title: 'One',
        description: 'The first guide.',
        file: 'one.pdf',
        pages: 1,
        bytes: 9,
      },
    ],
    videos: [],
  };

  it('serves the folder as it is now, without a restart', async () => {
    fs.writeFileSync(path.join(scratchDir, 'one.pdf'), '%PDF-1.7\n');
    fs.writeFileSync(path.join(scratchDir, 'manifest.json'), JSON.stringify(manifest));
    const first = await scratch.app.inject({ method: 'GET', url: '/help-content/manifest.json' });
    expect(first.json<HelpManifest>().guides[0]!.title).toBe('One');

    const renamed = { ...manifest, guides: [{ ...manifest.guides[0]!, title: 'One, revised' }] };
    fs.writeFileSync(path.join(scratchDir, 'manifest.json'), JSON.stringify(renamed));
    const second = await scratch.app.inject({ method: 'GET', url: '/help-content/manifest.json' });
    expect(second.json<HelpManifest>().guides[0]!.title).toBe('One, revised');

    const pdf = await scratch.app.inject({ method: 'GET', url: '/help-content/one.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toBe('%PDF-1.7\n');
  });

  it('answers 500 for a manifest that breaks the schema or is not JSON, and 404 without one', async () => {
    fs.writeFileSync(
      path.join(scratchDir, 'manifest.json'),
      JSON.stringify({ ...manifest, quickStartGuide: 'missing' }),
    );
    const invalid = await scratch.app.inject({ method: 'GET', url: '/help-content/manifest.json' });
    expect(invalid.statusCode).toBe(500);
    expect(invalid.json()).toMatchObject({ status: 500, detail: 'A server error occurred.' });

    fs.writeFileSync(path.join(scratchDir, 'manifest.json'), '{ not json');
    const broken = await scratch.app.inject({ method: 'GET', url: '/help-content/manifest.json' });
    expect(broken.statusCode).toBe(500);

    fs.rmSync(path.join(scratchDir, 'manifest.json'));
    const missing = await scratch.app.inject({ method: 'GET', url: '/help-content/manifest.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      status: 404,
      detail: 'The help content has not been published.',
    });
  });
});
