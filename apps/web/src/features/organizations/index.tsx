import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';
import { RedirectToTab } from '../../app/routes/redirect-to-tab.tsx';

const OrganizationsListPage = lazy(() => import('./organizations-list-page.tsx'));
const OrganizationPage = lazy(() => import('./organization-page.tsx'));
const ImportRunPage = lazy(() => import('./import-runs/import-run-page.tsx'));

export const organizationsFeature: Feature = {
  routes: [
    { path: 'organizations', element: gated('organizations', <OrganizationsListPage />) },
    {
      path: 'organizations/:orgId',
      element: gated(
        'organizations',
        <RedirectToTab base={(p) => `/organizations/${p.orgId}`} tab="dashboard" />,
      ),
    },
    { path: 'organizations/:orgId/:tab', element: gated('organizations', <OrganizationPage />) },
    {
      path: 'organizations/:orgId/import-runs/:runId',
      element: gated('organizations', <ImportRunPage />),
    },
  ],
  menu: [
    {
      group: 'my-plan',
      key: 'organizations',
      label: 'Organizations',
      path: '/organizations',
      area: 'organizations',
      module: 'organization',
    },
  ],
};
