import { Alert, Button, Space, Spin, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  RATE_CARD_PBMS,
  formatDate,
  type RateCardList,
  type RateCardPbm,
  type RateCardVersionStatus,
  type RateCardVersionSummary,
} from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { usePageTitle } from '../../../shared/page/use-page-title.ts';
import { useRateCardVersion, useRateCards } from '../../../entities/rate-card/index.ts';
import { formatInstant } from '../time-since.ts';
import { diffVersions, type DiffRow } from '../version-diff.ts';
import { RateCardForm } from './rate-card-form.tsx';
import { RateCardTermsView } from './rate-card-terms.tsx';
import '../evaluate.css';
import './rate-cards.css';

const STATUS_COLORS: Record<RateCardVersionStatus, string> = {
  'In force': 'green',
  Scheduled: 'blue',
  Superseded: 'default',
};

function StatusTag({ status }: { status: RateCardVersionStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} className="rate-card-status">
      {status}
    </Tag>
  );
}

const savedBy = (v: RateCardVersionSummary) => v.createdByName ?? 'System (illustrative seed)';
const versionTitle = (v: RateCardVersionSummary) =>
  `Effective ${formatDate(v.effectiveDate)} (v${v.versionNo})`;

/** Two versions side by side, the changed terms marked in words and colour. */
function VersionComparison({
  pair,
}: {
  pair: readonly [RateCardVersionSummary, RateCardVersionSummary];
}) {
  const [onlyChanges, setOnlyChanges] = useState(true);
  const left = useRateCardVersion(pair[0].versionNo);
  const right = useRateCardVersion(pair[1].versionNo);
  const failed = [left, right].find((q) => q.isError);
  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        title="These versions could not be loaded."
        description={describeError(failed.error).description}
      />
    );
  const all = left.data && right.data ? diffVersions(left.data.terms, right.data.terms) : [];
  const rows = onlyChanges ? all.filter((r) => r.changed) : all;
  const changed = all.filter((r) => r.changed).length;
  return (
    <section aria-label="Version comparison" className="version-compare">
      <Space className="version-compare__head" wrap>
        <Typography.Title level={3}>Comparison</Typography.Title>
        <span>
          {changed} term{changed === 1 ? '' : 's'} changed
        </span>
        <Switch
          checked={onlyChanges}
          onChange={setOnlyChanges}
          aria-label="Show only changed terms"
        />
        <span aria-hidden="true">Only changed terms</span>
      </Space>
      <Table<DiffRow>
        size="small"
        rowKey="path"
        loading={!left.data || !right.data}
        pagination={false}
        dataSource={rows}
        rowClassName={(row) => (row.changed ? 'version-compare__changed' : '')}
        tableLayout="fixed"
        locale={{
          emptyText: <span className="evaluate-empty">The two versions have the same terms</span>,
        }}
        columns={[
          { title: 'Term', dataIndex: 'label', width: '40%' },
          { title: versionTitle(pair[0]), dataIndex: 'left' },
          { title: versionTitle(pair[1]), dataIndex: 'right' },
        ]}
      />
    </section>
  );
}

