import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { type FeatureFlagTitle } from '@pillar/domain';
import { notifyError } from '../../../shared/notifications/notify.ts';
import { UserAccessContext } from '../../../shared/permissions/user-access.ts';
import {
  readFeatureFlags,
  subscribeToFeatureFlags,
  writeFeatureFlag,
  writeFeatureFlags,
} from '../browser-store.ts';
import { featureFlagsQueryOptions, patchFeatureFlag } from './feature-flags.ts';

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
  const enabled = useSyncExternalStore(subscribeToFeatureFlags, () =>
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
