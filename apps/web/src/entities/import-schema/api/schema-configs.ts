import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { importSchemaContracts, type ImportConfigurationPage } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { importSchemaKeys, type SchemaPageSearch } from '../query-keys.ts';

/** GET eligibilityImportSchema/{no}/configs: the import configurations using a schema. */
export function listSchemaConfigs(
  no: number,
  search: SchemaPageSearch,
  signal?: AbortSignal,
): Promise<ImportConfigurationPage> {
  return callApi(importSchemaContracts.configs, { params: { no }, query: { ...search }, signal });
}

export function useSchemaConfigs(no: number | null, search: SchemaPageSearch) {
  return useQuery({
    queryKey: importSchemaKeys.configs(no ?? 0, search),
    queryFn: ({ signal }) => listSchemaConfigs(no ?? 0, search, signal),
    enabled: no !== null,
    placeholderData: keepPreviousData,
  });
}
