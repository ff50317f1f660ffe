import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';

const MembersPage = lazy(() => import('./members-page.tsx'));
const MemberPage = lazy(() => import('./member-page/member-page.tsx'));
const DependentPage = lazy(() => import('./dependent-page/dependent-page.tsx'));

export const membersFeature: Feature = {
  routes: [
    {
      path: 'organizations/:orgId/employees/:employeeId',
      element: gated('members', <MemberPage />),
    },
    {
      path: 'organizations/:orgId/employees/:employeeId/dependents/:dependentId',
      element: gated('members', <DependentPage />),
    },
    { path: 'members', element: gated('members', <MembersPage />) },
  ],
  menu: [
    {
      group: 'my-plan',
      key: 'members',
      label: 'Members',
      path: '/members',
      area: 'members',
      module: 'members',
    },
  ],
};
