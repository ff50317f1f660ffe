import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { reportSessionActivity } from './session-activity.ts';

const loadWarningModal = () => import('./session-warning-modal.tsx');
// The modal (and antd's Modal with it) is fetched soon after sign-in, not on the first paint.
const SessionWarningModal = lazy(loadWarningModal);

export interface InactivityMonitorProps {
  /** Inactivity after which the user is logged out. */
  timeoutMs: number;
  /** How long before that the warning appears, with its countdown. */
  warningMs: number;
  onTimeout: () => void;
}

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Logs the user out after a period without mouse or keyboard activity (spec 1 §9, spec 2 §4).
 * Only setTimeout, setInterval and Date are used, so tests can drive it with a fake clock.
 */
export function InactivityMonitor({ timeoutMs, warningMs, onTimeout }: InactivityMonitorProps) {
  const [warning, setWarning] = useState(false);
  const [remainingMs, setRemainingMs] = useState(warningMs);
  const timers = useRef<{ warn?: number; logout?: number; tick?: number }>({});
  const lastActivity = useRef(0);
  const warningRef = useRef(false);
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  const clearTimers = useCallback(() => {
    window.clearTimeout(timers.current.warn);
    window.clearTimeout(timers.current.logout);
    window.clearInterval(timers.current.tick);
    timers.current = {};
  }, []);

  // Timers only, no state: safe to call from the mount effect.
  const schedule = useCallback(() => {
    clearTimers();
    warningRef.current = false;
    const lead = Math.min(warningMs, timeoutMs);
    timers.current.warn = window.setTimeout(() => {
      const deadline = Date.now() + lead;
      warningRef.current = true;
      setRemainingMs(lead);
      setWarning(true);
      timers.current.tick = window.setInterval(() => {
        setRemainingMs(Math.max(0, deadline - Date.now()));
      }, 1000);
      timers.current.logout = window.setTimeout(() => {
        clearTimers();
        onTimeoutRef.current();
      }, lead);
    }, timeoutMs - lead);
  }, [clearTimers, timeoutMs, warningMs]);

  const restart = useCallback(() => {
    schedule();
    setWarning(false);
  }, [schedule]);

  useEffect(() => {
    schedule();
    const onActivity = () => {
      const now = Date.now();
      // Mouse moves arrive by the hundred; restarting the timers once a second is plenty,
      // but any activity must close an open warning at once.
      if (!warningRef.current && now - lastActivity.current < 1000) return;
      lastActivity.current = now;
      restart();
      reportSessionActivity(now);
    };
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    return () => {
      clearTimers();
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
    };
  }, [schedule, restart, clearTimers]);

  // Warm the chunk while the user is idle, so the warning can open even if the network drops.
  useEffect(() => {
    const handle = window.setTimeout(() => void loadWarningModal(), 5000);
    return () => window.clearTimeout(handle);
  }, []);

  if (!warning) return null;
  return (
    <Suspense fallback={null}>
      <SessionWarningModal open={warning} remainingMs={remainingMs} onContinue={restart} />
    </Suspense>
  );
}
