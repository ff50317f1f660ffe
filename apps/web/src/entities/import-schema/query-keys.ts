import { type ImportSchemaSearch } from './api/list-import-schemas.ts';

/** Paging of a schema's sub-lists (configurations, comments, files). */
export interface SchemaPageSearch {
  limit: number;
  offset: number;
  sort?: string;
}

/**
 * Every query key of an import schema, from one root: `lists()` covers every page of the Imports
 * list, `schema(no)` everything read about one schema (its detail, configurations, comments and
 * files), so a write invalidates by prefix.
 */
export const importSchemaKeys = {
  all: ['import-schema'] as const,
  lists: () => [...importSchemaKeys.all, 'list'] as const,
  list: (search: ImportSchemaSearch) => [...importSchemaKeys.lists(), search] as const,
  schema: (no: number) => [...importSchemaKeys.all, 'schema', no] as const,
  detail: (no: number) => [...importSchemaKeys.schema(no), 'detail'] as const,
  configs: (no: number, search: SchemaPageSearch) =>
    [...importSchemaKeys.schema(no), 'configs', search] as const,
  commentsOf: (no: number) => [...importSchemaKeys.schema(no), 'comments'] as const,
  comments: (no: number, search: SchemaPageSearch) =>
    [...importSchemaKeys.commentsOf(no), search] as const,
  filesOf: (no: number) => [...importSchemaKeys.schema(no), 'files'] as const,
  files: (no: number, search: SchemaPageSearch) =>
    [...importSchemaKeys.filesOf(no), search] as const,
  edi834Filenames: () => [...importSchemaKeys.all, 'edi834-filenames'] as const,
};
