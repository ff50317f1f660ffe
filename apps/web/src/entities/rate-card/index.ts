/*
 * The PBM rate card entity (issue 19 "PBM offerings", decision 0130): each PBM's card in force
 * with its history, one version, and a new version, with their query keys (all from
 * rateCardKeys.all). Features import only this file.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  rateCardContracts,
  type RateCardList,
  type RateCardVersion,
  type RateCardVersionInput,
} from '@pillar/domain';
import { callApi } from '../../shared/api/call-api.ts';

export const rateCardKeys = {
  all: ['rate-card'] as const,
  list: () => [...rateCardKeys.all, 'list'] as const,
  version: (versionNo: number) => [...rateCardKeys.all, 'version', versionNo] as const,
};

/** GET {evaluate}/rate-cards: each PBM's card in force today with its terms, and its versions. */
export function listRateCards(signal?: AbortSignal): Promise<RateCardList> {
  return callApi(rateCardContracts.listRateCards, { query: {}, signal });
}

export function useRateCards() {
  return useQuery(
    queryOptions({ queryKey: rateCardKeys.list(), queryFn: ({ signal }) => listRateCards(signal) }),
  );
}

/** GET {evaluate}/rate-cards/{versionNo}: one version with its terms (never changes). */
export function getRateCardVersion(
  versionNo: number,
  signal?: AbortSignal,
): Promise<RateCardVersion> {
  return callApi(rateCardContracts.getRateCardVersion, { params: { versionNo }, signal });
}

export function rateCardVersionQueryOptions(versionNo: number) {
  return queryOptions({
    queryKey: rateCardKeys.version(versionNo),
    queryFn: ({ signal }) => getRateCardVersion(versionNo, signal),
    staleTime: Infinity,
  });
}

export function useRateCardVersion(versionNo: number | null) {
  return useQuery({
    ...rateCardVersionQueryOptions(versionNo ?? 0),
    enabled: versionNo !== null,
  });
}

/** POST {evaluate}/rate-cards: a new version from its effective date (the old ones stay). */
export function createRateCardVersion(input: RateCardVersionInput): Promise<RateCardVersion> {
  return callApi(rateCardContracts.createRateCardVersion, { body: input });
}

export function useCreateRateCardVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRateCardVersion,
    onSuccess: async (version) => {
      queryClient.setQueryData(rateCardKeys.version(version.versionNo), version);
      await queryClient.invalidateQueries({ queryKey: rateCardKeys.list() });
    },
  });
}
export * from './price-files.ts';
