import { authorizationContracts } from '@pillar/domain';
import { callApi } from '../../shared/api/call-api.ts';

/**
 * The API ends a session nobody has used for the user's inactivity timeout (decision 0065), but
 * it only sees calls: someone typing a long form for minutes makes none. The browser, which does
 * see the mouse and keyboard, says so at most this often while the user is active.
 */
export const ACTIVITY_REPORT_INTERVAL_MS = 30_000;

let lastReport = 0;

export function reportSessionActivity(now = Date.now()): void {
  if (now - lastReport < ACTIVITY_REPORT_INTERVAL_MS) return;
  lastReport = now;
  // Best effort: a failed report only means the next one or the next call counts instead.
  callApi(authorizationContracts.sessionActivity).catch(() => undefined);
}
