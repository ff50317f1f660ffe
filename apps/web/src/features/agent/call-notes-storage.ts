import { useCallback, useSyncExternalStore } from 'react';

/**
 * The notes form's values in session storage (spec 2 §4 "Notes form"): an agent starts the note
 * while finding the member and saves it on the member's page, so every agent page's form reads
 * and writes the same draft. It is cleared on save and when the agent goes home without saving.
 * Files are not kept (a browser cannot store a picked file); the other fields are.
 */
export const CALL_NOTES_STORAGE_KEY = 'pillar.callNotes';

export type CallNotesDraft = Record<string, unknown>;

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.sessionStorage;
}

let cachedRaw: string | null | undefined;
let cachedDraft: CallNotesDraft | null = null;

/** The stored draft, or null when there is none (or it cannot be read). */
export function readCallNotesDraft(): CallNotesDraft | null {
  const raw = storage()?.getItem(CALL_NOTES_STORAGE_KEY) ?? null;
  if (raw === cachedRaw) return cachedDraft;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    cachedDraft =
      parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as CallNotesDraft)
        : null;
  } catch {
    cachedDraft = null;
  }
  return cachedDraft;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Keeps the draft; an empty draft (no field with a value) removes it. */
export function writeCallNotesDraft(values: CallNotesDraft): void {
  const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => hasValue(value)));
  if (Object.keys(kept).length === 0) clearCallNotesDraft();
  else {
    storage()?.setItem(CALL_NOTES_STORAGE_KEY, JSON.stringify(kept));
    notify();
  }
}

export function clearCallNotesDraft(): void {
  storage()?.removeItem(CALL_NOTES_STORAGE_KEY);
  notify();
}

/** A field the agent filled: not empty, and not the form's defaults alone. */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Fields whose value a fresh form already has: they alone do not make the form "filled". */
const DEFAULTED = new Set(['communicationMethod']);

/** Whether the draft holds something the agent typed or chose (the unsaved-notes warning). */
export function isFilled(draft: CallNotesDraft | null): boolean {
  if (!draft) return false;
  return Object.entries(draft).some(([key, value]) => !DEFAULTED.has(key) && hasValue(value));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored draft, re-read when any form on the page changes it. */
export function useCallNotesDraft(): [CallNotesDraft | null, (values: CallNotesDraft) => void] {
  const draft = useSyncExternalStore(subscribe, readCallNotesDraft, () => null);
  const write = useCallback((values: CallNotesDraft) => writeCallNotesDraft(values), []);
  return [draft, write];
}
