import { lazy } from 'react';
import { Navigate } from 'react-router';
import { type Feature } from '../../app/routes/feature.ts';
import { gated, later } from '../../app/routes/gates.tsx';
import { RedirectToTab } from '../../app/routes/redirect-to-tab.tsx';

/** External users' shared claims workflows (decision 0144), outside /evaluate. */
export { sharedClaimsFeature } from './claims-shares/index.tsx';

// The data mapper is planned: its URLs and menu link exist and say so, behind their real gates.
const DATA_MAPPER = 'Claims file templates, transformations and mapping jobs.';

const OpportunitiesListPage = lazy(() => import('./opportunities-list-page.tsx'));
const OpportunityPage = lazy(() => import('./opportunity-page.tsx'));
const TransformationsPage = lazy(() => import('../data-mapping/transformations-page.tsx'));
const RateCardsPage = lazy(() => import('./rate-cards/rate-cards-page.tsx'));

export const evaluateFeature: Feature = {
  routes: [
    { path: 'evaluate', element: <Navigate to="/evaluate/opportunities" replace /> },
    { path: 'evaluate/opportunities', element: gated('evaluate', <OpportunitiesListPage />) },
    {
      path: 'evaluate/opportunities/:id',
      element: gated(
        'evaluate',
        <RedirectToTab base={(p) => `/evaluate/opportunities/${p.id}`} tab="incumbent" />,
      ),
    },
    { path: 'evaluate/opportunities/:id/:tab', element: gated('evaluate', <OpportunityPage />) },
    { path: 'evaluate/rate-cards', element: gated('evaluate', <RateCardsPage />) },
    {
      path: 'evaluate/data-mapper',
      element: later('evaluateDataMapper', 'Data Mapper', DATA_MAPPER),
    },
    {
      path: 'evaluate/data-mapper/transformations',
      element: gated('evaluateDataMapper', <TransformationsPage />),
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
    {
      group: 'ppa',
      key: 'rate-cards',
      label: 'Rate Cards',
      path: '/evaluate/rate-cards',
      area: 'evaluate',
      module: 'evaluate',
    },
  ],
};
