import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { type FeatureFlag, type FeatureFlagTitle } from '@pillar/domain';
import { apiRequest } from '../api/api-client.ts';
import { notifyError } from '../notifications/notify.ts';
import { UserAccessContext } from '../permissions/user-access.ts';

export type { FeatureFlagTitle };

/** The flags the product knows (spec 2 §6), all off until a user turns them on. */
export const FEATURE_FLAGS: readonly { title: FeatureFlagTitle; description: string }[] = [
  {
    title: 'Show User Permissions',
    description: 'Shows the Applications/Permissions card in your profile.',
  },
  { title: 'Show Roles Page', description: 'Shows the Roles page under Admin.' },
];

const CHANGE_EVENT = 'pillar:feature-flags';

export function featureFlagStorageKey(userId: number | string): string {
  return `pillar.featureFlags.${userId}`;
}

export function readFeatureFlags(userId: number | string): Record<string, boolean> {
  try {
    const raw = window.localStorage.getItem(featureFlagStorageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

function writeFeatureFlags(userId: number | string, flags: Record<string, boolean>): void {
  window.localStorage.setItem(featureFlagStorageKey(userId), JSON.stringify(flags));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function writeFeatureFlag(userId: number | string, title: string, enabled: boolean): void {
  writeFeatureFlags(userId, { ...readFeatureFlags(userId), [title]: enabled });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab of the same user changed a flag.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** GET {authorization}/feature-flags: the signed-in user's flags as the server keeps them. */
export async function fetchFeatureFlags(signal?: AbortSignal): Promise<FeatureFlag[]> {
  const body = await apiRequest<{ data: FeatureFlag[] }>('authorization', '/feature-flags', {
    signal,
  });
  return body.data;
}

/** PATCH {authorization}/feature-flags: one flag on or off; answers all of them. */
export async function patchFeatureFlag(title: FeatureFlagTitle, value: boolean) {
  const body = await apiRequest<{ data: FeatureFlag[] }>('authorization', '/feature-flags', {
    method: 'PATCH',
    body: { title, value },
  });
  return body.data;
}

export function featureFlagsQueryOptions() {
  return queryOptions({
    queryKey: ['authorization', 'feature-flags'] as const,
    queryFn: ({ signal }) => fetchFeatureFlags(signal),
    // Flags change only through this browser or another one, which a new sign-in picks up.
    staleTime: Infinity,
  });
}

/**
 * Copies the server's flags into this browser's store once they arrive, so flags set in another
 * browser apply here too, and a first sign-in in this browser stores every flag, off ones
 * included (spec 2 §6: the flags live in the browser under a per-user key). The server wins: it
 * has every change, this browser only its own.
 */
function useServerFlags(userId: number | undefined): void {
  const { data } = useQuery({ ...featureFlagsQueryOptions(), enabled: userId !== undefined });
  useEffect(() => {
    if (!data || userId === undefined) return;
    const local = readFeatureFlags(userId);
    const stored = data.every(
      (flag) => typeof local[flag.title] === 'boolean' && local[flag.title] === flag.value,
    );
    if (stored) return;
    const next = { ...local };
    for (const flag of data) next[flag.title] = flag.value;
    writeFeatureFlags(userId, next);
  }, [data, userId]);
}

/**
 * A feature flag of the signed-in user: [enabled, setEnabled]. Kept in the browser under
 * pillar.featureFlags.{userId} as the spec says (people sharing a browser keep their own
 * choices), and on the server, so it follows the user to another browser.
 */
export function useFeatureFlag(title: FeatureFlagTitle): [boolean, (enabled: boolean) => void] {
  const userId = useContext(UserAccessContext)?.claims.userId;
  const queryClient = useQueryClient();
  useServerFlags(userId);
  const enabled = useSyncExternalStore(subscribe, () =>
    userId === undefined ? false : readFeatureFlags(userId)[title] === true,
  );
  const setEnabled = useCallback(
    (value: boolean) => {
      if (userId === undefined) return;
      const previous = readFeatureFlags(userId)[title] === true;
      writeFeatureFlag(userId, title, value);
      patchFeatureFlag(title, value).then(
        (flags) => queryClient.setQueryData(featureFlagsQueryOptions().queryKey, flags),
        (error: unknown) => {
          writeFeatureFlag(userId, title, previous);
          notifyError(error, 'Update Feature Flag');
        },
      );
    },
    [userId, title, queryClient],
  );
  return [enabled, setEnabled];
}
