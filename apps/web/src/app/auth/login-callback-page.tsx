import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PageSpinner } from '../layout/page-spinner.tsx';
import { useAuth } from './auth-context.ts';

/** /login/callback: completes the code + PKCE exchange and returns where the user was going. */
export function LoginCallbackPage() {
  usePageTitle('Signing In');
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    completeSignIn()
      .then((returnTo) => navigate(returnTo, { replace: true }))
      .catch((error: unknown) => {
        console.error('Sign-in could not be completed', error);
        setFailed(true);
      });
  }, [completeSignIn, navigate]);

  if (failed) {
    return (
      <main className="standalone-page" id="main-content">
        <Result
          status="error"
          title={<h1 className="result-heading">Sign-in did not complete</h1>}
          subTitle="Your sign-in could not be confirmed. It may have expired; please sign in again."
          extra={
            <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
              Sign In Again
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main className="standalone-page" id="main-content">
      <h1 className="sr-only">Signing in</h1>
      <PageSpinner label="Completing sign in…" />
    </main>
  );
}
