import type { PermissionRule } from '../permissions.ts';

/**
 * What a route needs. Every route declares one; the server refuses a route without it, and a
 * contract carries it so the rule is written next to the call it guards.
 */
export type AccessRule =
  | 'public'
  | 'authenticated'
  | (PermissionRule & { userTypes?: readonly ('i' | 'b' | 'c')[]; rxbAdmin?: boolean });
