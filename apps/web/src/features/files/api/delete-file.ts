import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** DELETE {portal}/files/{id}: the row and the bytes (the uploader, with the delete permission). */
export function deleteFile(id: string): Promise<void> {
  return apiRequest<void>('portal', `/files/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFile(id),
    meta: { title: 'Delete File', method: 'DELETE' },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['portal', 'files', 'detail', id] });
      await queryClient.invalidateQueries({ queryKey: ['portal', 'files', 'list'] });
    },
  });
}
