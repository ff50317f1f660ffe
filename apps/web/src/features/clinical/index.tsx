import { lazy } from 'react';
import { Navigate } from 'react-router';
import { type Feature } from '../../app/routes/feature.ts';
import { gated, later } from '../../app/routes/gates.tsx';

const ConditionsPage = lazy(() => import('./conditions-page.tsx'));
const ConditionDetailPage = lazy(() => import('./condition-detail-page.tsx'));

// Protect CDS is planned: its URLs and menu links exist and say so, behind their real gate.
const CLINICAL = 'Protect CDS clinical configuration: conditions and intervention drug lists.';

export const clinicalFeature: Feature = {
  routes: [
    {
      path: 'clinical',
      element: <Navigate to="/clinical/config/intervention-drug-lists" replace />,
    },
    {
      path: 'clinical/config/:tab',
      element: later('clinical', 'Protect CDS Configuration', CLINICAL),
    },
    { path: 'clinical/conditions', element: gated('clinical', <ConditionsPage />) },
    { path: 'clinical/conditions/detail/:id', element: gated('clinical', <ConditionDetailPage />) },
    {
      path: 'clinical/intervention',
      element: later('clinical', 'Intervention Drug Lists', CLINICAL),
    },
    {
      path: 'clinical/intervention/detail/:id',
      element: later('clinical', 'Intervention Drug List', CLINICAL),
    },
  ],
  menu: [
    // Intervention Queues, Member, Savings Validation and Cases (spec 2 §2 'Side navigation')
    // are not described by the specs: hidden, not shown as empty pages (issue 14).
    {
      group: 'protect-cds',
      key: 'configuration',
      label: 'Configuration',
      path: '/clinical/config/intervention-drug-lists',
      area: 'clinical',
      module: 'protect',
    },
  ],
};
