// `npm run help:build`: regenerates the help centre in content/help from the running product.
//
//   1. builds the web app if its sources changed, and starts a Pillar server of its own with
//      fresh demo data in a temporary DATA_DIR;
//   2. checks that each guide's `check:` lines still hold (a guide that says an area is not
//      available yet must be rewritten once it is);
//   3. takes the screenshots the guides name and renders every guide (guides/*.md) to a PDF;
//   4. records the tutorial videos (videos.ts) as MP4 with a poster;
//   5. writes manifest.json, which the server publishes at /help-content.
//
// Options: --guides-only, --videos-only, --video=<id>[,<id>] (record only these; the others
// keep their committed files). Needs Debian's chromium and ffmpeg (apt-get install ffmpeg).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  filesOfManifest,
  formatDuration,
  helpManifest,
  parseDuration,
  type HelpGuide,
  type HelpManifest,
  type HelpVideo,
} from '../../packages/domain/src/help.ts';
import { ROOT, ensureWebBuild } from '../web-build.ts';
import { launchBrowser, newContext, Presenter, signIn } from './browser.ts';
import { parseMarkdown, type Document } from './markdown.ts';
import { renderGuidePdf } from './pdf.ts';
import { ScreenRecorder } from './recorder.ts';
import { takeScreenshots } from './screenshots.ts';
import { startServer } from './server.ts';
import { VIDEOS, type VideoFlow } from './videos.ts';

const HELP_DIR = path.join(ROOT, 'content/help');
const GUIDES_DIR = path.join(HELP_DIR, 'guides');
const VIDEOS_DIR = path.join(HELP_DIR, 'videos');
const MANIFEST = path.join(HELP_DIR, 'manifest.json');
/** Spec 1 §1: the tutorial videos last from 0:44 to 5:01. */
const VIDEO_SECONDS = { min: 44, max: 301 };
/** What the whole folder may weigh in the repository. */
const BUDGET_BYTES = 25 * 1024 * 1024;

interface Options {
  guides: boolean;
  videos: boolean;
  only: Set<string> | null;
}

function readOptions(argv: string[]): Options {
  const options: Options = { guides: true, videos: true, only: null };
  for (const arg of argv) {
    if (arg === '--guides-only') options.videos = false;
    else if (arg === '--videos-only') options.guides = false;
    else if (arg.startsWith('--video=')) {
      options.guides = false;
      options.only = new Set(arg.slice('--video='.length).split(','));
    } else throw new Error(`Unknown option ${arg}`);
  }
  if (options.only) {
    for (const id of options.only) {
      if (!VIDEOS.some((video) => video.id === id)) throw new Error(`No video ${id} in videos.ts`);
    }
  }
  return options;
}

interface GuideSource {
  id: string;
  order: number;
  title: string;
  description: string;
  quickStart: boolean;
  source: string;
  document: Document;
}

function readGuides(): GuideSource[] {
  const guides = fs
    .readdirSync(GUIDES_DIR)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const source = path.join(GUIDES_DIR, name);
      const document = parseMarkdown(fs.readFileSync(source, 'utf8'));
      const { values } = document.front;
      const id = values.id ?? '';
      if (`${id}.md` !== name)
        throw new Error(`${name}: its front matter id must be ${name.slice(0, -3)}`);
      if (!values.title || !values.description)
        throw new Error(`${name}: title and description are required`);
      return {
        id,
        order: Number(values.order ?? 99),
        title: values.title,
        description: values.description,
        quickStart: values.quickStart === 'true',
        source,
        document,
      };
    });
  return guides.sort((a, b) => a.order - b.order);
}

function readManifest(): HelpManifest | null {
  if (!fs.existsSync(MANIFEST)) return null;
  return helpManifest.parse(JSON.parse(fs.readFileSync(MANIFEST, 'utf8')));
}

