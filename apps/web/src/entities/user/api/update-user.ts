import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserDetail, type UserUpdateInput, usersContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { claimsQueryOptions } from '../../../shared/auth/get-claims.ts';
import { userKeys } from '../query-keys.ts';

/** PUT {authorization}/users/{id}. */
export async function updateUser(id: number, input: UserUpdateInput): Promise<UserDetail> {
  const body = await callApi(usersContracts.update, { params: { id }, body: input });
  return body.user;
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserUpdateInput) => updateUser(id, input),
    meta: { title: 'Update User', method: 'PUT', notifyError: false },
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.accounts() });
      // Editing oneself may change one's own name in the header.
      await queryClient.invalidateQueries({ queryKey: claimsQueryOptions().queryKey });
    },
  });
}
