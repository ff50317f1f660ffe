import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSIONS } from './permissions.ts';
import {
  ROLE_DEFINITIONS,
  ROLE_GROUPS,
  ROLE_USER_TYPE_CODE,
  findRole,
  permissionsOfRoles,
} from './roles.ts';

describe('role definitions', () => {
  it('have unique ids and keys', () => {
    const ids = ROLE_DEFINITIONS.map((r) => r.id);
    const keys = ROLE_DEFINITIONS.map((r) => r.key);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(ROLE_DEFINITIONS.map((r) => [r.key, r] as const))(
    '%s grants only known permissions, at least one, and sits in a known group',
    (_, role) => {
      expect(role.permissions.length).toBeGreaterThan(0);
      for (const p of role.permissions) expect(ALL_PERMISSIONS).toContain(p);
      expect(new Set(role.permissions).size).toBe(role.permissions.length);
      const groups: readonly { key: string }[] = ROLE_GROUPS[role.userType];
      expect(groups.map((g) => g.key)).toContain(role.groupKey);
      if (role.hiddenWithout) expect(ALL_PERMISSIONS).toContain(role.hiddenWithout);
    },
  );

  it('every role group holds at least one role', () => {
    for (const [userType, groups] of Object.entries(ROLE_GROUPS)) {
      for (const group of groups) {
        const inGroup = ROLE_DEFINITIONS.filter(
          (r) => r.userType === userType && r.groupKey === group.key,
        );
        expect(inGroup.length, `${userType}.${group.key}`).toBeGreaterThan(0);
      }
    }
  });

  it('spec 1 §6 role groups exist for each user type', () => {
    expect(ROLE_GROUPS.internal.map((g) => g.key).sort()).toEqual(
      [
        'accountManagement',
        'agentDesktop',
        'dataMapping',
        'developer',
        'financials',
        'itHelpDesk',
        'keystone',
      ].sort(),
    );
    for (const external of [ROLE_GROUPS.client, ROLE_GROUPS.broker]) {
      expect(external.map((g) => g.key)).toEqual([
        'userManagement',
        'manageEligibility',
        'files',
        'financials',
      ]);
    }
    expect(ROLE_USER_TYPE_CODE).toEqual({ internal: 'i', client: 'c', broker: 'b' });
  });

  it('the developer role holds every permission', () => {
    expect([...(findRole('developer')?.permissions ?? [])].sort()).toEqual(
      [...ALL_PERMISSIONS].sort(),
    );
  });

  it('view-only eligibility roles cannot edit members or see SSNs', () => {
    for (const key of ['clientViewEligibility', 'brokerViewEligibility']) {
      const permissions = findRole(key)?.permissions ?? [];
      expect(permissions).toContain(PERMISSIONS.viewMember);
      expect(permissions).not.toContain(PERMISSIONS.editMember);
      expect(permissions).not.toContain(PERMISSIONS.viewSsn);
    }
  });

  it('external roles never grant internal-only powers', () => {
    const internalOnly = [
      PERMISSIONS.editProtectedRoles,
      PERMISSIONS.manageDeveloperRoles,
      PERMISSIONS.transformationAdmin,
      PERMISSIONS.importDatanetUser,
    ];
    for (const role of ROLE_DEFINITIONS.filter((r) => r.userType !== 'internal')) {
      for (const p of internalOnly) expect(role.permissions, role.key).not.toContain(p);
    }
  });
});

describe('findRole and permissionsOfRoles', () => {
  it('findRole by key', () => {
    expect(findRole('agent')?.id).toBe(4);
    expect(findRole('nope')).toBeUndefined();
  });

  it('permissionsOfRoles is the sorted union, ignoring unknown keys', () => {
    const union = permissionsOfRoles(['clientFiles', 'clientViewEligibility', 'nope']);
    expect(union).toEqual(
      [
        PERMISSIONS.viewFiles,
        PERMISSIONS.uploadFiles,
        PERMISSIONS.viewOrganizations,
        PERMISSIONS.viewMember,
      ].sort(),
    );
    expect(permissionsOfRoles([])).toEqual([]);
    expect(permissionsOfRoles(['agent', 'agent'])).toEqual(
      [...(findRole('agent')?.permissions ?? [])].sort(),
    );
  });
});

describe('senior roles', () => {
  // Nobody grants a permission they do not hold (spec 2 §7), so a senior role that lacked one of
  // its junior role's permissions could not hand out the junior role.
  it.each([
    ['accountManagementAdmin', 'accountManager'],
    ['agentSupervisor', 'agent'],
  ])('%s holds every permission of %s', (senior, junior) => {
    const held = new Set(findRole(senior)?.permissions);
    const missing = (findRole(junior)?.permissions ?? []).filter((p) => !held.has(p));
    expect(missing).toEqual([]);
    expect(held.size).toBeGreaterThan(0);
  });
});
