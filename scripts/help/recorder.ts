// Records a page as a video: Chromium's screencast (DevTools protocol) sends a JPEG each time
// the page repaints, with its time; ffmpeg joins the frames, each held until the next, into a
// small H.264 MP4 (the format every browser plays). No frames arrive while nothing moves, so a still page costs nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { VIEWPORT } from './browser.ts';

interface Frame {
  file: string;
  /** Seconds since the epoch, as Chromium stamps the frame. */
  at: number;
}

export interface Recording {
  file: string;
  poster: string;
  seconds: number;
  width: number;
  height: number;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** Length of a media file in seconds, as ffprobe reads its container. */
export function probeSeconds(file: string): number {
  const out = run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]);
  const seconds = Number(out.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe could not read the length of ${file}`);
  return seconds;
}

export class ScreenRecorder {
  private readonly frames: Frame[] = [];
  private posterFrame: Frame | null = null;
  private startedAt = 0;
  private session: CDPSession | null = null;
  private readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async start(page: Page, dir: string): Promise<ScreenRecorder> {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const recorder = new ScreenRecorder(dir);
    const session = await page.context().newCDPSession(page);
    recorder.session = session;
    recorder.startedAt = Date.now() / 1000;
    session.on('Page.screencastFrame', (event) => {
      const file = path.join(dir, `frame-${String(recorder.frames.length).padStart(6, '0')}.jpg`);
      fs.writeFileSync(file, Buffer.from(event.data, 'base64'));
      recorder.frames.push({ file, at: event.metadata.timestamp ?? Date.now() / 1000 });
      void session.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => {});
    });
    await session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 88,
      maxWidth: VIEWPORT.width,
      maxHeight: VIEWPORT.height,
      everyNthFrame: 1,
    });
    return recorder;
  }

  /** The frame on screen now becomes the video's poster. */
  markPoster(): void {
    this.posterFrame = this.frames.at(-1) ?? null;
  }

  /** Stops, and encodes the frames into `outFile` (MP4) and a poster JPEG beside it. */
  async stop(outFile: string, posterFile: string): Promise<Recording> {
    const endedAt = Date.now() / 1000;
    await this.session?.send('Page.stopScreencast');
    await this.session?.detach();
    if (this.frames.length === 0) throw new Error('The recording caught no frames');

    // The concat list holds each frame until the next one arrives; the last until the end.
    const lines: string[] = [];
    const first = this.frames[0]!;
    const offset = Math.max(0, first.at - this.startedAt);
    this.frames.forEach((frame, index) => {
      const next = this.frames[index + 1];
      const held = (next ? next.at : endedAt) - frame.at + (index === 0 ? offset : 0);
      lines.push(
        `file '${path.basename(frame.file)}'`,
        `duration ${Math.max(held, 0.001).toFixed(4)}`,
      );
    });
    // The concat demuxer ignores the last duration unless the file is named once more.
    lines.push(`file '${path.basename(this.frames.at(-1)!.file)}'`);
    const list = path.join(this.dir, 'frames.txt');
    fs.writeFileSync(list, `${lines.join('\n')}\n`);

    const { width, height } = VIEWPORT;
    fs.rmSync(outFile, { force: true });
    run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-vf',
      `fps=20,scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=white,format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      '28',
      '-tune',
      'stillimage',
      '-g',
      '100',
      '-movflags',
      '+faststart',
      '-an',
      outFile,
    ]);

    const poster = this.posterFrame ?? this.frames[Math.floor(this.frames.length / 3)]!;
    fs.rmSync(posterFile, { force: true });
    run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      poster.file,
      '-vf',
      'scale=640:-2',
      '-q:v',
      '5',
      posterFile,
    ]);
    fs.rmSync(this.dir, { recursive: true, force: true });
    return { file: outFile, poster: posterFile, seconds: probeSeconds(outFile), width, height };
  }
}
