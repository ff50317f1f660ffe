import { useMutation } from '@tanstack/react-query';
import { dataNetContracts, type DataNetPreviewUser } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { searchUsers } from './search-users.ts';

export type DataNetPreview =
  | { kind: 'found'; user: DataNetPreviewUser }
  /** 409: the address is a Pillar user already (the user, when the caller may see them). */
  | { kind: 'inUse'; username: string; existing: { id: number; username: string } | null }
  /** Any other failure (spec 2 §7 "any other error leads to 'Email not found'"). */
  | { kind: 'notFound'; username: string };

/** GET {authorization}/users/preview-dn-import?username: the email trimmed, sent URL-encoded. */
export async function previewDataNetUser(email: string): Promise<DataNetPreview> {
  const username = email.trim();
  try {
    const user = await callApi(dataNetContracts.preview, { query: { username } });
    return { kind: 'found', user };
  } catch (error) {
    if (!hasStatus(error, 409)) return { kind: 'notFound', username };
    // The 409 names the user; our API client keeps only the problem's standard members, so the
    // user is found again by address for the View/Edit link.
    const match = await searchUsers({ username, limit: 20, offset: 0 }).catch(() => null);
    const existing =
      match?.data.find((u) => u.username.toLowerCase() === username.toLowerCase()) ?? null;
    return {
      kind: 'inUse',
      username,
      existing: existing ? { id: existing.id, username: existing.username } : null,
    };
  }
}

export function usePreviewDataNetUser() {
  return useMutation({ mutationFn: previewDataNetUser, meta: { notifyError: false } });
}