function writeManifest(manifest: HelpManifest): void {
  const checked = helpManifest.parse(manifest);
  for (const file of filesOfManifest(checked)) {
    if (!fs.existsSync(path.join(HELP_DIR, file)))
      throw new Error(`manifest.json names ${file}, which is missing`);
  }
  fs.writeFileSync(MANIFEST, `${JSON.stringify(checked, null, 2)}\n`);
}

/** The guides' `check:` lines: each path, opened by the super admin, must show its text. */
async function checkGuides(baseUrl: string, guides: GuideSource[]): Promise<void> {
  const checks = guides.flatMap((guide) =>
    guide.document.front.checks.map((check) => ({ guide, check })),
  );
  if (checks.length === 0) return;
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await signIn(page, 'superAdmin');
    const token = await page.evaluate(() => {
      for (let i = 0; i < window.localStorage.length; i += 1) {
        const key = window.localStorage.key(i);
        if (key?.startsWith('oidc.user:')) {
          return (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string })
            .access_token;
        }
      }
      return undefined;
    });
    const answer = await page.request.get('/portal/v1/organizations?limit=1&sort=name:asc', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const org = ((await answer.json()) as { data: { organizationNo: number }[] }).data[0]
      ?.organizationNo;
    const failures: string[] = [];
    for (const { guide, check } of checks) {
      const url = check.path.replace('{org}', String(org));
      await page.goto(url);
      try {
        await page.getByText(check.text).first().waitFor({ timeout: 15_000 });
      } catch {
        failures.push(
          `guides/${guide.id}.md says ${check.path} shows "${check.text}", and it no longer does: the product has grown. Rewrite the guide for what ${check.path} does now, update or remove its check line, and run npm run help:build again.`,
        );
      }
    }
    if (failures.length) throw new Error(failures.join('\n'));
    console.log(`  ${checks.length} guide checks hold`);
  } finally {
    await browser.close();
  }
}

async function buildGuides(
  baseUrl: string,
  guides: GuideSource[],
  generatedAt: Date,
): Promise<HelpGuide[]> {
  const shotsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-help-shots-'));
  try {
    const names = new Set<string>();
    for (const guide of guides) {
      for (const block of guide.document.blocks) {
        if (block.kind !== 'image') continue;
        const match = /^screenshots\/([a-z0-9-]+)\.png$/.exec(block.src);
        if (!match)
          throw new Error(
            `guides/${guide.id}.md: images must be screenshots/<name>.png, not ${block.src}`,
          );
        names.add(match[1]!);
      }
    }
    const browser = await launchBrowser();
    try {
      await takeScreenshots(browser, baseUrl, [...names], shotsDir);
    } finally {
      await browser.close();
    }
    const built: HelpGuide[] = [];
    for (const guide of guides) {
      const file = `guides/${guide.id}.pdf`;
      const { pages, bytes } = await renderGuidePdf({
        title: guide.title,
        description: guide.description,
        blocks: guide.document.blocks,
        imageDir: shotsDir,
        outFile: path.join(HELP_DIR, file),
        generatedAt,
      });
      console.log(`  ${file}: ${pages} pages, ${(bytes / 1024).toFixed(0)} KB`);
      built.push({
        id: guide.id,
        title: guide.title,
        description: guide.description,
        file,
        pages,
        bytes,
      });
    }
    return built;
  } finally {
    fs.rmSync(shotsDir, { recursive: true, force: true });
  }
}

