import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';

const RolesPage = lazy(() => import('./roles-page.tsx'));

export const rolesFeature: Feature = {
  routes: [{ path: 'admin/roles', element: gated('roles', <RolesPage />) }],
  menu: [
    {
      group: 'admin',
      key: 'roles',
      label: 'Roles',
      path: '/admin/roles',
      area: 'roles',
      module: 'admin',
    },
  ],
};
