import { z } from 'zod';
import { DATE_FORMAT_ISSUE, isIsoDate } from './date-format.ts';

export * from './date-format.ts';

/** A date as the API carries it: YYYY-MM-DD. */
export function isoDate(label = 'Date') {
  return z.string().refine(isIsoDate, {
    message: `${label} must be a valid date (YYYY-MM-DD)`,
    params: { [DATE_FORMAT_ISSUE]: true },
  });
}
