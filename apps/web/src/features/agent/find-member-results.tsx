import { Table, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { agentMemberPath, formatDate, type AgentSearchRow, type Page } from '@pillar/domain';
import { StatusTag } from '../../shared/status/status-tag.tsx';

const columns: TableColumnsType<AgentSearchRow> = [
  {
    title: 'Name',
    key: 'name',
    render: (_, row) => `${row.lastName}, ${row.firstName}`,
  },
  { title: 'Birth Date', dataIndex: 'birthdate', render: (value: string) => formatDate(value) },
  { title: 'Zip Code', dataIndex: 'zipCode' },
  { title: 'Member ID', dataIndex: 'memberId' },
  { title: 'Client ID', dataIndex: 'clientId' },
  { title: 'Alternate ID', dataIndex: 'alternateId' },
  {
    title: 'Member',
    key: 'kind',
    render: (_, row) => (row.dependentNo === null ? 'Employee' : 'Dependent'),
  },
  { title: 'Organization', dataIndex: 'organizationName' },
  {
    title: 'Status',
    key: 'status',
    render: (_, row) => (
      <StatusTag status={row.processStatus} expirationDate={row.expirationDate} wording="agent" />
    ),
  },
  {
    title: 'Expiration Date',
    dataIndex: 'expirationDate',
    render: (value: string | null) => formatDate(value),
  },
];

export interface FindMemberResultsProps {
  page: Page<AgentSearchRow> | undefined;
  loading: boolean;
  /** 1-based page and its size. */
  current: number;
  pageSize: number;
  onPage: (current: number, pageSize: number) => void;
}

/**
 * Find Member's results (spec 2 §2: the row's fields); choosing a row opens the member detail,
 * a dependent's under its member.
 */
export function FindMemberResults({
  page,
  loading,
  current,
  pageSize,
  onPage,
}: FindMemberResultsProps) {
  const navigate = useNavigate();
  const total = page?.totalCount ?? 0;
  return (
    <Table<AgentSearchRow>
      className="agent-find-member__results"
      aria-label="Members found"
      rowKey={(row) => `${row.employeeNo}/${row.dependentNo ?? ''}`}
      columns={[
        {
          ...columns[0]!,
          render: (_, row) => (
            <a
              href={agentMemberPath(row)}
              onClick={(event) => {
                event.preventDefault();
                void navigate(agentMemberPath(row));
              }}
            >
              {row.lastName}, {row.firstName}
            </a>
          ),
        },
        ...columns.slice(1),
      ]}
      dataSource={page?.data ?? []}
      loading={loading}
      locale={{ emptyText: 'No data' }}
      onRow={(row) => ({
        onClick: (event) => {
          // The name's link handles its own click.
          if ((event.target as HTMLElement).closest('a')) return;
          void navigate(agentMemberPath(row));
        },
        className: 'agent-find-member__row',
      })}
      pagination={{
        current,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (n) =>
          page?.totalCountCapped ? `${n.toLocaleString()}+ members` : `${n} members`,
        onChange: onPage,
      }}
      scroll={{ x: 'max-content' }}
    />
  );
}
