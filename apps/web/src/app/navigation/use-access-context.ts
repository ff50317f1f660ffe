import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sharedClaimsContracts } from '@pillar/domain';
import { useFeatureFlag } from '../../entities/feature-flag/index.ts';
import { callApi } from '../../shared/api/call-api.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { type AccessContext } from './area-access.ts';

export function useAccessContext(): AccessContext {
  const access = usePermissions();
  const [showRolesPage] = useFeatureFlag('Show Roles Page');
  // External users' shared claims (decision 0144): the menu link needs one live share. The key
  // is the Shared Claims page's list, so the two read one answer.
  const shares = useQuery({
    queryKey: ['shared-claims', 'opps'],
    queryFn: ({ signal }) => callApi(sharedClaimsContracts.listOpportunities, { signal }),
    enabled: !access.isInternal,
    // Every gate and the menu read this context: one answer a minute, not one per mount.
    staleTime: 60_000,
    retry: false,
  });
  const hasClaimsShares = shares.data ? shares.data.data.length > 0 : undefined;
  return useMemo(
    () => ({ access, showRolesPage, hasClaimsShares }),
    [access, showRolesPage, hasClaimsShares],
  );
}