async function recordVideo(baseUrl: string, flow: VideoFlow): Promise<HelpVideo> {
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, baseUrl, { tourSeen: !flow.tour });
    const page = await context.newPage();
    if (flow.clock) await page.clock.install();
    if (flow.persona) await signIn(page, flow.persona, flow.path);
    if (!flow.persona || new URL(page.url()).pathname !== flow.path) await page.goto(flow.path);
    const presenter = await Presenter.attach(page);
    // The overlay arrives with the next document; this one gets it now.
    await page.reload();
    await flow.ready(page);
    await presenter.rest();
    await page.waitForTimeout(800);
    const framesDir = fs.mkdtempSync(path.join(os.tmpdir(), `pillar-video-${flow.id}-`));
    const recorder = await ScreenRecorder.start(page, framesDir);
    await presenter.pause(1200);
    await flow.run(presenter, page, () => recorder.markPoster());
    await presenter.hideCaption();
    await presenter.pause(1500);
    const file = `videos/${flow.id}.mp4`;
    const poster = `videos/${flow.id}.jpg`;
    const recording = await recorder.stop(path.join(HELP_DIR, file), path.join(HELP_DIR, poster));
    const duration = formatDuration(recording.seconds);
    const seconds = parseDuration(duration)!;
    if (seconds < VIDEO_SECONDS.min || seconds > VIDEO_SECONDS.max) {
      throw new Error(
        `${file} lasts ${duration}; the help videos last 0:44 to 5:01. Adjust its flow in videos.ts.`,
      );
    }
    const bytes = fs.statSync(path.join(HELP_DIR, file)).size;
    console.log(`  ${file}: ${duration}, ${(bytes / 1024).toFixed(0)} KB`);
    return {
      id: flow.id,
      title: flow.title,
      description: flow.description,
      file,
      poster,
      duration,
      width: recording.width,
      height: recording.height,
      bytes,
      transcript: presenter.transcript,
    };
  } finally {
    await browser.close();
  }
}

function folderBytes(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
    const full = path.join(dir, entry.name);
    return total + (entry.isDirectory() ? folderBytes(full) : fs.statSync(full).size);
  }, 0);
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  fs.mkdirSync(VIDEOS_DIR, { recursive: true });
  const generatedAt = new Date();
  const previous = readManifest();
  const guides = readGuides();
  const quickStart = guides.find((guide) => guide.quickStart)?.id ?? previous?.quickStartGuide;
  if (!quickStart) throw new Error('One guide must say quickStart: true in its front matter');

  ensureWebBuild();
  console.log('Starting a Pillar server with fresh demo data…');
  const server = await startServer(ROOT);
  try {
    console.log('Checking the guides against the product…');
    await checkGuides(server.baseUrl, guides);

    let builtGuides = previous?.guides ?? [];
    if (options.guides) {
      console.log('Taking screenshots and rendering the guides…');
      builtGuides = await buildGuides(server.baseUrl, guides, generatedAt);
    }
    const videos = new Map((previous?.videos ?? []).map((video) => [video.id, video]));
    const save = () =>
      writeManifest({
        generatedAt: generatedAt.toISOString(),
        quickStartGuide: quickStart,
        guides: builtGuides,
        // In the order videos.ts lists them; videos no longer listed there are dropped.
        videos: VIDEOS.flatMap((flow) => videos.get(flow.id) ?? []),
      });
    save();
    if (options.videos) {
      console.log('Recording the videos…');
      for (const flow of VIDEOS) {
        if (options.only && !options.only.has(flow.id)) continue;
        videos.set(flow.id, await recordVideo(server.baseUrl, flow));
        // Saved after each video, so a later flow (the help centre's) can play the earlier ones.
        save();
      }
    }
  } finally {
    await server.stop();
  }
  const manifest = readManifest()!;
  const videoSet = new Set(manifest.videos.flatMap((video) => [video.file, video.poster]));
  for (const name of fs.readdirSync(VIDEOS_DIR)) {
    if (!videoSet.has(`videos/${name}`)) {
      fs.rmSync(path.join(VIDEOS_DIR, name));
      console.log(`  removed videos/${name}, which no flow records any more`);
    }
  }
  const total = folderBytes(HELP_DIR);
  console.log(
    `content/help: ${manifest.guides.length} guides, ${manifest.videos.length} videos, ${(total / 1024 / 1024).toFixed(1)} MB`,
  );
  if (total > BUDGET_BYTES) {
    throw new Error(
      `content/help weighs more than ${BUDGET_BYTES / 1024 / 1024} MB; keep the videos shorter or smaller`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
