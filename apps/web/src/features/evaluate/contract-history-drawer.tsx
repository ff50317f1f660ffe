import { Alert, Button, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  EVALUATE_HISTORY_PARTS,
  type EvaluateHistoryPart,
  type EvaluateVersion,
} from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePagedTableState } from '../../shared/search-table/paged-table.tsx';
import { useVersionPair, useVersions, type VersionRef } from '../../entities/opportunity/index.ts';
import { formatInstant } from './time-since.ts';
import { diffVersions, type DiffRow } from './version-diff.ts';

/** The parts' names as the Incumbent Info tab titles them. */
export const PART_LABELS: Record<EvaluateHistoryPart, string> = {
  opportunity: 'Basic Information',
  contract: 'Contract Information',
  fees: 'Fees',
  credits: 'Credits',
  renewals: 'Renewals and Competitors',
  aggregates: 'Aggregate Data',
  contacts: 'Contact List',
  insights: 'Additional Insights',
  pricingFees: 'RxB Pricing Fees',
  pricingCredits: 'RxB Pricing Credits',
};

const PART_OPTIONS = [
  { value: 'all', label: 'All parts' },
  ...EVALUATE_HISTORY_PARTS.map((part) => ({ value: part, label: PART_LABELS[part] })),
];

function keyOf(version: VersionRef): string {
  return `${version.part}:${version.versionNo}`;
}

function versionTitle(version: EvaluateVersion): string {
  return `${PART_LABELS[version.part]} v${version.versionNo}, ${formatInstant(version.savedAt)}${
    version.savedBy ? ` by ${version.savedBy}` : ''
  }`;
}

/** The two chosen versions side by side, the changed fields marked in words and colour. */
function VersionComparison({
  opportunityId,
  pair,
}: {
  opportunityId: number;
  pair: readonly [EvaluateVersion, EvaluateVersion];
}) {
  const [onlyChanges, setOnlyChanges] = useState(false);
  const [older, newer] = pair;
  const results = useVersionPair(opportunityId, pair);
  const failed = results.find((result) => result.isError);
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title="These versions could not be loaded."
        description={describeError(failed.error).description}
      />
    );
  }
  const [left, right] = results.map((result) => result.data);
  const all = left && right ? diffVersions(left.state, right.state) : [];
  const rows = onlyChanges ? all.filter((row) => row.changed) : all;
  const changedCount = all.filter((row) => row.changed).length;
  return (
    <section aria-label="Version comparison" className="version-compare">
      <Space className="version-compare__head" wrap>
        <Typography.Title level={3}>Comparison</Typography.Title>
        <span>
          {changedCount} field{changedCount === 1 ? '' : 's'} changed
        </span>
        <Switch
          checked={onlyChanges}
          onChange={setOnlyChanges}
          aria-label="Show only changed fields"
        />
        <span aria-hidden="true">Only changed fields</span>
      </Space>
      <Table<DiffRow>
        size="small"
        rowKey="path"
        loading={!left || !right}
        pagination={false}
        dataSource={rows}
        rowClassName={(row) => (row.changed ? 'version-compare__changed' : '')}
        columns={[
          {
            title: 'Field',
            dataIndex: 'label',
            width: '36%',
            render: (label: string, row) => (
              <span>
                {label}
                {row.changed && (
                  <Tag color="orange" className="version-compare__tag">
                    Changed
                  </Tag>
                )}
              </span>
            ),
          },
          { title: versionTitle(older), dataIndex: 'left' },
          { title: versionTitle(newer), dataIndex: 'right' },
        ]}
        // Fixed columns that wrap, not a sideways scroll: the drawer is narrow at 1024 px.
        tableLayout="fixed"
      />
    </section>
  );
}

/**
 * The contract history (issue 18): every save of a part of the incumbent's terms is a version
 * (who, when, which part); choosing two shows them side by side, so "what did we assume in
 * March?" has an answer.
 */
export function ContractHistoryDrawer({
  opportunityId,
  open,
  onClose,
}: {
  opportunityId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [part, setPart] = useState<EvaluateHistoryPart | 'all'>('contract');
  const { state, onStateChange, query } = usePagedTableState();
  const versions = useVersions(
    opportunityId,
    { part: part === 'all' ? undefined : part, limit: query.limit, offset: query.offset },
    open,
  );
  const [chosen, setChosen] = useState<EvaluateVersion[]>([]);
  const [compared, setCompared] = useState<readonly [EvaluateVersion, EvaluateVersion] | null>(
    null,
  );

  const compare = () => {
    const [a, b] = [...chosen].sort((x, y) => x.savedAt.localeCompare(y.savedAt));
    if (a && b) setCompared([a, b]);
  };

  return (
    <AppDrawer
      title="Contract History"
      size="wide"
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) {
          setChosen([]);
          setCompared(null);
        }
      }}
    >
      <Space className="history-toolbar" wrap>
        <label htmlFor="history-part">Part</label>
        <Select
          id="history-part"
          value={part}
          options={PART_OPTIONS}
          className="history-toolbar__part"
          onChange={(value) => {
            setPart(value);
            setChosen([]);
            setCompared(null);
            onStateChange({ page: 1, pageSize: state.pageSize, sort: null });
          }}
        />
        <Button type="primary" disabled={chosen.length !== 2} onClick={compare}>
          Compare Selected
        </Button>
        <span className="history-toolbar__hint">Choose two versions to compare them.</span>
      </Space>
      {versions.isError ? (
        <Alert
          type="error"
          showIcon
          title="The history could not be loaded."
          description={describeError(versions.error).description}
        />
      ) : (
        <Table<EvaluateVersion>
          size="small"
          aria-label="Versions"
          rowKey={keyOf}
          loading={versions.isFetching}
          dataSource={versions.data?.data ?? []}
          locale={{ emptyText: <span className="evaluate-empty">No saved versions yet</span> }}
          rowSelection={{
            selectedRowKeys: chosen.map(keyOf),
            hideSelectAll: true,
            onChange: (_keys, rows) => setChosen(rows.slice(-2)),
            getCheckboxProps: (row) => ({
              'aria-label': `Choose ${versionTitle(row)}`,
              disabled: chosen.length >= 2 && !chosen.some((c) => keyOf(c) === keyOf(row)),
            }),
          }}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total: versions.data?.totalCount ?? 0,
            onChange: (page, pageSize) => onStateChange({ page, pageSize, sort: null }),
          }}
          columns={[
            {
              title: 'Part',
              dataIndex: 'part',
              render: (p: EvaluateHistoryPart) => PART_LABELS[p],
            },
            { title: 'Version', dataIndex: 'versionNo' },
            { title: 'Saved By', dataIndex: 'savedBy', render: (by: string | null) => by ?? '—' },
            { title: 'Saved At', dataIndex: 'savedAt', render: formatInstant },
          ]}
        />
      )}
      {compared && <VersionComparison opportunityId={opportunityId} pair={compared} />}
    </AppDrawer>
  );
}
