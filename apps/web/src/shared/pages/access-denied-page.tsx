import { Result } from 'antd';
import { ACCESS_DENIED_MESSAGE } from '@pillar/domain';
import { usePageTitle } from '../page/use-page-title.ts';
import { GoBackButton } from './go-back-button.tsx';

export function AccessDeniedPage() {
  usePageTitle('Access Denied');
  return (
    <Result
      status="403"
      title={<h1 className="result-heading">Access denied</h1>}
      subTitle={ACCESS_DENIED_MESSAGE}
      extra={<GoBackButton />}
    />
  );
}
