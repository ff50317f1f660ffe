import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coveragesContracts, type NewCardAnswer } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { coverageKeys } from '../query-keys.ts';

interface NewCardInput {
  orgId: number;
  employeeId: number;
  coverageNo: number;
}

/** POST {portal}/.../coverages/{coverageId}/new-card */
export function requestNewCard({
  orgId,
  employeeId,
  coverageNo,
}: NewCardInput): Promise<NewCardAnswer> {
  return callApi(coveragesContracts.requestNewCard, {
    params: { orgId, employeeId, coverageId: coverageNo },
  });
}

export function useRequestNewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestNewCard,
    meta: { title: 'Request New Card', method: 'POST', notifySuccess: true },
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: coverageKeys.list(input.orgId, input.employeeId) }),
  });
}
