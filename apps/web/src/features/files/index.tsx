import { lazy } from 'react';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';

const FilesPage = lazy(() => import('./files-page.tsx'));
const FileDetailPage = lazy(() => import('./file-detail-page.tsx'));

export const filesFeature: Feature = {
  routes: [
    { path: 'files', element: gated('files', <FilesPage />) },
    { path: 'files/:id', element: gated('files', <FileDetailPage />) },
  ],
  menu: [
    {
      group: 'my-plan',
      key: 'files',
      label: 'Files',
      path: '/files',
      area: 'files',
      module: 'file',
    },
  ],
};
