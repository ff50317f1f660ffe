import { z } from 'zod';
import { isIsoDate } from './date-format.ts';

export * from './date-format.ts';

/** A date as the API carries it: YYYY-MM-DD. */
export function isoDate(label = 'Date') {
  return z.string().refine(isIsoDate, `${label} must be a valid date (YYYY-MM-DD)`);
}
