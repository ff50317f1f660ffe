import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserTypeName } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** POST {authorization}/users/import-user?username&type: answers the new user's id. */
export async function importDataNetUser(input: { username: string; type: UserTypeName }) {
  const body = await apiRequest<{ user: { id: number; username: string } }>(
    'authorization',
    '/users/import-user',
    { method: 'POST', query: { username: input.username.trim(), type: input.type } },
  );
  return body.user;
}

export function useImportDataNetUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDataNetUser,
    meta: { title: 'Import User', method: 'POST', notifySuccess: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['authorization', 'users'] }),
  });
}
