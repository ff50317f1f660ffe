import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesContracts, type FileDetail, type FileUpdateInput } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

/** PUT {portal}/files/{id}: category, PHI and recipients (the uploader only). */
export function updateFile(id: string, input: FileUpdateInput): Promise<FileDetail> {
  return callApi(filesContracts.update, { params: { id }, body: input });
}

export function useUpdateFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FileUpdateInput) => updateFile(id, input),
    meta: { title: 'Update File', method: 'PUT' },
    onSuccess: async (file) => {
      queryClient.setQueryData(fileKeys.detail(id), file);
      await queryClient.invalidateQueries({ queryKey: fileKeys.lists() });
    },
  });
}
