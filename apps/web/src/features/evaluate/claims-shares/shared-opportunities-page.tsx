import { Alert, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate, type SharedOpportunity } from '@pillar/domain';
import { usePageTitle } from '../../../shared/page/use-page-title.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useSharedOpportunities } from './api.ts';

/**
 * /shared-claims (decision 0144): the opportunities whose claims workflow an internal analyst
 * shared with the signed-in external user: name, shared by, since and until.
 */
export default function SharedOpportunitiesPage() {
  usePageTitle('Shared Claims');
  const list = useSharedOpportunities();
  return (
    <div>
      <header className="page-header">
        <Typography.Title level={1}>Shared Claims</Typography.Title>
      </header>
      {list.isError ? (
        <Alert type="error" showIcon title={describeError(list.error).description} />
      ) : (
        <Table<SharedOpportunity>
          rowKey="id"
          loading={list.isPending}
          pagination={false}
          dataSource={list.data?.data ?? []}
          locale={{ emptyText: 'No opportunities are shared with you' }}
          columns={[
            {
              key: 'name',
              title: 'Opportunity',
              render: (_, row) => <Link to={`/shared-claims/${row.id}`}>{row.name}</Link>,
            },
            { key: 'by', title: 'Shared By', render: (_, row) => row.sharedBy ?? '' },
            {
              key: 'since',
              title: 'Since',
              render: (_, row) => formatDate(row.sharedAt.slice(0, 10)),
            },
            {
              key: 'until',
              title: 'Until',
              render: (_, row) => (row.endsOn ? formatDate(row.endsOn) : 'No end date'),
            },
          ]}
        />
      )}
    </div>
  );
}
