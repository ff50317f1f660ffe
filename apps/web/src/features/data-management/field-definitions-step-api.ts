import { useMutation } from '@tanstack/react-query';
import {
  sampleFileContracts,
  type FileDelimiter,
  type ImportMediaType,
  type SampleFileFields,
} from '@pillar/domain';
import { callApi } from '../../shared/api/call-api.ts';

export interface SampleFileRequest {
  file: File;
  mediaType: ImportMediaType;
  delimiter: FileDelimiter | null;
  customDelimiter: string | null;
  fileHasHeaderRow: boolean;
}

/**
 * 'Use Sample File' (spec 3 §7 "Data mapping service"): POST /datamapping/v1/files stores the
 * file, then POST /schemas/files/{fileStorageId} reads it with step 1's file definition and
 * proposes the fields. Errors stay at the step (not a global notice): the step shows 'Error in
 * parsing the fields data from file.' with the server's reason beside the Upload button.
 */
export function useProposeSampleFields() {
  return useMutation({
    mutationFn: async (
      request: SampleFileRequest,
    ): Promise<SampleFileFields & { fileStorageId: string }> => {
      const form = new FormData();
      form.append('file', request.file, request.file.name);
      const stored = await callApi(sampleFileContracts.upload, { body: form });
      const proposed = await callApi(sampleFileContracts.fields, {
        params: { fileStorageId: stored.fileStorageId },
        body: {
          fileType: request.mediaType,
          delimiter: request.delimiter,
          customDelimiter: request.customDelimiter,
          fileHasHeaderRow: request.fileHasHeaderRow,
        },
      });
      return { ...proposed, fileStorageId: stored.fileStorageId };
    },
    meta: { title: 'Use Sample File', method: 'POST', notifySuccess: false, notifyError: false },
  });
}
