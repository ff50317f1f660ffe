import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FileDetail, type FileUpdateInput } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** PUT {portal}/files/{id}: category, PHI and recipients (the uploader only). */
export function updateFile(id: string, input: FileUpdateInput): Promise<FileDetail> {
  return apiRequest<FileDetail>('portal', `/files/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FileUpdateInput) => updateFile(id, input),
    meta: { title: 'Update File', method: 'PUT' },
    onSuccess: async (file) => {
      queryClient.setQueryData(['portal', 'files', 'detail', id], file);
      await queryClient.invalidateQueries({ queryKey: ['portal', 'files', 'list'] });
    },
  });
}
