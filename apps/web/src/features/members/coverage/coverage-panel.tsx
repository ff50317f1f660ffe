import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd';
import { splitCoverages, todayIso, type Coverage } from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useCoverages, useRequestNewCard } from '../../../entities/coverage/index.ts';
import { TempCardDrawer } from './temp-card-drawer.tsx';
import './coverage.css';

export interface CoveragePanelProps {
  organizationNo: number;
  employeeNo: number;
  /** The user may edit members: e-mail card links and request new cards. */
  canEdit: boolean;
}

function CoverageItem({
  coverage,
  active,
  canEdit,
  onTempCard,
  onNewCard,
  requesting,
}: {
  coverage: Coverage;
  active: boolean;
  canEdit: boolean;
  onTempCard: (coverage: Coverage) => void;
  onNewCard: (coverage: Coverage) => void;
  requesting: boolean;
}) {
  const headingId = `coverage-${coverage.coverageNo}`;
  return (
    <article className="id-card-coverage" aria-labelledby={headingId}>
      <div className="id-card-coverage-head">
        <Typography.Title level={4} id={headingId} className="id-card-coverage-title">
          {coverage.groupIdAndName}
        </Typography.Title>
        {coverage.newCard && <Tag color="blue">New Card Requested</Tag>}
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'alt', label: 'Alternate ID', children: coverage.alternateID ?? '—' },
          { key: 'hdhp', label: 'HDHP', children: coverage.hdhp },
          { key: 'period', label: 'Coverage Period', children: coverage.coveragePeriod },
          { key: 'vendor', label: 'Vendor Group Number', children: coverage.groupNumber ?? '—' },
          { key: 'contract', label: 'Contract Number', children: coverage.contractNumber ?? '—' },
        ]}
      />
      {active && (coverage.supportsTempCard || (canEdit && coverage.supportsNewCardRequest)) && (
        <Space wrap>
          {coverage.supportsTempCard && (
            <Button
              onClick={() => onTempCard(coverage)}
              aria-label={`Temp ID Card: ${coverage.name}`}
            >
              Temp ID Card
            </Button>
          )}
          {canEdit && coverage.supportsNewCardRequest && (
            <Button
              onClick={() => onNewCard(coverage)}
              disabled={coverage.newCard}
              loading={requesting}
              aria-label={`Request New Card: ${coverage.name}`}
            >
              Request New Card
            </Button>
          )}
        </Space>
      )}
    </article>
  );
}

/**
 * The member page's Coverage panel (spec 1 §2, §3, §4): active and prior coverages, each with
 * its temp ID card (download or e-mailed link) and new card request. Self-contained: it loads
 * its own data from the member's coverages.
 */
export function CoveragePanel({ organizationNo, employeeNo, canEdit }: CoveragePanelProps) {
  const coverages = useCoverages(organizationNo, employeeNo);
  const newCard = useRequestNewCard();
  const [cardFor, setCardFor] = useState<Coverage | null>(null);
  const split = useMemo(
    () => splitCoverages(coverages.data?.data ?? [], todayIso()),
    [coverages.data],
  );

  const requestCard = (coverage: Coverage) =>
    newCard.mutate({
      orgId: organizationNo,
      employeeId: employeeNo,
      coverageNo: coverage.coverageNo,
    });

  const list = (items: Coverage[], active: boolean, empty: string) =>
    items.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
    ) : (
      items.map((coverage) => (
        <CoverageItem
          key={coverage.coverageNo}
          coverage={coverage}
          active={active}
          canEdit={canEdit}
          onTempCard={setCardFor}
          onNewCard={requestCard}
          requesting={newCard.isPending && newCard.variables?.coverageNo === coverage.coverageNo}
        />
      ))
    );

  return (
    <Card className="id-card-panel" title={<Typography.Title level={2}>Coverage</Typography.Title>}>
      {coverages.isPending ? (
        <Spin aria-label="Loading coverages" />
      ) : coverages.isError ? (
        <Alert
          type="error"
          showIcon
          title="The coverages could not be loaded."
          description={describeError(coverages.error).description}
        />
      ) : (
        <>
          <section aria-labelledby="coverage-active-heading">
            <Typography.Title level={3} id="coverage-active-heading">
              Active Coverage
            </Typography.Title>
            {list(split.active, true, 'No active coverage.')}
          </section>
          <section aria-labelledby="coverage-prior-heading">
            <Typography.Title level={3} id="coverage-prior-heading">
              Prior Coverage
            </Typography.Title>
            {list(split.prior, false, 'No prior coverage.')}
          </section>
        </>
      )}
      <TempCardDrawer
        organizationNo={organizationNo}
        employeeNo={employeeNo}
        coverage={cardFor}
        canEmail={canEdit}
        onClose={() => setCardFor(null)}
      />
    </Card>
  );
}

export default CoveragePanel;
