import { lazy } from 'react';
import { Navigate } from 'react-router';
import { type Feature } from '../../app/routes/feature.ts';
import { gated } from '../../app/routes/gates.tsx';

const ImportsListPage = lazy(() => import('./imports-list-page.tsx'));
const ImportSchemaWizardPage = lazy(() => import('./import-schema-wizard-page.tsx'));
const TransformationsPage = lazy(() => import('../data-mapping/transformations-page.tsx'));

export const dataManagementFeature: Feature = {
  routes: [
    {
      path: 'data-management',
      element: <Navigate to="/data-management/eligibility-imports" replace />,
    },
    {
      path: 'data-management/eligibility-imports',
      element: gated('eligibilityImports', <ImportsListPage />),
    },
    {
      path: 'data-management/eligibility-imports/import-schema',
      element: gated('createImportSchema', <ImportSchemaWizardPage />),
    },
    {
      path: 'data-management/eligibility-imports/import-schema/:id',
      element: gated('eligibilityImports', <ImportSchemaWizardPage />),
    },
    {
      path: 'data-management/eligibility-imports/import-schema/:id/edit',
      element: gated('editImportSchema', <ImportSchemaWizardPage />),
    },
    {
      path: 'data-management/transformations',
      element: gated('transformations', <TransformationsPage />),
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
