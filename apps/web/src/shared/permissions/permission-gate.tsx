import { type ReactNode } from 'react';
import { type PermissionRule } from '@pillar/domain';
import { AccessDeniedPage } from '../pages/access-denied-page.tsx';
import { usePermissions, type UserAccess } from './user-access.ts';

export interface PermissionGateProps {
  /** allOf or anyOf a list of permission keys. */
  rule: PermissionRule;
  /** Shown instead when the rule is not met; nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Renders its children only for users whose permissions satisfy the rule. */
export function PermissionGate({ rule, fallback = null, children }: PermissionGateProps) {
  const { can } = usePermissions();
  return <>{can(rule) ? children : fallback}</>;
}

export interface RequirePermissionProps {
  rule?: PermissionRule;
  /** For gates beyond permission keys: user type, rxbAdmin, feature flags. */
  check?: (access: UserAccess) => boolean;
  children: ReactNode;
}

/** Route wrapper: the page, or the access-denied page when the user may not see it. */
export function RequirePermission({ rule, check, children }: RequirePermissionProps) {
  const access = usePermissions();
  const allowed = (!rule || access.can(rule)) && (!check || check(access));
  return allowed ? <>{children}</> : <AccessDeniedPage />;
}
