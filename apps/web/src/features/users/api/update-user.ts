import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserDetail, type UserUpdateInput } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** PUT {authorization}/users/{id}. */
export async function updateUser(id: number, input: UserUpdateInput): Promise<UserDetail> {
  const body = await apiRequest<{ user: UserDetail }>('authorization', `/users/${id}`, {
    method: 'PUT',
    body: input,
  });
  return body.user;
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserUpdateInput) => updateUser(id, input),
    meta: { title: 'Update User', method: 'PUT', notifyError: false },
    onSuccess: async (user) => {
      queryClient.setQueryData(['authorization', 'users', 'detail', id], user);
      await queryClient.invalidateQueries({ queryKey: ['authorization', 'users'] });
      // Editing oneself may change one's own name in the header.
      await queryClient.invalidateQueries({ queryKey: ['authorization', 'claims'] });
    },
  });
}
