import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';

const FeatureFlagsPage = lazy(() => import('./feature-flags-page.tsx'));

export const featureFlagsFeature: Feature = {
  routes: [{ path: 'admin/featureFlags', element: gated('featureFlags', <FeatureFlagsPage />) }],
  menu: [
    {
      group: 'admin',
      key: 'feature-flags',
      label: 'Feature Flags',
      path: '/admin/featureFlags',
      area: 'featureFlags',
      module: 'admin',
    },
  ],
};
