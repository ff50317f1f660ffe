import { useCallback, useContext, useSyncExternalStore } from 'react';
import { UserAccessContext } from '../permissions/user-access.ts';

/** The flags the product knows (spec 2 §6), all off until a user turns them on. */
export const FEATURE_FLAGS = [
  {
    title: 'Show User Permissions',
    description: 'Shows the Applications/Permissions card in your profile.',
  },
  { title: 'Show Roles Page', description: 'Shows the Roles page under Admin.' },
] as const;
export type FeatureFlagTitle = (typeof FEATURE_FLAGS)[number]['title'];

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

export function writeFeatureFlag(userId: number | string, title: string, enabled: boolean): void {
  const flags = { ...readFeatureFlags(userId), [title]: enabled };
  window.localStorage.setItem(featureFlagStorageKey(userId), JSON.stringify(flags));
  window.dispatchEvent(new Event(CHANGE_EVENT));
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

/**
 * A browser-side feature flag of the signed-in user: [enabled, setEnabled]. Stored per user
 * under pillar.featureFlags.{userId}, so people sharing a browser keep their own choices.
 */
export function useFeatureFlag(title: FeatureFlagTitle): [boolean, (enabled: boolean) => void] {
  const userId = useContext(UserAccessContext)?.claims.userId;
  const enabled = useSyncExternalStore(subscribe, () =>
    userId === undefined ? false : readFeatureFlags(userId)[title] === true,
  );
  const setEnabled = useCallback(
    (value: boolean) => {
      if (userId !== undefined) writeFeatureFlag(userId, title, value);
    },
    [userId, title],
  );
  return [enabled, setEnabled];
}
