import {
  CONTENT_CHECK_BYTES,
  FILE_MESSAGES,
  contentMatchesExtension,
  fileExtensionOf,
  formatFileSize,
  isAcceptedFileName,
} from '@pillar/domain';

/** What the browser can tell about a chosen file before it is sent: the server's own checks. */
export async function problemWithFile(file: File, maxBytes: number): Promise<string | null> {
  if (!isAcceptedFileName(file.name)) return FILE_MESSAGES.notAccepted(file.name);
  if (file.size === 0) return FILE_MESSAGES.empty(file.name);
  if (file.size > maxBytes) return FILE_MESSAGES.tooLarge(file.name, formatFileSize(maxBytes));
  const head = new Uint8Array(await file.slice(0, CONTENT_CHECK_BYTES).arrayBuffer());
  if (!contentMatchesExtension(fileExtensionOf(file.name), head)) {
    return FILE_MESSAGES.contentMismatch(file.name);
  }
  return null;
}

/** What stops the chosen files from being sent, or null when all of them may be. */
export async function problemWithFiles(
  files: readonly File[],
  options: { maxBytes: number; maxFiles: number },
): Promise<string | null> {
  if (files.length === 0) return FILE_MESSAGES.fileRequired;
  if (files.length > options.maxFiles) return FILE_MESSAGES.tooManyFiles;
  let refused = 0;
  for (const file of files) {
    if (await problemWithFile(file, options.maxBytes)) refused += 1;
  }
  if (refused === 0) return null;
  // Each refused file shows its own reason in the list; this names the way out.
  return refused === 1
    ? 'One of the chosen files cannot be uploaded: remove it or choose another'
    : `${refused} of the chosen files cannot be uploaded: remove them or choose others`;
}
