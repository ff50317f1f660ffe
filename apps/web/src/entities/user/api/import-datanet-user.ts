import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataNetContracts, type UserTypeName } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/** POST {authorization}/users/import-user?username&type: answers the new user's id. */
export async function importDataNetUser(input: { username: string; type: UserTypeName }) {
  const body = await callApi(dataNetContracts.import, {
    query: { username: input.username.trim(), type: input.type },
  });
  return body.user;
}

export function useImportDataNetUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDataNetUser,
    meta: { title: 'Import User', method: 'POST', notifySuccess: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.accounts() }),
  });
}
