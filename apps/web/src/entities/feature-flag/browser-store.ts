/**
 * The flags as this browser keeps them (spec 2 §6): under a per-user key, so people sharing a
 * browser keep their own choices. A change is announced to this tab and, through `storage`, to
 * the user's other tabs.
 */
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

export function writeFeatureFlags(userId: number | string, flags: Record<string, boolean>): void {
  window.localStorage.setItem(featureFlagStorageKey(userId), JSON.stringify(flags));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function writeFeatureFlag(userId: number | string, title: string, enabled: boolean): void {
  writeFeatureFlags(userId, { ...readFeatureFlags(userId), [title]: enabled });
}

export function subscribeToFeatureFlags(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab of the same user changed a flag.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
