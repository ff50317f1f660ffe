import { notification } from 'antd';
import { useCallback } from 'react';
import { FILE_MESSAGES } from '@pillar/domain';
import { copyText, fileLink } from './file-format.ts';

/**
 * Copy Link (spec 3 §2, §8): the file page's address to the clipboard, with the spec's own
 * success and failure notices. Render `holder` once in the page.
 */
export function useCopyLink() {
  const [api, holder] = notification.useNotification({ placement: 'topRight' });
  const copyLink = useCallback(
    async (id: string) => {
      try {
        await copyText(fileLink(id));
        api.success({ title: FILE_MESSAGES.linkCopied, duration: 3 });
      } catch {
        api.error({ title: 'Copy Link', description: FILE_MESSAGES.linkCopyFailed, duration: 4.5 });
      }
    },
    [api],
  );
  return { copyLink, holder };
}
