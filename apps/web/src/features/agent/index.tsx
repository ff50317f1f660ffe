import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';

const AgentHomePage = lazy(() => import('./agent-home-page.tsx'));
const MemberNotFoundPage = lazy(() => import('./member-not-found-page.tsx'));
const OrganizationDetailPage = lazy(() => import('./organization-detail-page.tsx'));
const AgentMemberDetailPage = lazy(() => import('./member-detail/member-detail-page.tsx'));

export const agentFeature: Feature = {
  routes: [
    // Route names (spec 2 §2): agent, agentMemberNotFound, agentOrgDetail, agentMemberDetail.
    { path: 'agent', element: gated('agent', <AgentHomePage />) },
    { path: 'agent/member-not-found', element: gated('agent', <MemberNotFoundPage />) },
    { path: 'agent/:orgId', element: gated('agent', <OrganizationDetailPage />) },
    {
      path: 'agent/:orgId/member/:employeeId/:dependentId?',
      element: gated('agent', <AgentMemberDetailPage />),
    },
  ],
  menu: [
    {
      group: 'agent-desktop',
      key: 'agent',
      label: 'Dashboard',
      path: '/agent',
      area: 'agent',
      module: 'agent',
    },
  ],
};
