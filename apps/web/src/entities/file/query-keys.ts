import { type DownloadSearch } from './api/list-file-downloads.ts';
import { type FileSearch } from './api/list-files.ts';

/**
 * Every query key of a file, from one root, so a change invalidates by prefix: `fileKeys.lists()`
 * covers every page of the list (the files page's and the home card's alike), `downloadsOf(id)`
 * every page of one file's receipts.
 */
export const fileKeys = {
  all: ['file'] as const,
  lists: () => [...fileKeys.all, 'list'] as const,
  list: (search: FileSearch) => [...fileKeys.lists(), search] as const,
  detail: (id: string) => [...fileKeys.all, 'detail', id] as const,
  settings: () => [...fileKeys.all, 'settings'] as const,
  organizations: (name: string) => [...fileKeys.all, 'organizations', name] as const,
  recipients: (organizationNo: number, name: string) =>
    [...fileKeys.all, 'recipients', organizationNo, name] as const,
  downloadsOf: (id: string) => [...fileKeys.all, 'downloads', id] as const,
  downloads: (id: string, search: DownloadSearch) => [...fileKeys.downloadsOf(id), search] as const,
};
