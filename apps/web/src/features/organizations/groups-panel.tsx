import { Alert, Button, Table, type TablePaginationConfig, type TableProps } from 'antd';
import { useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  formatDate,
  offsetOfPage,
  type BenefitGroup,
  type OrganizationDetail,
} from '@pillar/domain';
import { describeError } from '../../shared/notifications/notify.ts';
import { StatusTag } from '../../shared/status/status-tag.tsx';
import { useGroups } from '../../entities/organization/index.ts';
import { GroupFeesDrawer } from './group-fees-drawer.tsx';
import { GroupSummaryDrawer } from './group-summary-drawer.tsx';
import { PanelCard } from '../../shared/page/panel-card.tsx';

type Sort = { field: string; direction: 'asc' | 'desc' } | null;
type Sorter = Parameters<NonNullable<TableProps<BenefitGroup>['onChange']>>[2];

/** Groups: Group ID, Group (summary drawer), Effective Date, Status and View Fees (spec 1 §2). */
export function GroupsPanel({ organization }: { organization: OrganizationDetail }) {
  const orgId = organization.organizationNo;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<Sort>(null);
  const [summaryOf, setSummaryOf] = useState<BenefitGroup | null>(null);
  const [feesOf, setFeesOf] = useState<BenefitGroup | null>(null);
  const groups = useGroups(orgId, {
    limit: pageSize,
    offset: offsetOfPage(page, pageSize),
    sort: sort ? `${sort.field}:${sort.direction}` : undefined,
  });

  const sortOrder = (field: string): 'ascend' | 'descend' | null =>
    sort?.field === field ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null;
  const sortable = (field: string) => ({
    key: field,
    sorter: true,
    sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
    sortOrder: sortOrder(field),
  });

  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: Sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const next: Sort = single?.order
      ? { field: String(single.columnKey), direction: single.order === 'descend' ? 'desc' : 'asc' }
      : null;
    const size = pagination.pageSize ?? pageSize;
    const changed = JSON.stringify(next) !== JSON.stringify(sort) || size !== pageSize;
    setSort(next);
    setPageSize(size);
    setPage(changed ? 1 : (pagination.current ?? 1));
  };

  return (
    <PanelCard title="Groups">
      {groups.isError && (
        <Alert
          type="error"
          showIcon
          title="The groups could not be loaded."
          description={describeError(groups.error).description}
        />
      )}
      <Table<BenefitGroup>
        rowKey="benefitGroupNo"
        size="middle"
        loading={groups.isFetching}
        dataSource={groups.data?.data ?? []}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No groups' }}
        pagination={{
          current: page,
          pageSize,
          total: groups.data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          hideOnSinglePage: false,
          showTotal: (count) => `${count} groups`,
        }}
        columns={[
          { title: 'Group ID', dataIndex: 'benefitGroupId', ...sortable('groupId') },
          {
            title: 'Group',
            dataIndex: 'name',
            ...sortable('name'),
            render: (name: string, group) => (
              <Button type="link" className="table-link" onClick={() => setSummaryOf(group)}>
                {name}
              </Button>
            ),
          },
          {
            title: 'Effective Date',
            dataIndex: 'effectiveDate',
            ...sortable('effectiveDate'),
            render: (date: string) => formatDate(date),
          },
          {
            title: 'Status',
            dataIndex: 'processStatus',
            ...sortable('processStatus'),
            render: (status: number, group) => (
              <StatusTag status={status} expirationDate={group.expirationDate} />
            ),
          },
          {
            title: 'Fees',
            key: 'fees',
            render: (_: unknown, group) => (
              <Button
                type="link"
                className="table-link"
                aria-label={`View Fees of ${group.name}`}
                onClick={() => setFeesOf(group)}
              >
                View Fees
              </Button>
            ),
          },
        ]}
      />
      <GroupSummaryDrawer
        organization={organization}
        group={summaryOf}
        onClose={() => setSummaryOf(null)}
      />
      <GroupFeesDrawer orgId={orgId} group={feesOf} onClose={() => setFeesOf(null)} />
    </PanelCard>
  );
}
