import { CloudDownloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type OpportunityRow, type OpportunityScope } from '@pillar/domain';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { SearchTable, type SearchTableColumn } from '../../shared/search-table/search-table.tsx';
import { type SearchParams } from '../../shared/search-table/search-table-state.ts';
import {
  OPPORTUNITY_STAGE_OPTIONS,
  StageTag,
  listOpportunitiesQueryOptions,
  opportunityScopeParam,
  readOpportunityScope,
  readStageFilter,
} from '../../entities/opportunity/index.ts';
import { FindOpportunityModal } from './find-opportunity-modal.tsx';
import './evaluate.css';

const FILTER_NAMES = ['employer', 'broker', 'sfId', 'owner', 'fa', 'spa', 'status'] as const;
const ARRAY_FILTERS = ['status'] as const;
/** Every text filter's longest accepted value (the server refuses longer ones with a 400). */
const TEXT_MAX = 100;

const COLUMNS: SearchTableColumn<OpportunityRow>[] = [
  {
    title: 'Employer',
    dataIndex: 'employer',
    sortField: 'employer',
    width: 240,
    render: (employer: string, row) => (
      <Link to={`/evaluate/opportunities/${row.id}/incumbent`}>{employer}</Link>
    ),
  },
  { title: 'Broker Account', dataIndex: 'broker', sortField: 'broker', render: dashIfEmpty },
  { title: 'Salesforce ID', dataIndex: 'sfOppId', sortField: 'sfOppId' },
  { title: 'Opp. Owner', dataIndex: 'owner', sortField: 'owner', render: dashIfEmpty },
  { title: 'Financial Analyst', dataIndex: 'fa', sortField: 'fa', render: dashIfEmpty },
  { title: 'SPA', dataIndex: 'spa', sortField: 'spa', render: dashIfEmpty },
  {
    title: 'Stage',
    dataIndex: 'sfStage',
    sortField: 'sfStage',
    render: (stage: number | null) => <StageTag stage={stage} />,
  },
];

function dashIfEmpty(value: string | null | undefined): string {
  return value ? value : '—';
}

function textFilter(filters: SearchParams['filters'], name: string): string | undefined {
  const value = filters[name];
  return typeof value === 'string' ? value : undefined;
}

const TEXT_FILTERS: readonly { name: string; label: string }[] = [
  { name: 'employer', label: 'Employer' },
  { name: 'broker', label: 'Broker Account' },
  { name: 'sfId', label: 'Salesforce ID' },
  { name: 'owner', label: 'Opportunity Owner' },
  { name: 'fa', label: 'Financial Analyst' },
  { name: 'spa', label: 'SPA' },
];

/**
 * /evaluate/opportunities (spec 3 §2 "Evaluate opportunity list"): the prospect opportunities,
 * mine (I own it or analyse it) or all, with the Table Search in the URL, and the button that
 * brings a new one in from Salesforce.
 */
export default function OpportunitiesListPage() {
  usePageTitle('Prospect Opportunities');
  const [searchParams, setSearchParams] = useSearchParams();
  const scope = readOpportunityScope(searchParams.get('scope'));
  const [finding, setFinding] = useState(false);

  const changeScope = (next: OpportunityScope) => {
    const params = new URLSearchParams(searchParams);
    params.set('scope', opportunityScopeParam(next));
    // Another scope is another list: back to its first page.
    params.delete('opp.page');
    setSearchParams(params);
  };

  const toSearch = ({ filters, limit, offset, sortParam }: SearchParams) =>
    listOpportunitiesQueryOptions({
      employer: textFilter(filters, 'employer'),
      broker: textFilter(filters, 'broker'),
      sfId: textFilter(filters, 'sfId'),
      owner: textFilter(filters, 'owner'),
      fa: textFilter(filters, 'fa'),
      spa: textFilter(filters, 'spa'),
      status: readStageFilter(filters.status),
      scope,
      limit,
      offset,
      sort: sortParam,
    });

  return (
    <section className="page">
      <header className="evaluate-list-header">
        <Typography.Title level={1}>Prospect Opportunities</Typography.Title>
        <Button type="primary" icon={<CloudDownloadOutlined />} onClick={() => setFinding(true)}>
          New Opportunity
        </Button>
      </header>
      <Radio.Group
        className="evaluate-scope"
        aria-label="Opportunities shown"
        optionType="button"
        value={opportunityScopeParam(scope)}
        onChange={(event) => changeScope(readOpportunityScope(String(event.target.value)))}
        options={[
          { value: 'my', label: 'Show Mine' },
          { value: 'all', label: 'Show All' },
        ]}
      />
      <SearchTable
        prefix="opp"
        filterNames={FILTER_NAMES}
        arrayFilters={ARRAY_FILTERS}
        searchLabel="Opportunity search"
        columns={COLUMNS}
        rowKey="id"
        queryOptions={toSearch}
        emptyText={<span className="evaluate-empty">No opportunities</span>}
        filters={
          <>
            {TEXT_FILTERS.map(({ name, label }) => (
              <Form.Item
                key={name}
                label={label}
                name={name}
                rules={[
                  { max: TEXT_MAX, message: `${label} must not exceed ${TEXT_MAX} characters` },
                ]}
              >
                <Input allowClear autoComplete="off" />
              </Form.Item>
            ))}
            <Form.Item label="Status" name="status">
              <Select
                mode="multiple"
                allowClear
                placeholder="Any stage"
                options={OPPORTUNITY_STAGE_OPTIONS}
                className="evaluate-status-filter"
              />
            </Form.Item>
          </>
        }
      />
      <FindOpportunityModal open={finding} onClose={() => setFinding(false)} />
    </section>
  );
}