function History({ versions }: { versions: RateCardVersionSummary[] }) {
  const [chosen, setChosen] = useState<RateCardVersionSummary[]>([]);
  const [compared, setCompared] = useState<
    readonly [RateCardVersionSummary, RateCardVersionSummary] | null
  >(null);
  const compare = () => {
    const [a, b] = [...chosen].sort(
      (x, y) => x.effectiveDate.localeCompare(y.effectiveDate) || x.versionNo - y.versionNo,
    );
    if (a && b) setCompared([a, b]);
  };
  return (
    <PanelCard
      title="History"
      block="rate-card-panel"
      extra={
        <Button disabled={chosen.length !== 2} onClick={compare}>
          Compare Selected
        </Button>
      }
    >
      <Table<RateCardVersionSummary>
        size="small"
        aria-label="Versions"
        rowKey="versionNo"
        pagination={false}
        dataSource={versions}
        rowSelection={{
          selectedRowKeys: chosen.map((v) => v.versionNo),
          hideSelectAll: true,
          onChange: (_keys, rows) => setChosen(rows.slice(-2)),
          getCheckboxProps: (row) => ({ 'aria-label': `Choose ${versionTitle(row)}` }),
        }}
        columns={[
          {
            title: 'Effective Date',
            dataIndex: 'effectiveDate',
            render: (d: string) => formatDate(d),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: RateCardVersionStatus) => <StatusTag status={s} />,
          },
          { title: 'Note', dataIndex: 'note', render: (n: string | null) => n ?? '—' },
          { title: 'Saved By', key: 'by', render: (_: unknown, v) => savedBy(v) },
          {
            title: 'Saved At',
            dataIndex: 'createdAt',
            render: (at: string) => formatInstant(at),
          },
        ]}
      />
      <Typography.Paragraph className="rate-card-hint">
        Choose two versions to compare their terms.
      </Typography.Paragraph>
      {compared && (
        <VersionComparison key={compared.map((v) => v.versionNo).join('-')} pair={compared} />
      )}
    </PanelCard>
  );
}

function PbmCard({ entry, asOf }: { entry: RateCardList['pbms'][number]; asOf: string }) {
  const [editing, setEditing] = useState(false);
  const current = entry.inForce;
  const latest = entry.versions[0]?.effectiveDate ?? null;
  const defaultDate = latest && latest > asOf ? latest : asOf;
  return (
    <Space direction="vertical" size="middle" className="rate-card-tab">
      {editing ? (
        <PanelCard title={`New Version of the ${entry.name} Card`} block="rate-card-panel">
          <RateCardForm
            pbm={entry.pbm}
            current={current}
            latestEffectiveDate={latest}
            defaultEffectiveDate={defaultDate}
            onDone={() => setEditing(false)}
          />
        </PanelCard>
      ) : (
        <PanelCard
          title="Card in Force"
          block="rate-card-panel"
          extra={
            <Button type="primary" onClick={() => setEditing(true)} disabled={!current}>
              Edit Card
            </Button>
          }
        >
          {current ? (
            <>
              <p className="rate-card-meta">
                <StatusTag status={current.status} /> Effective{' '}
                <strong>{formatDate(current.effectiveDate)}</strong>, saved by {savedBy(current)} on{' '}
                {formatInstant(current.createdAt)}
                {current.note && <> — {current.note}</>}
              </p>
              <RateCardTermsView terms={current.terms} />
            </>
          ) : (
            <span className="evaluate-empty">No card is in force yet</span>
          )}
        </PanelCard>
      )}
      <History versions={entry.versions} />
    </Space>
  );
}

/**
 * The Rate Cards page (issue 19 "PBM offerings", decision 0130): per PBM the card in force with
 * its terms, an edit form that saves a new version, and the history with a side-by-side
 * comparison of any two versions.
 */
export default function RateCardsPage() {
  usePageTitle('Rate Cards');
  const cards = useRateCards();
  const [tab, setTab] = useState<RateCardPbm>(RATE_CARD_PBMS[0]);
  return (
    <section className="page">
      <header className="evaluate-list-header">
        <Typography.Title level={1}>Rate Cards</Typography.Title>
      </header>
      <Typography.Paragraph>
        The PBM offerings the financial analysis prices with: each PBM&apos;s terms and the
        adjustments of its options. An edit is a new version from its effective date.
      </Typography.Paragraph>
      {cards.isError ? (
        <Alert
          type="error"
          showIcon
          title="The rate cards could not be loaded."
          description={describeError(cards.error).description}
        />
      ) : !cards.data ? (
        <Spin />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as RateCardPbm)}
          items={cards.data.pbms.map((entry) => ({
            key: entry.pbm,
            label: entry.name,
            children: <PbmCard entry={entry} asOf={cards.data.asOf} />,
          }))}
        />
      )}
    </section>
  );
}
