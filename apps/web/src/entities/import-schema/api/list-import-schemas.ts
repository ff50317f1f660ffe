import { queryOptions } from '@tanstack/react-query';
import {
  importSchemaContracts,
  type ImportSchemaPage,
  type ImportSchemaScope,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { importSchemaKeys } from '../query-keys.ts';

/** The Imports list's search (spec 3 §7: name, importerType, orgID, processStatus, scope). */
export interface ImportSchemaSearch {
  scope: ImportSchemaScope;
  name?: string;
  importerType?: number;
  orgID?: number;
  processStatus?: number;
  limit: number;
  offset: number;
  sort?: string;
}

/** GET eligibilityImportSchema/eligibility-import-schemas: one page of schemas. */
export function listImportSchemas(
  search: ImportSchemaSearch,
  signal?: AbortSignal,
): Promise<ImportSchemaPage> {
  return callApi(importSchemaContracts.list, { query: { ...search }, signal });
}

export function listImportSchemasQueryOptions(search: ImportSchemaSearch) {
  return queryOptions({
    queryKey: importSchemaKeys.list(search),
    queryFn: ({ signal }) => listImportSchemas(search, signal),
  });
}
