import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  offsetOfPage,
  type SortDirection,
} from '@pillar/domain';

export type FilterValue = string | string[];
export type FilterValues = Record<string, FilterValue>;

export interface TableSort {
  field: string;
  direction: SortDirection;
}

/** A table's search as the URL holds it, and as its fetch needs it. */
export interface SearchParams {
  /** Only the filters that have a value. */
  filters: FilterValues;
  /** 1-based. */
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
  sort?: TableSort;
  /** 'field:asc' or 'field:desc', ready for the API's sort parameter. */
  sortParam?: string;
}

export interface TableStateOptions {
  prefix: string;
  filterNames: readonly string[];
  /** Filters whose value is a list (multi-selects), kept as repeated keys. */
  arrayFilters?: readonly string[];
  sortFields: readonly string[];
}

export function tableKey(prefix: string, name: string): string {
  return `${prefix}.${name}`;
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Form values to URL-ready filters: trimmed strings, empties dropped, numbers as text. */
export function cleanFilters(
  values: Record<string, unknown>,
  names: readonly string[],
): FilterValues {
  const out: FilterValues = {};
  for (const name of names) {
    const value = values[name];
    if (isEmptyValue(value)) continue;
    if (Array.isArray(value)) out[name] = value.map((item) => String(item));
    else if (typeof value === 'string') out[name] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
  }
  return out;
}

export function readTableState(search: URLSearchParams, options: TableStateOptions): SearchParams {
  const { prefix, filterNames, arrayFilters = [], sortFields } = options;
  const filters: FilterValues = {};
  for (const name of filterNames) {
    const all = search.getAll(tableKey(prefix, name)).filter((v) => v !== '');
    if (all.length === 0) continue;
    filters[name] = arrayFilters.includes(name) ? all : (all[0] as string);
  }
  const page = Number(search.get(tableKey(prefix, 'page')));
  const size = Number(search.get(tableKey(prefix, 'size')));
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(size)
    ? size
    : DEFAULT_PAGE_SIZE;
  const current = Number.isInteger(page) && page >= 1 ? page : 1;
  const sortMatch = /^([A-Za-z0-9_]+):(asc|desc)$/.exec(search.get(tableKey(prefix, 'sort')) ?? '');
  const sort =
    sortMatch && sortFields.includes(sortMatch[1] as string)
      ? { field: sortMatch[1] as string, direction: sortMatch[2] as SortDirection }
      : undefined;
  return {
    filters,
    page: current,
    pageSize,
    limit: pageSize,
    offset: offsetOfPage(current, pageSize),
    sort,
    sortParam: sort ? `${sort.field}:${sort.direction}` : undefined,
  };
}

export interface TableStateChange {
  filters?: FilterValues;
  page?: number;
  pageSize?: number;
  /** null removes the sort. */
  sort?: TableSort | null;
}

/**
 * The next query string after a change to one table. Other tables' keys and unrelated
 * parameters are kept; defaults (page 1, size 20) are left out to keep links short.
 */
export function writeTableState(
  search: URLSearchParams,
  options: TableStateOptions,
  change: TableStateChange,
): URLSearchParams {
  const { prefix, filterNames } = options;
  const next = new URLSearchParams(search);
  if (change.filters) {
    for (const name of filterNames) next.delete(tableKey(prefix, name));
    for (const [name, value] of Object.entries(change.filters)) {
      const values = Array.isArray(value) ? value : [value];
      for (const item of values) next.append(tableKey(prefix, name), item);
    }
  }
  const setOrDelete = (name: string, value: string | undefined) => {
    if (value === undefined) next.delete(tableKey(prefix, name));
    else next.set(tableKey(prefix, name), value);
  };
  if (change.page !== undefined)
    setOrDelete('page', change.page > 1 ? String(change.page) : undefined);
  if (change.pageSize !== undefined) {
    setOrDelete(
      'size',
      change.pageSize !== DEFAULT_PAGE_SIZE ? String(change.pageSize) : undefined,
    );
  }
  if (change.sort !== undefined) {
    setOrDelete('sort', change.sort ? `${change.sort.field}:${change.sort.direction}` : undefined);
  }
  return next;
}
