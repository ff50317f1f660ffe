import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HelpManifest } from '@pillar/domain';

/**
 * Where the server publishes the help content (HELP_CONTENT_PATH in the domain package, which
 * the web imports types from only, so its zod schemas stay out of the browser bundle).
 */
export const HELP_CONTENT_PATH = '/help-content';

/** The URL of a file in the help content. */
export function helpContentUrl(file: string): string {
  return `${HELP_CONTENT_PATH}/${file}`;
}

export class HelpContentError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The help content answered ${status}`);
    this.status = status;
  }
}

/**
 * GET /help-content/manifest.json: the guides and videos of the help centre. Public and served
 * from the same origin as the app, so a plain fetch without a token; the content can be
 * replaced on the server without a new build of the app.
 */
export async function getHelpManifest(signal?: AbortSignal): Promise<HelpManifest> {
  const response = await fetch(`${HELP_CONTENT_PATH}/manifest.json`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new HelpContentError(response.status);
  return (await response.json()) as HelpManifest;
}

export function helpManifestQueryOptions() {
  return queryOptions({
    queryKey: ['help', 'manifest'] as const,
    queryFn: ({ signal }) => getHelpManifest(signal),
  });
}

export function useHelpManifest() {
  return useQuery(helpManifestQueryOptions());
}
