import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  formatSort,
  offsetOfPage,
  pageSchema,
  pagingQuery,
} from './paging.ts';
import { z } from 'zod';

const query = pagingQuery(['name', 'effectiveDate']);

function issuesOf(input: unknown): [string, string][] {
  const result = query.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('pagingQuery (spec 1 §9)', () => {
  it('defaults to the first page of 20, unsorted', () => {
    expect(query.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(PAGE_SIZE_OPTIONS).toEqual([20, 50, 100]);
  });

  it('reads query-string numbers and the sort', () => {
    expect(query.parse({ limit: '50', offset: '100', sort: 'effectiveDate:desc' })).toEqual({
      limit: 50,
      offset: 100,
      sort: { field: 'effectiveDate', direction: 'desc' },
    });
    expect(query.parse({ limit: '1', sort: 'name:asc' }).sort).toEqual({
      field: 'name',
      direction: 'asc',
    });
    expect(query.parse({ limit: String(MAX_PAGE_SIZE) }).limit).toBe(100);
  });

  it.each([
    [{ limit: '0' }, 'limit', 'limit must be at least 1'],
    [{ limit: '101' }, 'limit', 'limit must not exceed 100'],
    [{ limit: '10000' }, 'limit', 'limit must not exceed 100'],
    [{ limit: '-5' }, 'limit', 'limit must be at least 1'],
    [{ limit: '2.5' }, 'limit', 'limit must be a whole number'],
    [{ limit: 'ten' }, 'limit', 'limit must be a number'],
    [{ offset: '-1' }, 'offset', 'offset must not be negative'],
    [{ offset: 'x' }, 'offset', 'offset must be a number'],
    [{ sort: 'name' }, 'sort', 'sort must be field:asc or field:desc'],
    [{ sort: 'name:up' }, 'sort', 'sort must be field:asc or field:desc'],
    [{ sort: 'name:ASC' }, 'sort', 'sort must be field:asc or field:desc'],
    [{ sort: ':asc' }, 'sort', 'sort must be field:asc or field:desc'],
    [{ sort: 'name:asc;drop' }, 'sort', 'sort must be field:asc or field:desc'],
    [{ sort: 'ssn:asc' }, 'sort', 'sort field must be one of name, effectiveDate'],
  ])('%j is refused at %s with one message', (input, path, message) => {
    expect(issuesOf(input)).toEqual([[path, message]]);
  });

  it('names every bad parameter at once', () => {
    expect(issuesOf({ limit: '0', offset: '-1', sort: 'ssn:asc' }).map(([path]) => path)).toEqual([
      'limit',
      'offset',
      'sort',
    ]);
  });
});

describe('offsetOfPage', () => {
  it('is page times limit, never below 0', () => {
    expect(offsetOfPage(1, 20)).toBe(0);
    expect(offsetOfPage(3, 50)).toBe(100);
    expect(offsetOfPage(0, 20)).toBe(0);
    expect(offsetOfPage(-4, 20)).toBe(0);
  });

  it('pages never overlap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(...PAGE_SIZE_OPTIONS),
        (page, limit) => {
          expect(offsetOfPage(page + 1, limit) - offsetOfPage(page, limit)).toBe(limit);
        },
      ),
    );
  });
});

describe('formatSort and pageSchema', () => {
  it('formatSort writes the sort back as the query carries it', () => {
    expect(formatSort({ field: 'name', direction: 'desc' })).toBe('name:desc');
    expect(formatSort(undefined)).toBeUndefined();
    const sort = query.parse({ sort: 'effectiveDate:asc' }).sort;
    expect(query.parse({ sort: formatSort(sort) }).sort).toEqual(sort);
  });

  it('pageSchema checks { data, totalCount }', () => {
    const page = pageSchema(z.object({ id: z.number() }));
    expect(page.parse({ data: [{ id: 1 }], totalCount: 1 })).toEqual({
      data: [{ id: 1 }],
      totalCount: 1,
    });
    expect(page.safeParse({ data: [{ id: 'x' }], totalCount: 1 }).success).toBe(false);
    expect(page.safeParse({ data: [], totalCount: -1 }).success).toBe(false);
    expect(page.safeParse({ data: [] }).success).toBe(false);
  });
});
