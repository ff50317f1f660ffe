import { createContext, useContext } from 'react';
import { claimsFileContracts, type ClaimsStageCalls } from '@pillar/domain';

/**
 * The calls the File, Mapping and Summary stages make (decision 0144): the evaluate service's
 * for internal users, or the shared claims service's (/shared-claims/v1) on an external user's
 * shared opportunity page, which provides `sharedClaimsContracts`.
 */
export const ClaimsCallsContext = createContext<ClaimsStageCalls>(claimsFileContracts);

export function useClaimsCalls(): ClaimsStageCalls {
  return useContext(ClaimsCallsContext);
}
