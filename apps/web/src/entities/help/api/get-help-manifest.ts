import { queryOptions, useQuery } from '@tanstack/react-query';
import { HELP_CONTENT_PATH, type HelpManifest } from '@pillar/domain';
import { helpKeys } from '../query-keys.ts';

export class HelpContentError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The help content answered ${status}`);
    this.status = status;
  }
}

/**
 * GET /help-content/manifest.json: the guides and videos of the help centre, for the help page
 * and the home page's quick start guide link. Public content served from the app's own origin
 * beside the files it names, not a call of a service: a plain fetch without a token and not a
 * route contract (decision 0093, "Left"). The content can be replaced on the server without a
 * new build of the app.
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
    queryKey: helpKeys.manifest(),
    queryFn: ({ signal }) => getHelpManifest(signal),
  });
}

export function useHelpManifest() {
  return useQuery(helpManifestQueryOptions());
}
