import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NewCardAnswer } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';
import { coveragesQueryKey } from './list-coverages.ts';

interface NewCardInput {
  orgId: number;
  employeeId: number;
  coverageNo: number;
}

/** POST {portal}/.../coverages/{coverageId}/new-card */
export function requestNewCard({ orgId, employeeId, coverageNo }: NewCardInput) {
  return apiRequest<NewCardAnswer>(
    'portal',
    `/organizations/${orgId}/employees/${employeeId}/coverages/${coverageNo}/new-card`,
    { method: 'POST' },
  );
}

export function useRequestNewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestNewCard,
    meta: { title: 'Request New Card', method: 'POST', notifySuccess: true },
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: coveragesQueryKey(input.orgId, input.employeeId) }),
  });
}
