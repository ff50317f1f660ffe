import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HelpManifest } from '@pillar/domain';

/**
 * Where the server publishes the help content (HELP_CONTENT_PATH in the domain package, which
 * the web imports types from only: its zod schemas would weigh on the first page).
 */
export const HELP_CONTENT_PATH = '/help-content';

/** The URL of a file in the help content. */
export function helpContentUrl(file: string): string {
  return `${HELP_CONTENT_PATH}/${file}`;
}

/**
 * GET /help-content/manifest.json: the help centre's guides and videos, for the quick start
 * guide link. Public and same-origin, so a plain fetch; the help feature has its own copy of
 * this call because features do not import each other.
 */
export async function getHelpManifest(signal?: AbortSignal): Promise<HelpManifest> {
  const response = await fetch(`${HELP_CONTENT_PATH}/manifest.json`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`The help content answered ${response.status}`);
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
