import { Alert, Button, Form, Input, Modal, Radio, Table, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CRM_SEARCH_LIMIT, type CrmOpportunity } from '@pillar/domain';
import { notifyError } from '../../shared/notifications/notify.ts';
import {
  CRM_FAILURE_MESSAGE,
  StageTag,
  isCrmFailure,
  sfIdRule,
  useCreateOpportunity,
  useCrmSearch,
  type CrmSearch,
} from '../../entities/opportunity/index.ts';

type FindBy = 'name' | 'id';

const COLUMNS: TableColumnType<CrmOpportunity>[] = [
  {
    title: 'Employer',
    dataIndex: 'employer',
    render: (employer: string, row) => (
      <div className="crm-find__employer">
        <span>{employer}</span>
        <span className="crm-find__opportunity">{row.name}</span>
      </div>
    ),
  },
  { title: 'Salesforce ID', dataIndex: 'sfId' },
  { title: 'Owner', key: 'owner', render: (_: unknown, row) => row.owner?.name ?? '—' },
  {
    title: 'Stage',
    dataIndex: 'stage',
    render: (stage: number | null) => <StageTag stage={stage} />,
  },
];

/**
 * 'Find Opportunity in SalesForce' (spec 3 §2, §5): a search by employer name (the first 25
 * shown) or by Salesforce ID (at least 15 characters); choosing a row creates the prospect
 * opportunity (or finds the one already made from it) and opens it.
 */
export function FindOpportunityModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ by: FindBy; term: string }>();
  const by = Form.useWatch('by', form) ?? 'name';
  const [search, setSearch] = useState<CrmSearch | null>(null);
  const results = useCrmSearch(search);
  const create = useCreateOpportunity();
  const navigate = useNavigate();

  const close = () => {
    form.resetFields();
    setSearch(null);
    onClose();
  };

  // The same search again asks the CRM again (after a failure, or for what changed since).
  const runSearch = (next: CrmSearch) => {
    if (search?.by === next.by && search.term === next.term) void results.refetch();
    else setSearch(next);
  };

  const choose = (row: CrmOpportunity) => {
    create.mutate(row.sfId, {
      onSuccess: (opportunity) => {
        close();
        void navigate(`/evaluate/opportunities/${opportunity.id}/incumbent`);
      },
      onError: (error) => notifyError(error, isCrmFailure(error) ? CRM_FAILURE_MESSAGE : 'Error'),
    });
  };

  const failed = results.isError;
  return (
    <Modal
      open={open}
      title="Find Opportunity in SalesForce"
      onCancel={close}
      footer={null}
      width={900}
    >
      <Form
        form={form}
        name="crm-find"
        layout="vertical"
        initialValues={{ by: 'name', term: '' }}
        onFinish={({ by: kind, term }) => runSearch({ by: kind, term: term.trim() })}
      >
        <Form.Item name="by" label="Find by">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'name', label: 'Employer Name' },
              { value: 'id', label: 'Salesforce ID' },
            ]}
            onChange={() => {
              form.setFields([{ name: 'term', errors: [] }]);
              setSearch(null);
            }}
          />
        </Form.Item>
        <div className="crm-find__row">
          <Form.Item
            name="term"
            label={by === 'id' ? 'Salesforce ID' : 'Employer Name'}
            className="crm-find__term"
            rules={
              by === 'id'
                ? [sfIdRule()]
                : [
                    { required: true, whitespace: true, message: 'Employer Name is required' },
                    { max: 100, message: 'Employer Name must not exceed 100 characters' },
                  ]
            }
          >
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={results.isFetching}>
            Search
          </Button>
        </div>
      </Form>
      {failed && (
        <Alert type="error" showIcon title={CRM_FAILURE_MESSAGE} className="crm-find__error" />
      )}
      {search && !failed && (
        <Table<CrmOpportunity>
          size="small"
          rowKey="sfId"
          aria-label="Salesforce opportunities"
          columns={[
            ...COLUMNS,
            {
              title: 'Action',
              key: 'action',
              render: (_: unknown, row) => (
                <Button
                  type="link"
                  size="small"
                  loading={create.isPending && create.variables === row.sfId}
                  disabled={create.isPending}
                  aria-label={`Select ${row.employer}: ${row.name}`}
                  onClick={() => choose(row)}
                >
                  Select
                </Button>
              ),
            },
          ]}
          dataSource={results.data ?? []}
          loading={results.isFetching}
          pagination={false}
          locale={{
            emptyText: <span className="evaluate-empty">No opportunities found in Salesforce</span>,
          }}
          footer={
            (results.data?.length ?? 0) >= CRM_SEARCH_LIMIT
              ? () => `The first ${CRM_SEARCH_LIMIT} are shown: narrow the name to find others.`
              : undefined
          }
        />
      )}
    </Modal>
  );
}
