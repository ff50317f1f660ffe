// The help centre (spec 1 §1, §2 "Help page"): cards of the PDF guides to open or download and
// of the tutorial videos, which play in a modal 768 wide, all from the published manifest.
import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { parseDuration, type HelpManifest } from '@pillar/domain';
import { expect, expectNoSeriousA11yViolations, signIn, test } from '../fixtures.ts';

async function manifestOf(page: Page): Promise<HelpManifest> {
  const response = await page.request.get('/help-content/manifest.json');
  expect(response.status()).toBe(200);
  return (await response.json()) as HelpManifest;
}

function guideCard(page: Page, title: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}

test('the help centre lists every guide; Open points at the PDF and Download saves it', async ({
  page,
}) => {
  await signIn(page, 'client', { path: '/help' });
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page).toHaveTitle('Help | Pillar (DEMO)');
  const manifest = await manifestOf(page);
  expect(manifest.guides).toHaveLength(6);

  const guides = page.getByRole('region', { name: 'Guides' });
  await expect(guides.getByRole('heading', { level: 3 })).toHaveText(
    manifest.guides.map((guide) => guide.title),
  );
  for (const guide of manifest.guides) {
    const card = guideCard(page, guide.title);
    await expect(card).toContainText(guide.description);
    await expect(card).toContainText(`${guide.pages} page`);
    const open = card.getByRole('link', { name: /^Open/ });
    await expect(open).toHaveAttribute('href', `/help-content/${guide.file}`);
    await expect(open).toHaveAttribute('target', '_blank');
  }
  await expectNoSeriousA11yViolations(page);

  // Open: the browser gets a PDF (headless Chromium has no viewer, so the request is checked).
  const overview = manifest.guides.find((guide) => guide.id === 'general-overview')!;
  const pdf = await page.request.get(`/help-content/${overview.file}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Download: the file is saved under its own name, whole.
  const downloading = page.waitForEvent('download');
  await guideCard(page, overview.title)
    .getByRole('link', { name: /^Download/ })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('general-overview.pdf');
  const saved = await download.path();
  expect(fs.statSync(saved).size).toBe(overview.bytes);
  expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a tutorial video plays in a modal 768 wide, with its length and transcript', async ({
  page,
}) => {
  await signIn(page, 'broker', { path: '/help' });
  const manifest = await manifestOf(page);
  expect(manifest.videos).toHaveLength(8);
  const videos = page.getByRole('region', { name: 'Videos' });
  await expect(videos.getByRole('heading', { level: 3 })).toHaveText(
    manifest.videos.map((video) => video.title),
  );
  for (const video of manifest.videos) {
    const card = videos.getByRole('listitem').filter({ hasText: video.title });
    await expect(card.locator('.help-video-thumb__duration')).toHaveText(video.duration);
  }

  const chosen = manifest.videos[0]!;
  await videos.getByRole('button', { name: `Play ${chosen.title}` }).click();
  const dialog = page.getByRole('dialog', { name: chosen.title });
  await expect(dialog).toBeVisible();
  // The modal itself is 768 pixels wide (spec 1 §1), once its opening animation has ended.
  const modal = page.locator('.ant-modal').filter({ has: page.locator('video') });
  await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(768);

  const player = dialog.locator('video');
  await expect(player).toHaveAttribute('src', `/help-content/${chosen.file}`);
  // It loads and plays: enough data to play, and the playhead moves on.
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(2);
  const length = await player.evaluate((v: HTMLVideoElement) => v.duration);
  expect(Math.abs(length - parseDuration(chosen.duration)!)).toBeLessThanOrEqual(1);
  const first = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(first);

  // The videos are silent; the transcript is their text alternative.
  await dialog.getByText('Transcript').click();
  await expect(dialog.getByRole('listitem')).toHaveText(chosen.transcript);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Closing stops the video: the player is gone with the modal.
  await expect(page.locator('video')).toHaveCount(0);
});

test('the Help link in the header opens the help centre, and a range request answers 206', async ({
  page,
}) => {
  await signIn(page, 'accountManager');
  await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL('/help');
  await expect(page.getByRole('heading', { level: 2, name: 'Videos' })).toBeVisible();
  const manifest = await manifestOf(page);
  const video = manifest.videos[0]!;
  const part = await page.request.get(`/help-content/${video.file}`, {
    headers: { Range: 'bytes=0-1023' },
  });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-type']).toBe('video/mp4');
  expect((await part.body()).length).toBe(1024);
});
