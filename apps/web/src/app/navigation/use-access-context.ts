import { useMemo } from 'react';
import { useFeatureFlag } from '../../entities/feature-flag/index.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { type AccessContext } from './area-access.ts';

export function useAccessContext(): AccessContext {
  const access = usePermissions();
  const [showRolesPage] = useFeatureFlag('Show Roles Page');
  return useMemo(() => ({ access, showRolesPage }), [access, showRolesPage]);
}
