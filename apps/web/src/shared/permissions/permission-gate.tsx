import { type ReactNode } from 'react';
import { type PermissionRule } from '@pillar/domain';
import { usePermissions } from './user-access.ts';

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
