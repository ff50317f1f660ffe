import { Layout } from 'antd';
import { Link } from 'react-router';
import { useRuntimeConfig } from '../../shared/config/runtime-config.ts';

export function AppFooter() {
  const { productTitle, links } = useRuntimeConfig();
  const terms = links.terms || '/terms';
  const year = new Date().getFullYear();
  return (
    <Layout.Footer className="app-footer">
      <span>
        © {year} {productTitle}
      </span>
      {terms.startsWith('/') ? (
        <Link to={terms}>Terms of Use</Link>
      ) : (
        <a href={terms} target="_blank" rel="noopener noreferrer">
          Terms of Use
        </a>
      )}
    </Layout.Footer>
  );
}
