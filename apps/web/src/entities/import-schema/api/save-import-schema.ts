import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  importSchemaContracts,
  type ImportSchema,
  type ImportSchemaFormValues,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { importSchemaKeys } from '../query-keys.ts';

/** What the wizard saves: a new schema (no `no`) or the stored schema `no`. */
export interface ImportSchemaSave {
  no: number | null;
  values: ImportSchemaFormValues;
}

/**
 * POST eligibilityImportSchema (create; the server makes it Active and the caller its creator)
 * or PUT eligibilityImportSchema/{no} (update).
 */
export function saveImportSchema({ no, values }: ImportSchemaSave): Promise<ImportSchema> {
  return no === null
    ? callApi(importSchemaContracts.create, { body: values })
    : callApi(importSchemaContracts.update, { params: { no }, body: values });
}

/**
 * The wizard shows its own failure ('Failed to save Schema' with the server's field messages), so
 * the global error notice stays quiet.
 */
export function useSaveImportSchema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveImportSchema,
    meta: { title: 'Save Import Schema', method: 'POST', notifySuccess: true, notifyError: false },
    onSuccess: async (saved) => {
      queryClient.setQueryData(importSchemaKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: importSchemaKeys.lists() });
    },
  });
}
