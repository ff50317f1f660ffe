import { type UserTypeName } from '@pillar/domain';
import { type OrganizationOptionsSearch } from './api/get-user-organizations.ts';
import { type UserSearch } from './api/search-users.ts';

/**
 * Every query key of a user, from one root, so a change invalidates by prefix:
 * `userKeys.accounts()` covers the user records (list pages, one user, their history, what they
 * hold), which creating, importing or editing a user makes stale; the role lists, the signed-in
 * user's profile and the session notices sit beside them and are not refetched by that.
 */
export const userKeys = {
  all: ['user'] as const,
  accounts: () => [...userKeys.all, 'account'] as const,
  search: (search: UserSearch) => [...userKeys.accounts(), 'search', search] as const,
  detail: (id: number) => [...userKeys.accounts(), 'detail', id] as const,
  history: (id: number) => [...userKeys.accounts(), 'history', id] as const,
  organizations: (userId: number, search: OrganizationOptionsSearch) =>
    [...userKeys.accounts(), userId, 'organizations', search] as const,
  benefitGroups: (userId: number, orgId: number) =>
    [...userKeys.accounts(), userId, 'benefitgroups', orgId] as const,
  roleOptions: (types: UserTypeName[]) => [...userKeys.all, 'roles', types] as const,
  baseRoles: () => [...userKeys.all, 'base-roles'] as const,
  profile: () => [...userKeys.all, 'profile'] as const,
  sessionSettings: () => [...userKeys.all, 'session-settings'] as const,
};
