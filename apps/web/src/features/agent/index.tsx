import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated, later } from '../../app/routes/gates.tsx';

const AgentDashboardPage = lazy(() => import('./agent-dashboard-page.tsx'));
const AgentMemberDetailPage = lazy(() => import('./member-detail/member-detail-page.tsx'));

const AGENT = 'Look up members, see coverage and prior authorizations, and record call notes.';

export const agentFeature: Feature = {
  routes: [
    { path: 'agent', element: gated('agent', <AgentDashboardPage />) },
    { path: 'agent/member-not-found', element: later('agent', 'Member Not Found', AGENT) },
    { path: 'agent/:orgId', element: later('agent', 'Agent Organization Detail', AGENT) },
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
