import { Form, Input, Select } from 'antd';
import { formatDate, type Plan } from '@pillar/domain';
import { SearchTable, type SearchTableColumn } from '../../shared/search-table/search-table.tsx';
import { type SearchParams } from '../../shared/search-table/search-table-state.ts';
import { StatusTag } from '../../shared/status/status-tag.tsx';
import { plansQueryOptions } from '../../entities/organization/index.ts';
import { PanelCard } from '../../shared/page/panel-card.tsx';

const FILTER_NAMES = ['planName', 'planStatus'] as const;
const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '9', label: 'Terminated' },
];

const COLUMNS: SearchTableColumn<Plan>[] = [
  { title: 'Name', dataIndex: 'planName', sortField: 'name' },
  {
    title: 'Status',
    dataIndex: 'planStatus',
    sortField: 'planStatus',
    render: (status: number, plan) => (
      <StatusTag status={status} expirationDate={plan.expirationDate} />
    ),
  },
  {
    title: 'Expiration Date',
    dataIndex: 'expirationDate',
    sortField: 'expirationDate',
    render: (date: string | null) => formatDate(date) || 'N/A',
  },
];

/** Plans: Name, Status, Expiration Date; sortable and filterable (spec 1 §2). */
export function PlansPanel({ orgId }: { orgId: number }) {
  const toQuery = ({ filters, limit, offset, sortParam }: SearchParams) => {
    const text = (name: string) => {
      const value = filters[name];
      return typeof value === 'string' ? value : undefined;
    };
    const status = Number(text('planStatus'));
    return plansQueryOptions(orgId, {
      name: text('planName'),
      planStatus: status === 1 || status === 9 ? status : undefined,
      limit,
      offset,
      sort: sortParam,
    });
  };
  return (
    <PanelCard title="Plans">
      <SearchTable
        prefix="plan"
        filterNames={FILTER_NAMES}
        searchLabel="Plan search"
        columns={COLUMNS}
        rowKey="planNo"
        queryOptions={toQuery}
        emptyText="No plans"
        filters={
          <>
            <Form.Item
              label="Plan Name"
              name="planName"
              rules={[{ max: 120, message: 'Plan Name must not exceed 120 characters' }]}
            >
              <Input allowClear autoComplete="off" />
            </Form.Item>
            <Form.Item label="Plan Status" name="planStatus">
              <Select allowClear options={STATUS_OPTIONS} placeholder="Any status" />
            </Form.Item>
          </>
        }
      />
    </PanelCard>
  );
}
