import { Form, Input, Select, Typography } from 'antd';
import { Link } from 'react-router';
import {
  PROCESS_STATUS_CODES,
  PROCESS_STATUS_LABELS,
  formatDate,
  type OrganizationSummary,
} from '@pillar/domain';
import { DateInput, isoDateRule } from '../../shared/inputs/date-input.tsx';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { SearchTable, type SearchTableColumn } from '../../shared/search-table/search-table.tsx';
import { type SearchParams } from '../../shared/search-table/search-table-state.ts';
import { StatusTag } from '../../shared/status/status-tag.tsx';
import { searchOrganizationsQueryOptions } from '../../entities/organization/index.ts';

const FILTER_NAMES = ['name', 'processStatus', 'effectiveDate', 'expirationDate'] as const;

const STATUS_OPTIONS = PROCESS_STATUS_CODES.map((code) => ({
  value: String(code),
  label: `${code} ${PROCESS_STATUS_LABELS[code]}`,
}));

const COLUMNS: SearchTableColumn<OrganizationSummary>[] = [
  {
    title: 'Name',
    dataIndex: 'name',
    sortField: 'name',
    render: (name: string, row) => (
      <Link to={`/organizations/${row.organizationNo}/dashboard`}>{name}</Link>
    ),
  },
  { title: 'Type', dataIndex: 'type', sortField: 'type' },
  {
    title: 'Effective Date',
    dataIndex: 'effectiveDate',
    sortField: 'effectiveDate',
    render: (date: string) => formatDate(date),
  },
  {
    title: 'Status',
    dataIndex: 'processStatus',
    sortField: 'processStatus',
    render: (status: number, row) => (
      <StatusTag status={status} expirationDate={row.expirationDate} />
    ),
  },
];

function toSearch({ filters, limit, offset, sortParam }: SearchParams) {
  const text = (name: string) => {
    const value = filters[name];
    return typeof value === 'string' ? value : undefined;
  };
  const status = Number(text('processStatus'));
  return searchOrganizationsQueryOptions({
    name: text('name'),
    processStatus: Number.isInteger(status) && status > 0 ? status : undefined,
    effectiveDate: text('effectiveDate'),
    expirationDate: text('expirationDate'),
    limit,
    offset,
    sort: sortParam,
  });
}

/** /organizations: the organizations in the user's scope (spec 1 §2). */
export default function OrganizationsListPage() {
  usePageTitle('Organizations');
  return (
    <section className="page">
      <Typography.Title level={1}>Organizations</Typography.Title>
      <SearchTable
        prefix="org"
        filterNames={FILTER_NAMES}
        searchLabel="Organization search"
        columns={COLUMNS}
        rowKey="organizationNo"
        queryOptions={toSearch}
        filters={
          <>
            <Form.Item
              label="Name"
              name="name"
              rules={[{ max: 120, message: 'Name must not exceed 120 characters' }]}
            >
              <Input allowClear autoComplete="off" />
            </Form.Item>
            <Form.Item label="Status" name="processStatus">
              <Select allowClear options={STATUS_OPTIONS} placeholder="Any status" />
            </Form.Item>
            <Form.Item
              label="Effective Date"
              name="effectiveDate"
              rules={[isoDateRule('Effective Date')]}
            >
              <DateInput />
            </Form.Item>
            <Form.Item
              label="Termination Date"
              name="expirationDate"
              rules={[isoDateRule('Termination Date')]}
            >
              <DateInput />
            </Form.Item>
          </>
        }
      />
    </section>
  );
}
