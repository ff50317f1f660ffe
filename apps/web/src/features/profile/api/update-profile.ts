import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserProfile, type UserProfileInput } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** PUT {authorization}/userprofile: first and last name, phone and extension. */
export function updateProfile(input: UserProfileInput): Promise<UserProfile> {
  return apiRequest<UserProfile>('authorization', '/userprofile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { title: 'Update Profile', method: 'PUT' },
    onSuccess: async (profile) => {
      queryClient.setQueryData(['authorization', 'userprofile'], profile);
      // The header greets the user by the claims' name.
      await queryClient.invalidateQueries({ queryKey: ['authorization', 'claims'] });
    },
  });
}
