import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileContracts, type UserProfileInput } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { claimsQueryOptions } from '../../../shared/auth/get-claims.ts';
import { userKeys } from '../query-keys.ts';

/** PUT {authorization}/userprofile: first and last name, phone and extension. */
export function updateProfile(input: UserProfileInput) {
  return callApi(profileContracts.update, { body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { title: 'Update Profile', method: 'PUT' },
    onSuccess: async (profile) => {
      queryClient.setQueryData(userKeys.profile(), profile);
      // The header greets the user by the claims' name.
      await queryClient.invalidateQueries({ queryKey: claimsQueryOptions().queryKey });
    },
  });
}
