import { Navigate } from 'react-router';
import { type Feature } from '../../app/routes/feature.ts';
import { later } from '../../app/routes/gates.tsx';

// Data management is planned: its URLs and menu links exist and say so, behind their real gates.
const IMPORTS = 'Eligibility import schemas: file definitions, mappings and options.';

export const dataManagementFeature: Feature = {
  routes: [
    {
      path: 'data-management',
      element: <Navigate to="/data-management/eligibility-imports" replace />,
    },
    {
      path: 'data-management/eligibility-imports',
      element: later('eligibilityImports', 'Eligibility Imports', IMPORTS),
    },
    {
      path: 'data-management/eligibility-imports/import-schema',
      element: later('createImportSchema', 'Create Import Schema', IMPORTS),
    },
    {
      path: 'data-management/eligibility-imports/import-schema/:id',
      element: later('eligibilityImports', 'Import Schema', IMPORTS),
    },
    {
      path: 'data-management/eligibility-imports/import-schema/:id/edit',
      element: later('editImportSchema', 'Edit Import Schema', IMPORTS),
    },
    {
      path: 'data-management/transformations',
      element: later(
        'transformations',
        'Transformations',
        'Reusable expressions that turn source fields into eligibility fields.',
      ),
    },
  ],
  // Not part of any VITE_PILLAR_MODULE build yet, so the links carry no module.
  menu: [
    {
      group: 'data-management',
      key: 'eligibility-imports',
      label: 'Eligibility Imports',
      path: '/data-management/eligibility-imports',
      area: 'eligibilityImports',
    },
    {
      group: 'data-management',
      key: 'transformations',
      label: 'Transformations',
      path: '/data-management/transformations',
      area: 'transformations',
    },
  ],
};
