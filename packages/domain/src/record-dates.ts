import type { z } from 'zod';
import { formatDate, isIsoDate } from './date-format.ts';
import { todayIso } from './codes.ts';

/*
 * The range of dates a member or dependent record accepts (decision 0073). A typo such as
 * 9999-12-31 or 0202-01-01 is refused with a message naming the field, by the forms and the
 * server alike: both build their schemas from here.
 */

/** No record of ours begins before this day. */
export const EARLIEST_RECORD_DATE = '1900-01-01';
/** Coverage dates (effective, termination, reinstatement, change) lie at most this far ahead. */
export const COVERAGE_YEARS_AHEAD = 5;

/** The same day `years` later (29 February becomes 28 February in a common year). */
function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + years, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** The last day a coverage date may name, seen from `today`. */
export function latestCoverageDate(today: string = todayIso()): string {
  return addYears(today, COVERAGE_YEARS_AHEAD);
}

/** A birth date: from 01/01/1900 up to today. Answers the message, or null when it is fine. */
export function birthDateRangeError(
  label: string,
  date: string,
  today: string = todayIso(),
): string | null {
  if (date < EARLIEST_RECORD_DATE) {
    return `${label} cannot be earlier than ${formatDate(EARLIEST_RECORD_DATE)}.`;
  }
  if (date > today) return `${label} cannot be in the future.`;
  return null;
}

/** A coverage date: from 01/01/1900 up to five years ahead of today. */
export function coverageDateRangeError(
  label: string,
  date: string,
  today: string = todayIso(),
): string | null {
  const latest = latestCoverageDate(today);
  if (date < EARLIEST_RECORD_DATE || date > latest) {
    return `${label} must be between ${formatDate(EARLIEST_RECORD_DATE)} and ${formatDate(latest)}.`;
  }
  return null;
}

/**
 * A refinement of an ISO date schema with one of the range rules; `today` is read when a value
 * is checked, so a long-running server moves its range with the calendar.
 */
export function inDateRange<S extends z.ZodType<string>>(
  schema: S,
  label: string,
  rule: (label: string, date: string, today?: string) => string | null,
) {
  return schema.superRefine((value, ctx) => {
    // A malformed date has its own message already; the range is judged on real dates only.
    if (!isIsoDate(value)) return;
    const message = rule(label, value);
    if (message) ctx.addIssue({ code: 'custom', message, abort: true });
  });
}
