import { z } from 'zod';

/** Spec 1 §9: page sizes 20, 50, 100, default 20. */
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The most rows one request may ask for. */
export const MAX_PAGE_SIZE = 100;

export type SortDirection = 'asc' | 'desc';
export interface SortSpec<F extends string = string> {
  field: F;
  direction: SortDirection;
}

export interface Page<T> {
  data: T[];
  totalCount: number;
  /**
   * Set on a search that stopped counting (a broad member search): `totalCount` is the cap, and
   * there are more. Tables show it as '1,000+'.
   */
  totalCountCapped?: true;
}

/** The answer of every list call: `{ data, totalCount }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), totalCount: z.number().int().nonnegative() });
}

/** Most matches a capped search counts before it answers '1,000+' (see cappedPageSchema). */
export const SEARCH_COUNT_CAP = 1000;

/**
 * A list whose total may be capped: counting every match of a broad search costs the database
 * more than the page (design.md §6 budgets), so past SEARCH_COUNT_CAP the answer says
 * `totalCount: 1000, totalCountCapped: true`. The flag is present only when capped.
 */
export function cappedPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ totalCountCapped: z.literal(true).optional() });
}

/**
 * `limit`, `offset` and `sort=field:asc|desc` for a list whose sortable fields are given.
 * The field names are the ones the table shows and sends.
 */
export function pagingQuery<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return z.object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_PAGE_SIZE, `limit must not exceed ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    offset: z.coerce
      .number({ error: 'offset must be a number' })
      .int('offset must be a whole number')
      .min(0, 'offset must not be negative')
      .default(0),
    sort: z
      .string()
      // Aborts so that a malformed sort gets one message, not a second about its field.
      .regex(/^[A-Za-z0-9_]+:(asc|desc)$/, {
        error: 'sort must be field:asc or field:desc',
        abort: true,
      })
      .refine(
        (s) => (sortFields as readonly string[]).includes(s.split(':')[0] ?? ''),
        `sort field must be one of ${sortFields.join(', ')}`,
      )
      .transform((s): SortSpec<F[number]> => {
        const [field, direction] = s.split(':') as [F[number], SortDirection];
        return { field, direction };
      })
      .optional(),
  });
}

/** Offset of a 1-based page (spec 1 §9: page times limit, minimum 0). */
export function offsetOfPage(page: number, limit: number): number {
  return Math.max(0, (page - 1) * limit);
}

export function formatSort(sort: SortSpec | undefined): string | undefined {
  return sort ? `${sort.field}:${sort.direction}` : undefined;
}
