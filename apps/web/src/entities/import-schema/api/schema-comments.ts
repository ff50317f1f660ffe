import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importSchemaContracts, type ImportSchemaComment } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { importSchemaKeys, type SchemaPageSearch } from '../query-keys.ts';

/** GET eligibilityImportSchema/{no}/comment: a schema's comments, newest first, paged. */
export function useSchemaComments(no: number | null, search: SchemaPageSearch) {
  return useQuery({
    queryKey: importSchemaKeys.comments(no ?? 0, search),
    queryFn: ({ signal }) =>
      callApi(importSchemaContracts.comments, {
        params: { no: no ?? 0 },
        query: { ...search },
        signal,
      }),
    enabled: no !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST eligibilityImportSchema/{no}/comment; a failure shows the server's message (spec 3 §8). */
export function useAddSchemaComment(no: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string): Promise<ImportSchemaComment> =>
      callApi(importSchemaContracts.addComment, { params: { no }, body: { comment } }),
    meta: { title: 'Add Comment', method: 'POST', notifySuccess: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: importSchemaKeys.commentsOf(no) });
    },
  });
}
