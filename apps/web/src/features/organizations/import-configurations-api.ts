import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  importSchemaContracts,
  type ImportConfiguration,
  type ImportConfigurationFormValues,
} from '@pillar/domain';
import { callApi } from '../../shared/api/call-api.ts';
import { importSchemaKeys, listImportSchemas } from '../../entities/import-schema/index.ts';

export interface ConfigurationPage {
  limit: number;
  offset: number;
}

const configurationKeys = {
  all: ['import-configuration'] as const,
  ofOrganization: (orgId: number) => [...configurationKeys.all, 'org', orgId] as const,
  page: (orgId: number, page: ConfigurationPage) =>
    [...configurationKeys.ofOrganization(orgId), page] as const,
};

/** GET eligibility-import-configs?orgId: an organization's import configurations, paged. */
export function useOrganizationConfigurations(orgId: number, page: ConfigurationPage) {
  return useQuery({
    queryKey: configurationKeys.page(orgId, page),
    queryFn: ({ signal }) =>
      callApi(importSchemaContracts.listConfigurations, {
        query: { orgId, ...page, sort: 'eicName:asc' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The schema select: every schema whose name holds the typed text (first 20, by name). */
export function schemaOptionsQuery(term: string) {
  const search = {
    scope: 'all' as const,
    name: term || undefined,
    limit: 20,
    offset: 0,
    sort: 'name:asc',
  };
  return queryOptions({
    queryKey: [...importSchemaKeys.list(search), 'options'],
    queryFn: ({ signal }) => listImportSchemas(search, signal),
    staleTime: 30_000,
  });
}

export interface ConfigurationSave {
  eicNo: number | null;
  values: ImportConfigurationFormValues;
}

/**
 * POST (new) or PUT (existing) an import configuration. The schemas' Find Usage(s) reads the
 * same rows, so the schema queries are refreshed too.
 */
export function useSaveConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eicNo, values }: ConfigurationSave): Promise<ImportConfiguration> =>
      eicNo === null
        ? callApi(importSchemaContracts.createConfiguration, { body: values })
        : callApi(importSchemaContracts.updateConfiguration, { params: { eicNo }, body: values }),
    meta: { title: 'Save Import Configuration', method: 'POST', notifySuccess: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: configurationKeys.all }),
        queryClient.invalidateQueries({ queryKey: importSchemaKeys.all }),
      ]);
    },
  });
}
