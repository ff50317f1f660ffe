import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, saveFile } from '../../../shared/api/api-client.ts';

/** GET {portal}/files/{id}/download, handed to the browser's save dialog; each one is recorded. */
export async function downloadFile(id: string): Promise<void> {
  saveFile(await apiDownload('portal', `/files/${encodeURIComponent(id)}/download`));
}

export function useDownloadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => downloadFile(id),
    meta: { title: 'Download File', method: 'POST', notifySuccess: false },
    onSuccess: async (_data, id) => {
      await queryClient.invalidateQueries({ queryKey: ['portal', 'files', 'downloads', id] });
    },
  });
}
