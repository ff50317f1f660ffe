import { useMutation } from '@tanstack/react-query';
import { profileContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';

/** POST {authorization}/userprofile/{id}/legalUser: e-mail the user a link to choose a password. */
export function sendInvitation(id: number) {
  return callApi(profileContracts.legalUser, { params: { id } });
}

export function useSendInvitation(title: string) {
  return useMutation({
    mutationFn: sendInvitation,
    meta: { title, method: 'POST', notifySuccess: true },
  });
}
