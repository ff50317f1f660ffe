import { queryOptions, useQuery } from '@tanstack/react-query';
import { importSchemaContracts, type ImportSchema } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { importSchemaKeys } from '../query-keys.ts';

/** GET eligibilityImportSchema/eligibilityImportSchema/{id}: one schema with its fields. */
export function getImportSchema(id: number, signal?: AbortSignal): Promise<ImportSchema> {
  return callApi(importSchemaContracts.get, { params: { id }, signal });
}

export function importSchemaQueryOptions(id: number) {
  return queryOptions({
    queryKey: importSchemaKeys.detail(id),
    queryFn: ({ signal }) => getImportSchema(id, signal),
    // A schema that is not there (or not the user's to see) stays so.
    retry: (failures, error) => !hasStatus(error, 400, 403, 404) && failures < 3,
  });
}

/** The schema `id`, or nothing while creating (id null). */
export function useImportSchema(id: number | null) {
  return useQuery({
    ...importSchemaQueryOptions(id ?? 0),
    enabled: id !== null,
  });
}
