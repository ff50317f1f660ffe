import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALL_PERMISSIONS } from './permissions.ts';
import { ROLE_DEFINITIONS } from './roles.ts';
import {
  ROLE_PERMISSION_GROUPS,
  USER_MESSAGES,
  daysRemaining,
  isOrganizationOpen,
  parseExtension,
  passwordProblem,
  permissionGroupsOf,
  requiredRolesLabel,
  userCreateInput,
  userWriteProblem,
} from './users.ts';

const complete = {
  username: 'a@b.example',
  firstName: 'Ann',
  lastName: 'Bee',
  type: 'client' as const,
  rxbAdmin: false,
  allOrganizations: false,
  active: false,
  roles: [22],
  organizations: [{ orgId: 1, all: true, groups: [] }],
};

describe('userWriteProblem', () => {
  it('accepts a complete user', () => {
    expect(userWriteProblem(complete, 'create')).toBeNull();
    expect(userWriteProblem(complete, 'edit')).toBeNull();
  });

  it('gives the create message for a missing type or organizations', () => {
    expect(userWriteProblem({ ...complete, type: null }, 'create')?.detail).toBe(
      USER_MESSAGES.createIncomplete,
    );
    expect(userWriteProblem({ ...complete, organizations: [] }, 'create')?.detail).toBe(
      USER_MESSAGES.createIncomplete,
    );
  });

  it('names the missing part on edit, in the order the form shows them', () => {
    expect(userWriteProblem({ ...complete, type: null, firstName: '' }, 'edit')?.detail).toBe(
      'Unable to update the user: missing user type selection.',
    );
    expect(userWriteProblem({ ...complete, lastName: ' ' }, 'edit')?.detail).toBe(
      'Unable to update the user: missing user information.',
    );
    expect(userWriteProblem({ ...complete, organizations: [] }, 'edit')?.detail).toBe(
      'Unable to update the user: missing selected organizations.',
    );
    expect(userWriteProblem({ ...complete, roles: [] }, 'edit')?.detail).toBe(
      'Please select at least one User Permission',
    );
  });

  it('needs no organizations for internal users with all of them', () => {
    const internal = { ...complete, type: 'internal' as const, roles: [2], organizations: [] };
    expect(userWriteProblem({ ...internal, allOrganizations: true }, 'create')).toBeNull();
    expect(userWriteProblem({ ...internal, rxbAdmin: true }, 'create')).toBeNull();
    expect(userWriteProblem(internal, 'create')?.params).toEqual({
      organizations: USER_MESSAGES.organizationRequired,
    });
    // A client cannot get around it with the all-organizations flag.
    expect(
      userWriteProblem({ ...complete, allOrganizations: true, organizations: [] }, 'create'),
    ).not.toBeNull();
  });

  it('asks for at least one group when groups are to be selected', () => {
    const problem = userWriteProblem(
      { ...complete, organizations: [{ orgId: 7, all: false, groups: [] }] },
      'create',
    );
    expect(problem?.params).toEqual({ 'organizations.7.groups': USER_MESSAGES.groupRequired });
  });
});

describe('user payload schema', () => {
  it('trims text and turns blanks into missing values', () => {
    const parsed = userCreateInput.parse({
      ...complete,
      username: '  a@b.example ',
      firstName: ' Ann ',
      phone: '   ',
    });
    expect(parsed).toMatchObject({ username: 'a@b.example', firstName: 'Ann', phone: null });
  });

  it('takes the extension as an integer only', () => {
    expect(userCreateInput.safeParse({ ...complete, extension: 12 }).success).toBe(true);
    expect(userCreateInput.safeParse({ ...complete, extension: '12' }).success).toBe(false);
    expect(userCreateInput.safeParse({ ...complete, extension: 1234567 }).success).toBe(false);
  });
});

describe('parseExtension', () => {
  it('turns the typed text into the integer the API takes', () => {
    expect(parseExtension('')).toBeNull();
    expect(parseExtension(' 0042 ')).toBe(42);
    expect(parseExtension('12a')).toBe('invalid');
    expect(parseExtension('1234567')).toBe('invalid');
  });

  it('round-trips every extension', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => parseExtension(String(n)) === n),
    );
  });
});

describe('requiredRolesLabel', () => {
  it('counts up to the one required role', () => {
    expect(requiredRolesLabel(0)).toBe('(0/1 required roles)');
    expect(requiredRolesLabel(3)).toBe('(1/1 required roles)');
  });
});

describe('isOrganizationOpen', () => {
  it('is open while not terminated, or terminated in the future', () => {
    expect(isOrganizationOpen(1, null, '2026-11-01')).toBe(true);
    expect(isOrganizationOpen(2, '2026-12-01', '2026-11-01')).toBe(true);
    expect(isOrganizationOpen(9, '2026-12-01', '2026-11-01')).toBe(true);
    expect(isOrganizationOpen(9, '2026-10-31', '2026-11-01')).toBe(false);
    expect(isOrganizationOpen(9, null, '2026-11-01')).toBe(false);
  });
});

describe('daysRemaining', () => {
  it('rounds up, counting the last day as a day of access', () => {
    expect(daysRemaining('2024-12-31', new Date(2024, 11, 31, 12))).toBe(1);
    expect(daysRemaining('2024-12-31', new Date(2024, 11, 30, 0, 0, 1))).toBe(2);
    expect(daysRemaining('2024-12-31', new Date(2024, 11, 30, 0, 0, 0))).toBe(2);
    expect(daysRemaining('2024-12-31', new Date(2025, 0, 1, 0, 0, 0))).toBe(0);
    expect(daysRemaining('2024-11-27', new Date(2024, 10, 1, 9))).toBe(27);
    expect(daysRemaining('2024-11-27', new Date(2025, 0, 1))).toBeLessThan(0);
  });
});

describe('passwordProblem', () => {
  it('asks for a long, varied password typed twice, not the email', () => {
    expect(passwordProblem('short', 'short', 'a@b.example')).toMatch(/at least 12/);
    expect(passwordProblem('aaaaaaaaaaaaa', 'aaaaaaaaaaaaa', 'a@b.example')).toMatch(/different/);
    expect(passwordProblem('a@b.example.com', 'a@b.example.com', 'A@B.example.com')).toMatch(
      /email/,
    );
    expect(passwordProblem('correct horse battery', 'correct horse', 'a@b.example')).toMatch(
      /do not match/,
    );
    expect(passwordProblem('correct horse battery', 'correct horse battery', 'a@b.example')).toBe(
      null,
    );
  });
});

describe('role permission groups', () => {
  it('place every permission in exactly one group', () => {
    const placed = ROLE_PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => p.id));
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('show exactly what a role grants', () => {
    for (const role of ROLE_DEFINITIONS) {
      const granted = permissionGroupsOf(role)
        .flatMap((g) => g.permissions)
        .filter((p) => p.value)
        .map((p) => p.id);
      expect(granted.sort()).toEqual([...new Set(role.permissions)].sort());
    }
  });
});
