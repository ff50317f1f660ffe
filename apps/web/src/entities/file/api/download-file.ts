import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesContracts } from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { callDownload } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

/** GET {portal}/files/{id}/download, handed to the browser's save dialog; each one is recorded. */
export async function downloadFile(id: string): Promise<void> {
  saveFile(await callDownload(filesContracts.download, { params: { id } }));
}

export function useDownloadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => downloadFile(id),
    meta: { title: 'Download File', method: 'POST', notifySuccess: false },
    onSuccess: async (_data, id) => {
      // The new receipt shows on the file's page.
      await queryClient.invalidateQueries({ queryKey: fileKeys.downloadsOf(id) });
    },
  });
}
