import { useCallback, useSyncExternalStore } from 'react';

/** Where a guided tour stands: a step number, or 'seen' once finished or skipped. */
export type TourState = number | 'seen';

const CHANGE_EVENT = 'pillar:tour';

export function tourStorageKey(key: string): string {
  return `pillar.tour.${key}`;
}

export function readTourState(key: string): TourState {
  const raw = window.localStorage.getItem(tourStorageKey(key));
  if (raw === 'seen') return 'seen';
  const step = Number(raw);
  return raw !== null && Number.isInteger(step) && step >= 0 ? step : 0;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function write(key: string, state: TourState): void {
  window.localStorage.setItem(tourStorageKey(key), String(state));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export interface TourControls {
  state: TourState;
  /** The step to show (0 when the tour is over). */
  step: number;
  /** True until the tour has been finished or skipped. */
  open: boolean;
  setStep: (step: number) => void;
  /** Finishing and skipping both mark the tour 'seen'. */
  finish: () => void;
  skip: () => void;
  /** Runs the tour again from the start (a 'Take the tour' button). */
  restart: () => void;
}

/** Guided-tour progress kept in localStorage, so a reload resumes at the same step. */
export function useTourState(key: string): TourControls {
  const state = useSyncExternalStore(subscribe, () => readTourState(key));
  const setStep = useCallback((step: number) => write(key, step), [key]);
  const finish = useCallback(() => write(key, 'seen'), [key]);
  const restart = useCallback(() => write(key, 0), [key]);
  return {
    state,
    step: state === 'seen' ? 0 : state,
    open: state !== 'seen',
    setStep,
    finish,
    skip: finish,
    restart,
  };
}
