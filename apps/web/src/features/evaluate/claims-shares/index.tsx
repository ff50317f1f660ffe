import { lazy } from 'react';
import { type Feature } from '../../../app/routes/feature.ts';
import { gated } from '../../../app/routes/gates.tsx';

const SharedOpportunitiesPage = lazy(() => import('./shared-opportunities-page.tsx'));
const SharedOpportunityPage = lazy(() => import('./shared-opportunity-page.tsx'));

/**
 * External users' shared claims workflows (decision 0144): outside /evaluate; the menu link
 * shows once at least one opportunity is shared with the user.
 */
export const sharedClaimsFeature: Feature = {
  routes: [
    { path: 'shared-claims', element: gated('sharedClaims', <SharedOpportunitiesPage />) },
    { path: 'shared-claims/:id', element: gated('sharedClaims', <SharedOpportunityPage />) },
  ],
  menu: [
    {
      group: 'ppa',
      key: 'shared-claims',
      label: 'Shared Claims',
      path: '/shared-claims',
      area: 'sharedClaimsMenu',
      module: 'evaluate',
    },
  ],
};
