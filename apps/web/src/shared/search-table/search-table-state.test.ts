import { describe, expect, it } from 'vitest';
import { cleanFilters, readTableState, writeTableState } from './search-table-state.ts';

const options = {
  prefix: 'org',
  filterNames: ['name', 'processStatus', 'roles'],
  arrayFilters: ['roles'],
  sortFields: ['name', 'effectiveDate'],
};

describe('table state in the query string', () => {
  it('reads filters, page, size and sort under the prefix', () => {
    const state = readTableState(
      new URLSearchParams('org.name=acme&org.page=3&org.size=50&org.sort=name:desc&other=1'),
      options,
    );
    expect(state).toMatchObject({
      filters: { name: 'acme' },
      page: 3,
      pageSize: 50,
      limit: 50,
      offset: 100,
      sortParam: 'name:desc',
    });
  });

  it('falls back to page 1, size 20 and no sort for bad values', () => {
    const state = readTableState(
      new URLSearchParams('org.page=-2&org.size=33&org.sort=ssn:asc'),
      options,
    );
    expect(state).toMatchObject({ page: 1, pageSize: 20, offset: 0, sort: undefined });
  });

  it('keeps list filters as repeated keys', () => {
    const next = writeTableState(new URLSearchParams(), options, {
      filters: { roles: ['1', '2'] },
    });
    expect(next.getAll('org.roles')).toEqual(['1', '2']);
    expect(readTableState(next, options).filters).toEqual({ roles: ['1', '2'] });
  });

  it('writes only what differs from the defaults and leaves other tables alone', () => {
    const next = writeTableState(new URLSearchParams('mem.page=4&org.name=old'), options, {
      filters: { processStatus: '9' },
      page: 1,
      pageSize: 20,
      sort: { field: 'effectiveDate', direction: 'asc' },
    });
    expect(next.toString()).toBe('mem.page=4&org.processStatus=9&org.sort=effectiveDate%3Aasc');
  });

  it('cleans form values: trims, drops empties, stringifies numbers', () => {
    expect(
      cleanFilters(
        { name: '  acme ', processStatus: 2, roles: [], other: 'x' },
        options.filterNames,
      ),
    ).toEqual({ name: 'acme', processStatus: '2' });
  });
});
