import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimsShareContracts as calls,
  sharedClaimsContracts as shared,
  type ClaimsShareInput,
} from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { callApi } from '../../../shared/api/call-api.ts';

/** Claims workflow shares (decision 0144): the internal panel's calls and the external list. */
export const claimsShareKeys = {
  shares: (id: number) => ['claims-shares', id] as const,
  candidates: (q: string) => ['claims-share-candidates', q] as const,
  /** The external user's list; the navigation reads the same key. */
  shared: ['shared-claims', 'opps'] as const,
  sharedOne: (id: number) => ['shared-claims', 'opps', id] as const,
};

const retryUnlessRefused = (failures: number, error: Error) =>
  !hasStatus(error, 400, 403, 404) && failures < 3;

export function useShares(id: number) {
  return useQuery({
    queryKey: claimsShareKeys.shares(id),
    queryFn: ({ signal }) => callApi(calls.listShares, { params: { id }, signal }),
    retry: retryUnlessRefused,
  });
}

export function useShareCandidates(q: string, enabled: boolean) {
  return useQuery({
    queryKey: claimsShareKeys.candidates(q),
    queryFn: ({ signal }) => callApi(calls.shareCandidates, { query: q ? { q } : {}, signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useShare(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimsShareInput) => callApi(calls.share, { params: { id }, body }),
    meta: { title: 'Share Claims', method: 'POST', notifySuccess: true },
    onSuccess: () => client.invalidateQueries({ queryKey: claimsShareKeys.shares(id) }),
  });
}

export function useRemoveShare(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => callApi(calls.removeShare, { params: { id, userId } }),
    meta: { title: 'Remove Share', method: 'DELETE', notifySuccess: true },
    onSuccess: () => client.invalidateQueries({ queryKey: claimsShareKeys.shares(id) }),
  });
}

/** The opportunities shared with the signed-in external user. */
export function useSharedOpportunities(enabled = true) {
  return useQuery({
    queryKey: claimsShareKeys.shared,
    queryFn: ({ signal }) => callApi(shared.listOpportunities, { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useSharedOpportunity(id: number) {
  return useQuery({
    queryKey: claimsShareKeys.sharedOne(id),
    queryFn: ({ signal }) => callApi(shared.getOpportunity, { params: { id }, signal }),
    retry: retryUnlessRefused,
  });
}
