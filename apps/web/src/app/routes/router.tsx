import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, useParams, type RouteObject } from 'react-router';
import { RequireAuth, RootRedirect } from '../auth/require-auth.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { PageSpinner } from '../layout/page-spinner.tsx';
import { AREA_ACCESS, type Area } from '../navigation/area-access.ts';
import { isAgentDesktopOnly, visibleMenu } from '../navigation/menu-items.tsx';
import { useAccessContext } from '../navigation/use-access-context.ts';

// Every page is its own chunk, so the first page loads only the shell and itself.
const AccessDeniedPage = lazy(() =>
  import('../../shared/pages/access-denied-page.tsx').then((module) => ({
    default: module.AccessDeniedPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('../../shared/pages/not-found-page.tsx').then((module) => ({
    default: module.NotFoundPage,
  })),
);
const NotAvailablePage = lazy(() =>
  import('../pages/not-available-page.tsx').then((module) => ({
    default: module.NotAvailablePage,
  })),
);
const LoginPage = lazy(() =>
  import('../auth/login-page.tsx').then((module) => ({ default: module.LoginPage })),
);
const LoginCallbackPage = lazy(() =>
  import('../auth/login-callback-page.tsx').then((module) => ({
    default: module.LoginCallbackPage,
  })),
);
const WelcomePage = lazy(() =>
  import('../pages/welcome-page.tsx').then((module) => ({ default: module.WelcomePage })),
);
const TermsPage = lazy(() =>
  import('../pages/terms-page.tsx').then((module) => ({ default: module.TermsPage })),
);
const HomePage = lazy(() => import('../../features/home/home-page.tsx'));
const HelpPage = lazy(() => import('../../features/help/help-page.tsx'));
const OrganizationsListPage = lazy(
  () => import('../../features/organizations/organizations-list-page.tsx'),
);
const OrganizationPage = lazy(() => import('../../features/organizations/organization-page.tsx'));
const FeatureFlagsPage = lazy(() => import('../../features/feature-flags/feature-flags-page.tsx'));
const MembersPage = lazy(() => import('../../features/members/members-page.tsx'));
const MemberPage = lazy(() => import('../../features/members/member-page/member-page.tsx'));
const DependentPage = lazy(
  () => import('../../features/members/dependent-page/dependent-page.tsx'),
);
const TempCardClaimPage = lazy(() => import('../../features/id-cards/temp-card-claim-page.tsx'));
const UsersPage = lazy(() => import('../../features/users/users-page.tsx'));
const RolesPage = lazy(() => import('../../features/roles/roles-page.tsx'));
const LandingPage = lazy(() => import('../../features/users/landing-page.tsx'));
const AgentDashboardPage = lazy(() => import('../../features/agent/agent-dashboard-page.tsx'));

/** A route that opens with the same gate as its menu item, or shows the access-denied page. */
function RequireArea({ area, children }: { area: Area; children: ReactNode }) {
  const context = useAccessContext();
  return AREA_ACCESS[area](context) ? <>{children}</> : <AccessDeniedPage />;
}

function gated(area: Area, element: ReactNode): ReactNode {
  return <RequireArea area={area}>{element}</RequireArea>;
}

function later(area: Area, name: string, purpose?: string): ReactNode {
  return gated(area, <NotAvailablePage area={name} purpose={purpose} />);
}

/** Home, except for people who only work the agent desktop (spec 2 §2). */
function HomeRoute() {
  const context = useAccessContext();
  return isAgentDesktopOnly(context) ? <Navigate to="/agent" replace /> : <HomePage />;
}

/** /admin opens the first admin page this user may see. */
function AdminIndex() {
  const context = useAccessContext();
  const admin = visibleMenu(context, null).find((group) => group.key === 'admin');
  const first = admin?.children?.[0];
  return first ? <Navigate to={first.path} replace /> : <AccessDeniedPage />;
}

function RedirectToTab({
  base,
  tab,
}: {
  base: (params: Record<string, string>) => string;
  tab: string;
}) {
  const params = useParams() as Record<string, string>;
  return <Navigate to={`${base(params)}/${tab}`} replace />;
}

const FilesPage = lazy(() => import('../../features/files/files-page.tsx'));
const FileDetailPage = lazy(() => import('../../features/files/file-detail-page.tsx'));
const AGENT = 'Look up members, see coverage and prior authorizations, and record call notes.';
const CLINICAL = 'Protect CDS clinical configuration: conditions and intervention drug lists.';
const EVALUATE = 'Prospect opportunities, claims repricing and financial analysis.';
const IMPORTS = 'Eligibility import schemas: file definitions, mappings and options.';

/** Every signed-in route of specs 1–3, each behind the same gate as its menu item. */
export const signedInRoutes: RouteObject[] = [
  { path: 'home', element: <HomeRoute /> },
  { path: 'help', element: gated('everyone', <HelpPage />) },
  // My Plan
  { path: 'organizations', element: gated('organizations', <OrganizationsListPage />) },
  {
    path: 'organizations/:orgId',
    element: gated(
      'organizations',
      <RedirectToTab base={(p) => `/organizations/${p.orgId}`} tab="dashboard" />,
    ),
  },
  { path: 'organizations/:orgId/:tab', element: gated('organizations', <OrganizationPage />) },
  {
    path: 'organizations/:orgId/employees/:employeeId',
    element: gated('members', <MemberPage />),
  },
  {
    path: 'organizations/:orgId/employees/:employeeId/dependents/:dependentId',
    element: gated('members', <DependentPage />),
  },
  { path: 'members', element: gated('members', <MembersPage />) },
  { path: 'files', element: gated('files', <FilesPage />) },
  { path: 'files/:id', element: gated('files', <FileDetailPage />) },
  // Admin
  { path: 'admin', element: <AdminIndex /> },
  { path: 'admin/featureFlags', element: gated('featureFlags', <FeatureFlagsPage />) },
  { path: 'admin/users', element: gated('users', <UsersPage />) },
  { path: 'admin/users/create', element: gated('createUser', <UsersPage drawer="create" />) },
  { path: 'admin/users/import', element: gated('importUser', <UsersPage drawer="import" />) },
  { path: 'admin/users/:id', element: gated('users', <UsersPage drawer="edit" />) },
  { path: 'admin/roles', element: gated('roles', <RolesPage />) },
  // Agent desktop
  { path: 'agent', element: gated('agent', <AgentDashboardPage />) },
  { path: 'agent/member-not-found', element: later('agent', 'Member Not Found', AGENT) },
  { path: 'agent/:orgId', element: later('agent', 'Agent Organization Detail', AGENT) },
  {
    path: 'agent/:orgId/member/:employeeId/:dependentId?',
    element: later('agent', 'Agent Member Detail', AGENT),
  },
  // Protect CDS
  { path: 'clinical', element: <Navigate to="/clinical/config/intervention-drug-lists" replace /> },
  {
    path: 'clinical/config/:tab',
    element: later('clinical', 'Protect CDS Configuration', CLINICAL),
  },
  { path: 'clinical/conditions', element: later('clinical', 'Conditions', CLINICAL) },
  { path: 'clinical/conditions/detail/:id', element: later('clinical', 'Condition', CLINICAL) },
  {
    path: 'clinical/intervention',
    element: later('clinical', 'Intervention Drug Lists', CLINICAL),
  },
  {
    path: 'clinical/intervention/detail/:id',
    element: later('clinical', 'Intervention Drug List', CLINICAL),
  },
  {
    path: 'clinical/intervention-queues',
    element: later('clinical', 'Intervention Queues', CLINICAL),
  },
  { path: 'clinical/member', element: later('clinical', 'Protect CDS Member', CLINICAL) },
  {
    path: 'clinical/savings-validation',
    element: later('clinical', 'Savings Validation', CLINICAL),
  },
  { path: 'clinical/cases', element: later('clinical', 'Cases', CLINICAL) },
  // Evaluate (PPA)
  { path: 'evaluate', element: <Navigate to="/evaluate/opportunities" replace /> },
  {
    path: 'evaluate/opportunities',
    element: later('evaluate', 'Prospect Opportunities', EVALUATE),
  },
  {
    path: 'evaluate/opportunities/:id',
    element: gated(
      'evaluate',
      <RedirectToTab base={(p) => `/evaluate/opportunities/${p.id}`} tab="incumbent" />,
    ),
  },
  { path: 'evaluate/opportunities/:id/:tab', element: later('evaluate', 'Opportunity', EVALUATE) },
  { path: 'evaluate/data-mapper', element: later('evaluateDataMapper', 'Data Mapper', EVALUATE) },
  {
    path: 'evaluate/data-mapper/transformations',
    element: later('evaluateDataMapper', 'Data Mapper Transformations', EVALUATE),
  },
  // Data management
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
  { path: '*', element: <NotFoundPage /> },
];

function standalone(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: '/welcome', element: standalone(<WelcomePage />) },
  { path: '/landing', element: standalone(<LandingPage />) },
  { path: '/terms', element: standalone(<TermsPage />) },
  { path: '/id-card/:token', element: standalone(<TempCardClaimPage />) },
  { path: '/login', element: standalone(<LoginPage />) },
  { path: '/login/callback', element: standalone(<LoginCallbackPage />) },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: signedInRoutes,
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
