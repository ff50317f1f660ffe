import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** POST {authorization}/userprofile/{id}/legalUser: e-mail the user a link to choose a password. */
export function sendInvitation(id: number) {
  return apiRequest<{ id: number; username: string; invitationSent: boolean }>(
    'authorization',
    `/userprofile/${id}/legalUser`,
    { method: 'POST' },
  );
}

export function useSendInvitation(title: string) {
  return useMutation({
    mutationFn: sendInvitation,
    meta: { title, method: 'POST', notifySuccess: true },
  });
}
