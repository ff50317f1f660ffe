import { isValidElement, type ReactNode } from 'react';
import { type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireArea } from './gates.tsx';
import { routes } from './router.tsx';

/** Each route's full path and the area gating it (null: no gate), nested routes flattened. */
function gateTable(list: RouteObject[], parent = ''): [string, string | null][] {
  return list.flatMap((route) => {
    const path = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    const own: [string, string | null][] = route.path ? [[path, areaOf(route.element)]] : [];
    return [...own, ...gateTable(route.children ?? [], path || '/')];
  });
}

function areaOf(element: ReactNode): string | null {
  return isValidElement<{ area: string }>(element) && element.type === RequireArea
    ? element.props.area
    : null;
}

// The routes and gates as the router declared them before the features contributed them.
const EXPECTED: Record<string, string | null> = {
  '/': null,
  '/welcome': null,
  '/landing': null,
  '/terms': null,
  '/id-card/:token': null,
  '/login': null,
  '/login/callback': null,
  '/home': null,
  '/help': 'everyone',
  '/organizations': 'organizations',
  '/organizations/:orgId': 'organizations',
  '/organizations/:orgId/:tab': 'organizations',
  '/organizations/:orgId/employees/:employeeId': 'members',
  '/organizations/:orgId/employees/:employeeId/dependents/:dependentId': 'members',
  '/organizations/:orgId/import-runs/:runId': 'organizations',
  '/members': 'members',
  '/files': 'files',
  '/files/:id': 'files',
  '/admin': null,
  '/admin/featureFlags': 'featureFlags',
  '/admin/users': 'users',
  '/admin/users/create': 'createUser',
  '/admin/users/import': 'importUser',
  '/admin/users/:id': 'users',
  '/admin/roles': 'roles',
  '/agent': 'agent',
  '/agent/member-not-found': 'agent',
  '/agent/:orgId': 'agent',
  '/agent/:orgId/member/:employeeId/:dependentId?': 'agent',
  '/clinical': null,
  '/clinical/config/:tab': 'clinical',
  '/clinical/conditions': 'clinical',
  '/clinical/conditions/detail/:id': 'clinical',
  '/clinical/intervention': null,
  '/clinical/intervention/detail/:id': 'clinical',
  '/evaluate': null,
  '/evaluate/opportunities': 'evaluate',
  '/evaluate/opportunities/:id': 'evaluate',
  '/evaluate/opportunities/:id/:tab': 'evaluate',
  '/evaluate/rate-cards': 'evaluate',
  '/evaluate/data-mapper': 'evaluateDataMapper',
  '/evaluate/data-mapper/transformations': 'evaluateDataMapper',
  '/shared-claims': 'sharedClaims',
  '/shared-claims/:id': 'sharedClaims',
  '/data-management': null,
  '/data-management/eligibility-imports': 'eligibilityImports',
  '/data-management/eligibility-imports/import-schema': 'createImportSchema',
  '/data-management/eligibility-imports/import-schema/:id': 'eligibilityImports',
  '/data-management/eligibility-imports/import-schema/:id/edit': 'editImportSchema',
  '/data-management/transformations': 'transformations',
  '/*': null,
};

describe('router', () => {
  it('assembles every URL of specs 1-3 from the features, each behind its gate', () => {
    const table = gateTable(routes);
    expect(table.map(([path]) => path).filter((path, i, all) => all.indexOf(path) !== i)).toEqual(
      [],
    );
    expect(Object.fromEntries(table)).toEqual(EXPECTED);
  });
});
