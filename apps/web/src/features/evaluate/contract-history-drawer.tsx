import { Alert, Button, Select, Space, Table } from 'antd';
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
import { VersionComparison, useVersionChoice } from './version-history.tsx';

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

/** The two chosen versions side by side (the shared comparison, decision 0140). */
function PartComparison({
  opportunityId,
  pair,
}: {
  opportunityId: number;
  pair: readonly [EvaluateVersion, EvaluateVersion];
}) {
  const results = useVersionPair(opportunityId, pair);
  const [left, right] = results.map((result) => result.data);
  return (
    <VersionComparison
      states={left && right ? [left.state, right.state] : undefined}
      error={results.find((result) => result.isError)?.error}
      titles={[versionTitle(pair[0]), versionTitle(pair[1])]}
      noun="field"
    />
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
  const choice = useVersionChoice<EvaluateVersion>(
    keyOf,
    (x, y) => x.savedAt.localeCompare(y.savedAt),
    versionTitle,
  );

  return (
    <AppDrawer
      title="Contract History"
      size="wide"
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) choice.reset();
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
            choice.reset();
            onStateChange({ page: 1, pageSize: state.pageSize, sort: null });
          }}
        />
        <Button type="primary" disabled={choice.chosen.length !== 2} onClick={choice.compare}>
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
          rowSelection={choice.rowSelection}
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
      {choice.compared && <PartComparison opportunityId={opportunityId} pair={choice.compared} />}
    </AppDrawer>
  );
}
