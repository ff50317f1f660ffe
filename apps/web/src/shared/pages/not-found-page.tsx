import { Result } from 'antd';
import { NOT_FOUND_PAGE_MESSAGE } from '@pillar/domain';
import { usePageTitle } from '../page/use-page-title.ts';
import { GoBackButton } from './go-back-button.tsx';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Result
      status="404"
      title={<h1 className="result-heading">Page not found</h1>}
      subTitle={NOT_FOUND_PAGE_MESSAGE}
      extra={<GoBackButton />}
    />
  );
}
