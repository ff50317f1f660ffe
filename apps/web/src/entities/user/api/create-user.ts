import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserCreateInput, type UserDetail, usersContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/** POST {authorization}/users. */
export async function createUser(input: UserCreateInput): Promise<UserDetail> {
  const body = await callApi(usersContracts.create, { body: input });
  return body.user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // The form shows its own errors (the spec renames one of them).
    meta: { title: 'Create User', method: 'POST', notifySuccess: true, notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.accounts() }),
  });
}
