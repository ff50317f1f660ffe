import { Navigate } from 'react-router';
import { type Feature } from '../../app/routes/feature.ts';
import { gated, later } from '../../app/routes/gates.tsx';
import { RedirectToTab } from '../../app/routes/redirect-to-tab.tsx';

// Evaluate (PPA) is planned: its URLs and menu link exist and say so, behind their real gates.
const EVALUATE = 'Prospect opportunities, claims repricing and financial analysis.';

export const evaluateFeature: Feature = {
  routes: [
    { path: 'evaluate', element: <Navigate to="/evaluate/opportunities" replace /> },
    {
      path: 'evaluate/opportunities',
      element: later('evaluate', 'Prospect Opportunities', EVALUATE),
    },
    {
      path: 'evaluate/opportunities/:id',
      element: gated(
        'evaluate',
        <RedirectToTab base={(p) => `/evaluate/opportunities/${p.id}`} tab="incumbent" />,
      ),
    },
    {
      path: 'evaluate/opportunities/:id/:tab',
      element: later('evaluate', 'Opportunity', EVALUATE),
    },
    {
      path: 'evaluate/data-mapper',
      element: later('evaluateDataMapper', 'Data Mapper', EVALUATE),
    },
    {
      path: 'evaluate/data-mapper/transformations',
      element: later('evaluateDataMapper', 'Data Mapper Transformations', EVALUATE),
    },
  ],
  menu: [
    {
      group: 'ppa',
      key: 'opportunities',
      label: 'Opportunities',
      path: '/evaluate/opportunities',
      area: 'evaluate',
      module: 'evaluate',
    },
  ],
};
