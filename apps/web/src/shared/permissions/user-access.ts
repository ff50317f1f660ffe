import { createContext, useContext } from 'react';
import { satisfiesRule, type PermissionRule, type UserClaims } from '@pillar/domain';

/** What the signed-in user may do: claims plus the browser-side feature flags. */
export interface UserAccess {
  claims: UserClaims;
  permissions: ReadonlySet<string>;
  can: (rule: PermissionRule) => boolean;
  isInternal: boolean;
  /** An internal user with rxbAdmin: the super-admin. */
  isSuperAdmin: boolean;
}

export function buildUserAccess(claims: UserClaims): UserAccess {
  const permissions = new Set(claims.permissions);
  return {
    claims,
    permissions,
    can: (rule) => satisfiesRule(permissions, rule),
    isInternal: claims.userType === 'i',
    isSuperAdmin: claims.userType === 'i' && claims.rxbAdmin,
  };
}

export const UserAccessContext = createContext<UserAccess | null>(null);

/** The signed-in user's permissions; only inside the authenticated layout. */
export function usePermissions(): UserAccess {
  const access = useContext(UserAccessContext);
  if (!access) throw new Error('usePermissions must be used inside the signed-in layout');
  return access;
}

/** The signed-in user's claims. */
export function useClaims(): UserClaims {
  return usePermissions().claims;
}
