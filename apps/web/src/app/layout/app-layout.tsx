import { MenuOutlined, QuestionCircleOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ProfileDrawer } from '../../features/profile/index.tsx';
import { useRuntimeConfig } from '../../shared/config/runtime-config.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { useClaims } from '../../shared/permissions/user-access.ts';
import { useAuth } from '../auth/auth-context.ts';
import { parseModule, visibleMenu } from '../navigation/menu-items.tsx';
import { useAccessContext } from '../navigation/use-access-context.ts';
import { InactivityMonitor } from '../session/inactivity-monitor.tsx';
import { AppFooter } from './app-footer.tsx';
import { EnvironmentBadge } from './environment-badge.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { SideNav } from './side-nav.tsx';
import { UserMenu } from './user-menu.tsx';

// Loaded after the shell: its date rules pull the domain's schemas, which the first page can do without.
const AccessEndBanner = lazy(() =>
  import('./access-end-banner.tsx').then((module) => ({ default: module.AccessEndBanner })),
);

const MODULE = parseModule(import.meta.env.VITE_PILLAR_MODULE);
const DEFAULT_TIMEOUT_MS = 300_000;

/** The signed-in frame: header, side navigation, content, footer (spec 2 §2 "Layout"). */
export function AppLayout() {
  const config = useRuntimeConfig();
  const claims = useClaims();
  const { signOut } = useAuth();
  const context = useAccessContext();
  const { pathname } = useLocation();
  const menu = useMemo(() => visibleMenu(context, MODULE), [context]);
  const [narrow, setNarrow] = useState(false);
  const [navOpen, setNavOpen] = useState(true);
  const [profileOpen, setProfileOpen] = useState(false);
  // Mounted on first use and kept, so the drawer can animate closed.
  const [profileUsed, setProfileUsed] = useState(false);
  usePageTitle();

  // Route changes start at the top of the page (spec 2 §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const logout = useCallback(() => {
    void signOut();
  }, [signOut]);
  const closeNavOnNarrow = useCallback(() => {
    if (narrow) setNavOpen(false);
  }, [narrow]);

  const timeoutMs =
    claims.sessionTimeoutMs ||
    (claims.userType === 'i' ? config.session.internalTimeoutMs : config.session.timeoutMs) ||
    DEFAULT_TIMEOUT_MS;

  return (
    <Layout className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <Layout.Header className="app-header">
        {narrow && (
          <Button
            type="text"
            className="header-link"
            icon={<MenuOutlined />}
            aria-label={navOpen ? 'Hide navigation' : 'Show navigation'}
            aria-expanded={navOpen}
            aria-controls="side-navigation"
            onClick={() => setNavOpen((open) => !open)}
          />
        )}
        <Link to="/home" className="app-title">
          {config.productTitle}
        </Link>
        <div className="app-header__actions">
          {config.links.feedback && (
            <a
              className="header-link"
              href={config.links.feedback}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageOutlined aria-hidden /> <span className="header-link__text">Feedback</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          <Link className="header-link" to="/help">
            <QuestionCircleOutlined aria-hidden /> <span className="header-link__text">Help</span>
          </Link>
          <UserMenu
            onProfile={() => {
              setProfileUsed(true);
              setProfileOpen(true);
            }}
            onLogout={logout}
          />
        </div>
      </Layout.Header>
      <Layout hasSider className="app-body">
        <Layout.Sider
          id="side-navigation"
          theme="light"
          width={248}
          breakpoint="xl"
          collapsedWidth={0}
          collapsed={narrow && !navOpen}
          trigger={null}
          onBreakpoint={(broken) => {
            setNarrow(broken);
            setNavOpen(!broken);
          }}
          className="app-sider"
        >
          {/* A collapsed navigation must not hold keyboard focus while out of sight. */}
          <div className="app-sider__inner" inert={narrow && !navOpen}>
            <SideNav menu={menu} onNavigate={closeNavOnNarrow} />
            <EnvironmentBadge />
          </div>
        </Layout.Sider>
        <Layout className="app-main">
          <Suspense fallback={null}>
            <AccessEndBanner />
          </Suspense>
          <Layout.Content id="main-content" tabIndex={-1} className="app-content">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          <AppFooter />
        </Layout>
      </Layout>
      <InactivityMonitor
        timeoutMs={timeoutMs}
        warningMs={config.session.warningMs}
        onTimeout={logout}
      />
      {profileUsed && (
        <Suspense fallback={null}>
          <ProfileDrawer open={profileOpen} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
