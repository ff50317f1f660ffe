import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';

const HomePage = lazy(() => import('./home-page.tsx'));

/** Home is open to everyone; the shell sends agent-desktop-only users on to /agent (spec 2 §2). */
export const homeFeature: Feature = {
  routes: [{ path: 'home', element: <HomePage /> }],
  menu: [{ group: 'home', key: 'home', label: 'Home', path: '/home', area: 'everyone' }],
};
