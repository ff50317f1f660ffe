import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';

const HelpPage = lazy(() => import('./help-page.tsx'));

export const helpFeature: Feature = {
  routes: [{ path: 'help', element: gated('everyone', <HelpPage />) }],
};
