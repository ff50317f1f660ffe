import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';

const TempCardClaimPage = lazy(() => import('./temp-card-claim-page.tsx'));

/** The temporary ID card link a member receives by mail opens without signing in. */
export const idCardsFeature: Feature = {
  publicRoutes: [{ path: '/id-card/:token', element: <TempCardClaimPage /> }],
};
