/** A file's API calls and query keys (spec 3 "Files"); features import only this file. */
export { fileKeys } from './query-keys.ts';
export { deleteFile, useDeleteFile } from './api/delete-file.ts';
export { downloadFile, useDownloadFile } from './api/download-file.ts';
export { fileQueryOptions, getFile, useFile } from './api/get-file.ts';
export {
  fileSettingsQueryOptions,
  getFileSettings,
  useFileSettings,
} from './api/get-file-settings.ts';
export {
  fileDownloadsQueryOptions,
  listFileDownloads,
  useFileDownloads,
  type DownloadSearch,
} from './api/list-file-downloads.ts';
export {
  fileOrganizationsQueryOptions,
  listFileOrganizations,
  useFileOrganizations,
} from './api/list-file-organizations.ts';
export {
  fileRecipientsQueryOptions,
  listFileRecipients,
  useFileRecipients,
} from './api/list-file-recipients.ts';
export {
  listFiles,
  listFilesQueryOptions,
  useListFiles,
  type FileSearch,
} from './api/list-files.ts';
export { updateFile, useUpdateFile } from './api/update-file.ts';
export { uploadFiles, useUploadFiles, type FileUpload } from './api/upload-files.ts';
