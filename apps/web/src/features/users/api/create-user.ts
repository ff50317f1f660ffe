import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserCreateInput, type UserDetail } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** POST {authorization}/users. */
export async function createUser(input: UserCreateInput): Promise<UserDetail> {
  const body = await apiRequest<{ user: UserDetail }>('authorization', '/users', {
    method: 'POST',
    body: input,
  });
  return body.user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // The form shows its own errors (the spec renames one of them).
    meta: { title: 'Create User', method: 'POST', notifySuccess: true, notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['authorization', 'users'] }),
  });
}
