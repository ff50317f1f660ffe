import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P, type UserClaims } from '@pillar/domain';
import { buildUserAccess } from '../../shared/permissions/user-access.ts';
import { MENU, isAgentDesktopOnly, selectedMenuKey, visibleMenu } from './menu-items.tsx';

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

  it('shows Shared Claims to an external user with a live share only (decision 0144)', () => {
    const broker = contextOf([], { userType: 'b' });
    expect(keys(visibleMenu(broker, null))).not.toContain('shared-claims');
    expect(keys(visibleMenu({ ...broker, hasClaimsShares: false }, null))).not.toContain(
      'shared-claims',
    );
    expect(keys(visibleMenu({ ...broker, hasClaimsShares: true }, null))).toContain(
      'shared-claims',
    );
    const analyst = contextOf([P.evaluateViewOpportunities], { rxbAdmin: true });
    expect(keys(visibleMenu({ ...analyst, hasClaimsShares: true }, null))).not.toContain(
      'shared-claims',
    );
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
    expect(selectedMenuKey('/clinical/conditions/detail/4', menu)).toBe('configuration');
    expect(selectedMenuKey('/clinical/intervention/detail/2', menu)).toBe('configuration');
    expect(selectedMenuKey('/nowhere', menu)).toBeUndefined();
  });

  it('assembles the whole menu from the features in its order, labels, gates and modules', () => {
    const shape = MENU.map(({ icon: _, ...group }) => group);
    const link = (key: string, label: string, path: string, area: string, module?: string) => ({
      key,
      label,
      path,
      area,
      ...(module ? { module } : {}),
    });
    expect(shape).toEqual([
      { key: 'home', label: 'Home', path: '/home', area: 'everyone' },
      {
        key: 'my-plan',
        label: 'My Plan',
        children: [
          link('organizations', 'Organizations', '/organizations', 'organizations', 'organization'),
          link('members', 'Members', '/members', 'members', 'members'),
          link('files', 'Files', '/files', 'files', 'file'),
        ],
      },
      {
        key: 'admin',
        label: 'Admin',
        children: [
          link('feature-flags', 'Feature Flags', '/admin/featureFlags', 'featureFlags', 'admin'),
          link('users', 'Users', '/admin/users', 'users', 'admin'),
          link('roles', 'Roles', '/admin/roles', 'roles', 'admin'),
        ],
      },
      {
        key: 'agent-desktop',
        label: 'Agent Desktop',
        children: [link('agent', 'Dashboard', '/agent', 'agent', 'agent')],
      },
      {
        key: 'ppa',
        label: 'PPA',
        children: [
          link('opportunities', 'Opportunities', '/evaluate/opportunities', 'evaluate', 'evaluate'),
          link('rate-cards', 'Rate Cards', '/evaluate/rate-cards', 'evaluate', 'evaluate'),
          link('shared-claims', 'Shared Claims', '/shared-claims', 'sharedClaimsMenu', 'evaluate'),
        ],
      },
      {
        key: 'protect-cds',
        label: 'Protect CDS',
        children: [
          link(
            'configuration',
            'Configuration',
            '/clinical/config/intervention-drug-lists',
            'clinical',
            'protect',
          ),
        ],
      },
      {
        key: 'data-management',
        label: 'Data Management',
        children: [
          link(
            'eligibility-imports',
            'Eligibility Imports',
            '/data-management/eligibility-imports',
            'eligibilityImports',
          ),
          link(
            'transformations',
            'Transformations',
            '/data-management/transformations',
            'transformations',
          ),
        ],
      },
    ]);
  });
});
