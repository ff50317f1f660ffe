import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesContracts, type FileUploadResult } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

export interface FileUpload {
  files: readonly File[];
  categoryId: number;
  organizationNo: number;
  phi: boolean;
  recipientIds: readonly number[];
}

/**
 * POST {portal}/files (multipart). The fields go first, so the server checks them before it
 * reads a byte of the files.
 */
export function uploadFiles(upload: FileUpload): Promise<FileUploadResult> {
  const form = new FormData();
  form.append('categoryId', String(upload.categoryId));
  form.append('organizationNo', String(upload.organizationNo));
  form.append('phi', String(upload.phi));
  for (const id of upload.recipientIds) form.append('recipientId', String(id));
  for (const file of upload.files) form.append('file', file, file.name);
  return callApi(filesContracts.upload, { body: form });
}

export function useUploadFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFiles,
    meta: { title: 'Upload File', method: 'POST', notifySuccess: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: fileKeys.lists() });
    },
  });
}
