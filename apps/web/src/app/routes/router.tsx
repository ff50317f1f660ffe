import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth, RootRedirect } from '../auth/require-auth.tsx';
import { FEATURES } from '../features.ts';
import { AppLayout } from '../layout/app-layout.tsx';
import { PageSpinner } from '../layout/page-spinner.tsx';
import { isAgentDesktopOnly, visibleMenu } from '../navigation/menu-items.tsx';
import { useAccessContext } from '../navigation/use-access-context.ts';
import { AccessDeniedPage } from './gates.tsx';

// The shell's own pages; every feature page is a lazy chunk declared by its feature.
const NotFoundPage = lazy(() =>
  import('../../shared/pages/not-found-page.tsx').then((module) => ({
    default: module.NotFoundPage,
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

/** Home, except for people who only work the agent desktop (spec 2 §2). */
function AgentDesktopOnlyRedirect() {
  const context = useAccessContext();
  return isAgentDesktopOnly(context) ? <Navigate to="/agent" replace /> : <Outlet />;
}

/** /admin opens the first admin page this user may see. */
function AdminIndex() {
  const context = useAccessContext();
  const admin = visibleMenu(context, null).find((group) => group.key === 'admin');
  const first = admin?.children?.[0];
  return first ? <Navigate to={first.path} replace /> : <AccessDeniedPage />;
}

const signedInFeatureRoutes = FEATURES.flatMap((feature) => feature.routes ?? []);
const publicFeatureRoutes = FEATURES.flatMap((feature) => feature.publicRoutes ?? []);
const HOME_PATH = 'home';

/**
 * Every signed-in route of specs 1–3: the features' routes, each behind the same gate as its menu
 * item, and the shell's own. Home sits under the agent-desktop redirect, a rule of the shell's
 * navigation that the home feature need not know.
 */
export const signedInRoutes: RouteObject[] = [
  {
    element: <AgentDesktopOnlyRedirect />,
    children: signedInFeatureRoutes.filter((route) => route.path === HOME_PATH),
  },
  ...signedInFeatureRoutes.filter((route) => route.path !== HOME_PATH),
  { path: 'admin', element: <AdminIndex /> },
  { path: '*', element: <NotFoundPage /> },
];

function standalone(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: '/welcome', element: standalone(<WelcomePage />) },
  { path: '/terms', element: standalone(<TermsPage />) },
  { path: '/login', element: standalone(<LoginPage />) },
  { path: '/login/callback', element: standalone(<LoginCallbackPage />) },
  ...publicFeatureRoutes.map((route) => ({ ...route, element: standalone(route.element) })),
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
