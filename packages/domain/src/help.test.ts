import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  filesOfManifest,
  formatDuration,
  helpManifest,
  parseDuration,
  type HelpManifest,
} from './help.ts';

const MANIFEST: HelpManifest = {
  generatedAt: '2026-11-30T12:00:00.000Z',
  quickStartGuide: 'general-overview',
  guides: [
    {
      id: 'general-overview',
      title: 'General overview',
      description: 'Finding your way around Pillar.',
      file: 'guides/general-overview.pdf',
      pages: 5,
      bytes: 120_000,
    },
  ],
  videos: [
    {
      id: 'signing-in',
      title: 'Signing in',
      description: 'Sign in and out.',
      file: 'videos/signing-in.webm',
      poster: 'videos/signing-in.jpg',
      duration: '0:44',
      width: 1280,
      height: 720,
      bytes: 900_000,
      transcript: ['Open Pillar and choose Sign in.'],
    },
  ],
};

describe('formatDuration and parseDuration', () => {
  it.each([
    [0, '0:00'],
    [44, '0:44'],
    [44.4, '0:44'],
    [59.6, '1:00'],
    [301, '5:01'],
    [-3, '0:00'],
  ])('%d s -> %s', (seconds, label) => {
    expect(formatDuration(seconds)).toBe(label);
  });

  it('round-trips every whole number of seconds under 100 minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5999 }), (seconds) => {
        expect(parseDuration(formatDuration(seconds))).toBe(seconds);
      }),
    );
  });

  it.each(['', '5', '1:5', '1:60', '-1:00', '1:00:00', 'a:bc'])('rejects %j', (value) => {
    expect(parseDuration(value)).toBeNull();
  });
});

describe('helpManifest', () => {
  it('accepts a well-formed manifest and lists its files', () => {
    expect(helpManifest.parse(MANIFEST)).toEqual(MANIFEST);
    expect(filesOfManifest(MANIFEST)).toEqual([
      'guides/general-overview.pdf',
      'videos/signing-in.webm',
      'videos/signing-in.jpg',
    ]);
  });

  it.each([
    ['../secrets.pdf'],
    ['/etc/passwd.pdf'],
    ['guides/../../x.pdf'],
    ['a/b/c.pdf'],
    ['.hidden.pdf'],
    ['Guide.PDF'],
    ['guides/overview.exe'],
  ])('refuses the guide file %j', (file) => {
    const guide = { ...MANIFEST.guides[0]!, file };
    expect(helpManifest.safeParse({ ...MANIFEST, guides: [guide] }).success).toBe(false);
  });

  it('refuses a video that is not a video, and a poster that is not an image', () => {
    const video = MANIFEST.videos[0]!;
    const wrongFile = { ...video, file: 'videos/signing-in.pdf' };
    const wrongPoster = { ...video, poster: 'videos/signing-in.webm' };
    expect(helpManifest.safeParse({ ...MANIFEST, videos: [wrongFile] }).success).toBe(false);
    expect(helpManifest.safeParse({ ...MANIFEST, videos: [wrongPoster] }).success).toBe(false);
  });

  it('takes a video without a transcript as one with an empty transcript', () => {
    const { transcript: _omitted, ...video } = MANIFEST.videos[0]!;
    const parsed = helpManifest.parse({ ...MANIFEST, videos: [video] });
    expect(parsed.videos[0]!.transcript).toEqual([]);
  });

  it('refuses a duration that is not m:ss', () => {
    const video = { ...MANIFEST.videos[0]!, duration: '44s' };
    expect(helpManifest.safeParse({ ...MANIFEST, videos: [video] }).success).toBe(false);
  });

  it('refuses a quick start guide that is not listed, and an id used twice', () => {
    expect(helpManifest.safeParse({ ...MANIFEST, quickStartGuide: 'missing' }).success).toBe(false);
    const twin = { ...MANIFEST.videos[0]!, id: 'general-overview' };
    expect(helpManifest.safeParse({ ...MANIFEST, videos: [twin] }).success).toBe(false);
  });
});
