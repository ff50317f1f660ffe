import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  evaluateContracts,
  type ContractInfo,
  type ContractInfoAnswer,
  type ContractInput,
  type contractInput,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { opportunityKeys } from '../query-keys.ts';

/** The contract as the save sends it (the domain's contractInput, as the API takes it). */
export type ContractSave = ContractInput<typeof contractInput>;

/** GET {evaluate}/opps/{id}/contract-info: the incumbent's terms, null before the first save. */
export function getContract(id: number, signal?: AbortSignal): Promise<ContractInfoAnswer> {
  return callApi(evaluateContracts.getContract, { params: { id }, signal });
}

export function contractQueryOptions(id: number) {
  return queryOptions({
    queryKey: opportunityKeys.contract(id),
    queryFn: ({ signal }) => getContract(id, signal),
  });
}

export function useContract(id: number) {
  return useQuery(contractQueryOptions(id));
}

/** POST {evaluate}/opps/{id}/contract-info: save the terms (a new version in the history). */
export function saveContract(id: number, contract: ContractSave): Promise<ContractInfo> {
  return callApi(evaluateContracts.saveContract, { params: { id }, body: contract });
}

export function useSaveContract(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contract: ContractSave) => saveContract(id, contract),
    onSuccess: async (contract) => {
      queryClient.setQueryData(opportunityKeys.contract(id), { contract });
      // The save is a new version and moves the opportunity's 'updated' time.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: opportunityKeys.history(id) }),
        queryClient.invalidateQueries({ queryKey: opportunityKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() }),
      ]);
    },
  });
}
