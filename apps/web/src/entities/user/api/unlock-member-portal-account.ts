import { useMutation } from '@tanstack/react-query';
import { memberPortalContracts, USER_MESSAGES } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import {
  notifyError,
  notifyErrorMessage,
  notifySuccess,
} from '../../../shared/notifications/notify.ts';

/**
 * DELETE {authorization}/auth0-management/user-blocks?email: lifts a member-portal account's
 * sign-in block. The query string encodes the address, so a '+' in it survives (spec 2 §7).
 */
export function unlockMemberPortalAccount(email: string) {
  return callApi(memberPortalContracts.unlock, { query: { email } });
}

/** The spec's own notices (spec 2 §8): 'Member Unlocked!' or '{email} not associated ...'. */
export function useUnlockMemberPortalAccount() {
  return useMutation({
    mutationFn: unlockMemberPortalAccount,
    meta: {
      title: 'Unlock Member Account',
      method: 'DELETE',
      notifySuccess: false,
      notifyError: false,
    },
    onSuccess: (_result, email) => {
      notifySuccess('Member Unlocked!', USER_MESSAGES.memberUnlocked(email));
    },
    onError: (error, email) => {
      if (hasStatus(error, 404)) {
        notifyErrorMessage('Error', USER_MESSAGES.notAMemberPortalAccount(email));
      } else {
        notifyError(error, 'Unlock Member Account');
      }
    },
  });
}
