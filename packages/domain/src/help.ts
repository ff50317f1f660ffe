import { z } from 'zod';

/**
 * The help centre's content (spec 1 §1, §2 "Help page"): PDF guides and tutorial videos, kept
 * in a folder the server serves under /help-content, described by its manifest.json. The
 * manifest is the only thing the web app knows about the content, so guides and videos can be
 * replaced without rebuilding the app.
 */

/** Where the server publishes the help content; the manifest is `${HELP_CONTENT_PATH}/manifest.json`. */
export const HELP_CONTENT_PATH = '/help-content';

/** Spec 1 §1: tutorial videos play in a modal 768 pixels wide. */
export const HELP_VIDEO_MODAL_WIDTH = 768;

/** The kinds of file the help folder may publish. */
export const HELP_FILE_EXTENSIONS = ['pdf', 'webm', 'mp4', 'png', 'jpg'] as const;

/**
 * A path inside the help folder: lower-case words in at most one sub-folder, with one of the
 * published extensions. No `..`, no absolute paths, no hidden files.
 */
const HELP_FILE = /^(?:[a-z0-9][a-z0-9-]*\/)?[a-z0-9][a-z0-9-]*\.(?:pdf|webm|mp4|png|jpg)$/;

function helpFile(extensions: readonly (typeof HELP_FILE_EXTENSIONS)[number][]) {
  return z
    .string()
    .regex(HELP_FILE, 'must be a lower-case path inside the help folder')
    .refine(
      (file) => extensions.some((extension) => file.endsWith(`.${extension}`)),
      `must end in .${extensions.join(' or .')}`,
    );
}

const DURATION = /^(\d{1,2}):([0-5]\d)$/;

/** Seconds to the m:ss the help page shows (44 → '0:44', 301 → '5:01'). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 'm:ss' to seconds, or null when it is not a duration. */
export function parseDuration(value: string): number | null {
  const match = DURATION.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

const id = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case words joined by hyphens')
  .max(80);
const title = z.string().trim().min(1, 'is required').max(120);
const description = z.string().trim().min(1, 'is required').max(400);

export const helpGuide = z.object({
  id,
  title,
  description,
  /** The PDF, relative to the help folder. */
  file: helpFile(['pdf']),
  pages: z.number().int().positive(),
  bytes: z.number().int().positive(),
});
export type HelpGuide = z.infer<typeof helpGuide>;

export const helpVideo = z.object({
  id,
  title,
  description,
  /** The video, relative to the help folder. */
  file: helpFile(['webm', 'mp4']),
  /** A still shown before the video plays. */
  poster: helpFile(['png', 'jpg']),
  /** Length as shown to users, m:ss. */
  duration: z.string().regex(DURATION, 'must be m:ss'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
  /**
   * What the video shows, step by step: the captions it displays, as text. The videos have no
   * sound, so this is their text alternative (WCAG 1.2.1) for people who cannot watch them.
   */
  transcript: z.array(z.string().trim().min(1).max(300)).max(80).default([]),
});
export type HelpVideo = z.infer<typeof helpVideo>;

/** GET /help-content/manifest.json. */
export const helpManifest = z
  .object({
    /** When the content was generated (ISO 8601). */
    generatedAt: z.iso.datetime(),
    /** The guide the home dashboard offers as the quick start guide. */
    quickStartGuide: id,
    guides: z.array(helpGuide).min(1),
    videos: z.array(helpVideo),
  })
  .superRefine((manifest, context) => {
    const ids = [...manifest.guides, ...manifest.videos].map((item) => item.id);
    for (const [index, value] of ids.entries()) {
      if (ids.indexOf(value) !== index) {
        context.addIssue({ code: 'custom', message: `id ${value} is used twice`, path: ['id'] });
      }
    }
    if (!manifest.guides.some((guide) => guide.id === manifest.quickStartGuide)) {
      context.addIssue({
        code: 'custom',
        message: `quickStartGuide ${manifest.quickStartGuide} is not one of the guides`,
        path: ['quickStartGuide'],
      });
    }
  });
export type HelpManifest = z.infer<typeof helpManifest>;

/** Every file a manifest names, relative to the help folder. */
export function filesOfManifest(manifest: HelpManifest): string[] {
  return [
    ...manifest.guides.map((guide) => guide.file),
    ...manifest.videos.flatMap((video) => [video.file, video.poster]),
  ];
}

/** The URL of a help file, for links and video sources. */
export function helpContentUrl(file: string): string {
  return `${HELP_CONTENT_PATH}/${file}`;
}
