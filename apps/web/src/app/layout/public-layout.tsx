import { Layout } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useRuntimeConfig } from '../../shared/config/runtime-config.ts';
import { AppFooter } from './app-footer.tsx';
import { PageSpinner } from './page-spinner.tsx';

/** Frame of the pages anyone may open: welcome and terms of use. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { productTitle } = useRuntimeConfig();
  return (
    <Layout className="public-shell">
      <Layout.Header className="app-header">
        <Link to="/welcome" className="app-title">
          {productTitle}
        </Link>
      </Layout.Header>
      <Layout.Content className="public-content" id="main-content">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
