import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

/** DELETE {portal}/files/{id}: the row and the bytes (the uploader, with the delete permission). */
export async function deleteFile(id: string): Promise<void> {
  await callApi(filesContracts.delete, { params: { id } });
}

export function useDeleteFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFile(id),
    meta: { title: 'Delete File', method: 'DELETE' },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: fileKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: fileKeys.lists() });
    },
  });
}
