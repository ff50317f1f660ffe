import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  evaluateIncumbentContracts as calls,
  type FeeListInput,
  type IncumbentAggregates,
  type OpportunityContactInput,
  type PricingInsightListInput,
  type PricingListInput,
  type RenewalEntryInput,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { opportunityKeys } from '../../opportunity/index.ts';
import { incumbentKeys, type IncumbentPart } from '../query-keys.ts';

const retryUnlessRefused = (failures: number, error: Error) =>
  !hasStatus(error, 400, 403, 404) && failures < 3;

/** One part's read, keyed under the opportunity. */
function usePart<T>(id: number, part: IncumbentPart, read: (signal: AbortSignal) => Promise<T>) {
  return useQuery({
    queryKey: incumbentKeys.part(id, part),
    queryFn: ({ signal }) => read(signal),
    retry: retryUnlessRefused,
  });
}

/**
 * A save keeps the server's answer as the part's data and refreshes what it changes elsewhere:
 * the opportunity's 'updated' time (header, list) and its contract history (a new version).
 */
async function afterSave(client: QueryClient, id: number): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: opportunityKeys.detail(id) }),
    client.invalidateQueries({ queryKey: opportunityKeys.history(id) }),
    client.invalidateQueries({ queryKey: opportunityKeys.lists() }),
  ]);
}

function useSave<B, T>(id: number, part: IncumbentPart, send: (body: B) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      client.setQueryData(incumbentKeys.part(id, part), answer);
      await afterSave(client, id);
    },
  });
}

// ---- Fees and credits: GET/POST {evaluate}/opps/{id}/fees | credits ----

export function useIncumbentFees(id: number, kind: 'fees' | 'credits') {
  const contract = kind === 'fees' ? calls.getFees : calls.getCredits;
  return usePart(id, kind, (signal) => callApi(contract, { params: { id }, signal }));
}

export function useSaveIncumbentFees(id: number, kind: 'fees' | 'credits') {
  const contract = kind === 'fees' ? calls.saveFees : calls.saveCredits;
  return useSave(id, kind, (body: FeeListInput) => callApi(contract, { params: { id }, body }));
}

// ---- Insights: GET/POST {evaluate}/opps/{id}/insights, PUT/DELETE …/insights/{insightId} ----

export function useInsights(id: number) {
  return usePart(id, 'insights', (signal) =>
    callApi(calls.listInsights, { params: { id }, signal }),
  );
}

export function useChangeInsights(id: number) {
  const client = useQueryClient();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: incumbentKeys.part(id, 'insights') });
    await afterSave(client, id);
  };
  const add = useMutation({
    mutationFn: (message: string) =>
      callApi(calls.createInsight, { params: { id }, body: { message } }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ insightId, message }: { insightId: number; message: string }) =>
      callApi(calls.updateInsight, { params: { id, insightId }, body: { message } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (insightId: number) => callApi(calls.deleteInsight, { params: { id, insightId } }),
    onSuccess: refresh,
  });
  return { add, edit, remove };
}

// ---- Aggregates: GET/POST {evaluate}/opps/{id}/incumbentAggregates ----

export function useAggregates(id: number) {
  return usePart(id, 'aggregates', (signal) =>
    callApi(calls.getAggregates, { params: { id }, signal }),
  );
}

export function useSaveAggregates(id: number) {
  return useSave(id, 'aggregates', (body: IncumbentAggregates) =>
    callApi(calls.saveAggregates, { params: { id }, body }),
  );
}

// ---- Contacts: GET/POST {evaluate}/opps/{id}/contacts ----

export function useContacts(id: number) {
  return usePart(id, 'contacts', (signal) =>
    callApi(calls.getContacts, { params: { id }, signal }),
  );
}

export function useSaveContacts(id: number) {
  return useSave(id, 'contacts', (contacts: OpportunityContactInput[]) =>
    callApi(calls.saveContacts, { params: { id }, body: { contacts } }),
  );
}

// ---- Renewals and competitor entries: GET/POST {evaluate}/opps/{id}/incumbentRenewal ----

export function useRenewals(id: number) {
  return usePart(id, 'renewals', (signal) =>
    callApi(calls.getRenewals, { params: { id }, signal }),
  );
}

export function useSaveRenewals(id: number) {
  return useSave(id, 'renewals', (entries: RenewalEntryInput[]) =>
    callApi(calls.saveRenewals, { params: { id }, body: { entries } }),
  );
}

/** DELETE {evaluate}/opps/{id}/incumbentRenewal?entryId=: answers the entries left. */
export function useDeleteRenewal(id: number) {
  return useSave(id, 'renewals', (entryId: number) =>
    callApi(calls.deleteRenewal, { params: { id }, query: { entryId } }),
  );
}

// ---- RxB pricing: GET/POST {evaluate}/opps/{id}/pricing/{fees | credits | insights} ----

export function usePricingList(id: number, kind: 'fees' | 'credits') {
  const contract = kind === 'fees' ? calls.getPricingFees : calls.getPricingCredits;
  return usePart(id, `pricing-${kind}`, (signal) => callApi(contract, { params: { id }, signal }));
}

export function useSavePricingList(id: number, kind: 'fees' | 'credits') {
  const contract = kind === 'fees' ? calls.savePricingFees : calls.savePricingCredits;
  return useSave(id, `pricing-${kind}`, (body: PricingListInput) =>
    callApi(contract, { params: { id }, body }),
  );
}

export function usePricingInsights(id: number) {
  return usePart(id, 'pricing-insights', (signal) =>
    callApi(calls.getPricingInsights, { params: { id }, signal }),
  );
}

export function useSavePricingInsights(id: number) {
  return useSave(id, 'pricing-insights', (body: PricingInsightListInput) =>
    callApi(calls.savePricingInsights, { params: { id }, body }),
  );
}
