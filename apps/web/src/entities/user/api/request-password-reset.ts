import { useMutation } from '@tanstack/react-query';
import { profileContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { notifySuccess } from '../../../shared/notifications/notify.ts';

/** POST {authorization}/userprofile/password-reset: a reset link to the user's own address. */
export function requestPasswordReset() {
  return callApi(profileContracts.passwordReset);
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    meta: { title: 'Reset Password', method: 'POST' },
    // The e-mail goes out of sight: a notice in the server's words says it did.
    onSuccess: (data) => notifySuccess('Reset Password', data.message),
  });
}
