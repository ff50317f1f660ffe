import { Alert, Button, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
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
import { VersionComparison, useVersionChoice } from '../version-history.tsx';
import { PriceFilesTab } from './price-files-tab.tsx';
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

/** Two versions side by side (the shared comparison, decision 0140). */
function TermsComparison({
  pair,
}: {
  pair: readonly [RateCardVersionSummary, RateCardVersionSummary];
}) {
  const left = useRateCardVersion(pair[0].versionNo);
  const right = useRateCardVersion(pair[1].versionNo);
  return (
    <VersionComparison
      states={left.data && right.data ? [left.data.terms, right.data.terms] : undefined}
      error={[left, right].find((q) => q.isError)?.error}
      titles={[versionTitle(pair[0]), versionTitle(pair[1])]}
      noun="term"
      onlyChangesFirst
    />
  );
}

function History({ versions }: { versions: RateCardVersionSummary[] }) {
  const choice = useVersionChoice<RateCardVersionSummary>(
    (v) => v.versionNo,
    (x, y) => x.effectiveDate.localeCompare(y.effectiveDate) || x.versionNo - y.versionNo,
    versionTitle,
  );
  return (
    <PanelCard
      title="History"
      block="rate-card-panel"
      extra={
        <Button disabled={choice.chosen.length !== 2} onClick={choice.compare}>
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
        rowSelection={choice.rowSelection}
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
      {choice.compared && (
        <TermsComparison
          key={choice.compared.map((v) => v.versionNo).join('-')}
          pair={choice.compared}
        />
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
  const [tab, setTab] = useState<RateCardPbm | 'price-files'>(RATE_CARD_PBMS[0]);
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
          onChange={(key) => setTab(key as RateCardPbm | 'price-files')}
          items={[
            ...cards.data.pbms.map((entry) => ({
              key: entry.pbm,
              label: entry.name,
              children: <PbmCard entry={entry} asOf={cards.data.asOf} />,
            })),
            // The administrator's price files (decision 0147).
            { key: 'price-files', label: 'Price files', children: <PriceFilesTab /> },
          ]}
        />
      )}
    </section>
  );
}
