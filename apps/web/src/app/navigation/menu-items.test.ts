import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P, type UserClaims } from '@pillar/domain';
import { buildUserAccess } from '../../shared/permissions/user-access.ts';
import { isAgentDesktopOnly, selectedMenuKey, visibleMenu } from './menu-items.tsx';

function contextOf(permissions: string[], extra: Partial<UserClaims> = {}, showRolesPage = false) {
  const claims: UserClaims = {
    userId: 1,
    userNo: 1,
    username: 'a@b.c',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 'i',
    rxbAdmin: false,
    scope: 'all',
    permissions,
    sessionTimeoutMs: 3_600_000,
    ...extra,
  };
  return { access: buildUserAccess(claims), showRolesPage };
}

const keys = (menu: ReturnType<typeof visibleMenu>) =>
  menu.flatMap((group) => [group.key, ...(group.children ?? []).map((child) => child.key)]);

describe('side navigation', () => {
  it('shows only items the user may open and drops empty groups', () => {
    const menu = visibleMenu(contextOf([P.viewOrganizations]), null);
    expect(keys(menu)).toEqual(['home', 'my-plan', 'organizations']);
  });

  it('needs the feature flag for Roles', () => {
    expect(keys(visibleMenu(contextOf([P.viewRoles]), null))).not.toContain('roles');
    expect(keys(visibleMenu(contextOf([P.viewRoles], {}, true), null))).toContain('roles');
  });

  it('opens PPA to internal super-admins with eval-view-opp only', () => {
    const perms = [P.evaluateViewOpportunities];
    expect(keys(visibleMenu(contextOf(perms), null))).not.toContain('opportunities');
    expect(keys(visibleMenu(contextOf(perms, { rxbAdmin: true }), null))).toContain(
      'opportunities',
    );
    expect(
      keys(visibleMenu(contextOf(perms, { rxbAdmin: true, userType: 'b' }), null)),
    ).not.toContain('opportunities');
  });

  it('narrows to one module but keeps Home', () => {
    const all = contextOf([P.viewOrganizations, P.viewMember, P.viewUsers]);
    expect(keys(visibleMenu(all, 'members'))).toEqual(['home', 'my-plan', 'members']);
  });

  it('recognizes agent-desktop-only users', () => {
    expect(isAgentDesktopOnly(contextOf([P.appAgent]))).toBe(true);
    expect(isAgentDesktopOnly(contextOf([P.appAgent, P.viewOrganizations]))).toBe(false);
    expect(isAgentDesktopOnly(contextOf([]))).toBe(false);
  });

  it('selects the entry whose path is the longest prefix', () => {
    const menu = visibleMenu(contextOf([P.viewOrganizations, P.clinicalView]), null);
    expect(selectedMenuKey('/organizations/12/dashboard', menu)).toBe('organizations');
    expect(selectedMenuKey('/clinical/config/conditions', menu)).toBe('configuration');
    expect(selectedMenuKey('/nowhere', menu)).toBeUndefined();
  });
});
