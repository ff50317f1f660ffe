import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PageSpinner } from '../layout/page-spinner.tsx';
import { safeReturnPath, useAuth } from './auth-context.ts';

/** /login: sends the user to the identity provider, remembering where they were going. */
export function LoginPage() {
  usePageTitle('Sign In');
  const { status, signIn } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { from?: string } | null)?.from;
  const returnTo = safeReturnPath(params.get('returnTo') ?? fromState);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (status !== 'signedOut') return;
    signIn(returnTo).catch((error: unknown) => {
      console.error('Sign-in could not start', error);
      setFailed(true);
    });
  }, [status, signIn, returnTo]);

  if (status === 'signedIn') return <Navigate to={returnTo} replace />;
  if (failed) {
    return (
      <main className="standalone-page" id="main-content">
        <Result
          status="error"
          title={<h1 className="result-heading">Sign-in is unavailable</h1>}
          subTitle="The sign-in service could not be reached. Please try again in a moment."
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              Try Again
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main className="standalone-page" id="main-content">
      <h1 className="sr-only">Signing in</h1>
      <PageSpinner label="Redirecting to sign in…" />
    </main>
  );
}
