import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** POST {authorization}/userprofile/password-reset: a reset link to the user's own address. */
export function requestPasswordReset(): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('authorization', '/userprofile/password-reset', {
    method: 'POST',
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    meta: { title: 'Reset Password', method: 'POST' },
  });
}
