import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';

const UsersPage = lazy(() => import('./users-page.tsx'));
const LandingPage = lazy(() => import('./landing-page.tsx'));

export const usersFeature: Feature = {
  routes: [
    { path: 'admin/users', element: gated('users', <UsersPage />) },
    { path: 'admin/users/create', element: gated('createUser', <UsersPage drawer="create" />) },
    { path: 'admin/users/import', element: gated('importUser', <UsersPage drawer="import" />) },
    { path: 'admin/users/:id', element: gated('users', <UsersPage drawer="edit" />) },
  ],
  publicRoutes: [{ path: '/landing', element: <LandingPage /> }],
  menu: [
    {
      group: 'admin',
      key: 'users',
      label: 'Users',
      path: '/admin/users',
      area: 'users',
      module: 'admin',
    },
  ],
};
