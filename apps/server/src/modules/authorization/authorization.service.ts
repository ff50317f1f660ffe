import type { UserClaims } from '@pillar/domain';
import type { Config } from '../../config.ts';
import type { Principal } from '../../platform/auth/principal.ts';

export function claimsOf(principal: Principal, config: Config): UserClaims {
  return {
    userId: principal.userNo,
    userNo: principal.userNo,
    username: principal.username,
    firstName: principal.firstName,
    lastName: principal.lastName,
    userType: principal.userType,
    rxbAdmin: principal.rxbAdmin,
    scope:
      principal.organizations === 'all'
        ? 'all'
        : [...principal.organizations].sort((a, b) => a - b),
    permissions: [...principal.permissions].sort(),
    // Spec 1 §9: internal users have a one-hour session; everyone else the configured timeout.
    sessionTimeoutMs:
      principal.userType === 'i' ? config.session.internalTimeoutMs : config.session.timeoutMs,
  };
}
