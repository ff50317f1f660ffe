import { Navigate } from 'react-router';
import { type Feature } from '../../app/routes/feature.ts';
import { later } from '../../app/routes/gates.tsx';

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
    { path: 'clinical/conditions', element: later('clinical', 'Conditions', CLINICAL) },
    { path: 'clinical/conditions/detail/:id', element: later('clinical', 'Condition', CLINICAL) },
    {
      path: 'clinical/intervention',
      element: later('clinical', 'Intervention Drug Lists', CLINICAL),
    },
    {
      path: 'clinical/intervention/detail/:id',
      element: later('clinical', 'Intervention Drug List', CLINICAL),
    },
    {
      path: 'clinical/intervention-queues',
      element: later('clinical', 'Intervention Queues', CLINICAL),
    },
    { path: 'clinical/member', element: later('clinical', 'Protect CDS Member', CLINICAL) },
    {
      path: 'clinical/savings-validation',
      element: later('clinical', 'Savings Validation', CLINICAL),
    },
    { path: 'clinical/cases', element: later('clinical', 'Cases', CLINICAL) },
  ],
  menu: [
    {
      group: 'protect-cds',
      key: 'intervention-queues',
      label: 'Intervention Queues',
      path: '/clinical/intervention-queues',
      area: 'clinical',
      module: 'protect',
    },
    {
      group: 'protect-cds',
      key: 'clinical-member',
      label: 'Member',
      path: '/clinical/member',
      area: 'clinical',
      module: 'protect',
    },
    {
      group: 'protect-cds',
      key: 'savings-validation',
      label: 'Savings Validation',
      path: '/clinical/savings-validation',
      area: 'clinical',
      module: 'protect',
    },
    {
      group: 'protect-cds',
      key: 'cases',
      label: 'Cases',
      path: '/clinical/cases',
      area: 'clinical',
      module: 'protect',
    },
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
