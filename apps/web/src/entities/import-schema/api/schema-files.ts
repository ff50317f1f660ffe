import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importSchemaContracts, type ImportSchemaFile } from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { callApi, callDownload } from '../../../shared/api/call-api.ts';
import { importSchemaKeys, type SchemaPageSearch } from '../query-keys.ts';

/** GET eligibilityImportSchema/{no}/files: a schema's supporting files, newest first, paged. */
export function useSchemaFiles(no: number | null, search: SchemaPageSearch) {
  return useQuery({
    queryKey: importSchemaKeys.files(no ?? 0, search),
    queryFn: ({ signal }) =>
      callApi(importSchemaContracts.files, {
        params: { no: no ?? 0 },
        query: { ...search },
        signal,
      }),
    enabled: no !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST eligibilityImportSchema/{no}/file (multipart, one file, stored by the storage adapter). */
export function useUploadSchemaFile(no: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<ImportSchemaFile> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callApi(importSchemaContracts.uploadFile, { params: { no }, body: form });
    },
    meta: { title: 'Add New File', method: 'POST', notifySuccess: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: importSchemaKeys.filesOf(no) });
    },
  });
}

/** GET eligibility-import-file/file/{id}, handed to the browser's save dialog. */
export function useDownloadSchemaFile() {
  return useMutation({
    mutationFn: async (id: number) =>
      saveFile(await callDownload(importSchemaContracts.downloadFile, { params: { id } })),
    meta: { title: 'Download File', notifySuccess: false },
  });
}

/** DELETE eligibility-import-file/file/{id}. */
export function useDeleteSchemaFile(no: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await callApi(importSchemaContracts.deleteFile, { params: { id } });
    },
    meta: { title: 'Delete File', method: 'DELETE' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: importSchemaKeys.filesOf(no) });
    },
  });
}
