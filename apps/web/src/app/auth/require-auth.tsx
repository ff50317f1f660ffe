import { Button, Result, Space } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { describeError } from '../../shared/notifications/notify.ts';
import { useClaimsQuery } from '../../shared/auth/get-claims.ts';
import { buildUserAccess, UserAccessContext } from '../../shared/permissions/user-access.ts';
import { PageSpinner } from '../layout/page-spinner.tsx';
import { useAuth } from './auth-context.ts';

/** Signed-in area: unauthenticated users go to /login, and nothing renders before the claims. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signOut } = useAuth();
  const location = useLocation();
  const claims = useClaimsQuery(status === 'signedIn');
  const access = useMemo(() => (claims.data ? buildUserAccess(claims.data) : null), [claims.data]);

  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedOut') {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }
  if (claims.isError) {
    return (
      <main className="standalone-page" id="main-content">
        <Result
          status="error"
          title={<h1 className="result-heading">Your access could not be loaded</h1>}
          subTitle={describeError(claims.error).description}
          extra={
            <Space>
              <Button type="primary" onClick={() => void claims.refetch()}>
                Try Again
              </Button>
              <Button onClick={() => void signOut()}>Logout</Button>
            </Space>
          }
        />
      </main>
    );
  }
  if (!access) return <PageSpinner label="Loading your access…" />;
  return <UserAccessContext.Provider value={access}>{children}</UserAccessContext.Provider>;
}

/** The root path: home for signed-in users, sign-in for everyone else. */
export function RootRedirect() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  return <Navigate to={status === 'signedIn' ? '/home' : '/login'} replace />;
}
