import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd';
import { splitCoverages, todayIso, type Coverage } from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useCoverages } from '../api/list-coverages.ts';
import { useRequestNewCard } from '../api/request-new-card.ts';
import { TempCardDrawer } from './temp-card-drawer.tsx';
import './coverage.css';

export interface CoveragePanelProps {
  organizationNo: number;
  employeeNo: number;
  /** The user may edit members: e-mail card links and request new cards. */
  canEdit: boolean;
  /** The panel's heading: 'Coverage' on the member page, 'Plan/Eligibility' on the agent's. */
  title?: string;
  /** Each active coverage's Temp ID Card and Request New Card buttons (default shown). */
  cardActions?: boolean;
  /** What shows when the member has no coverage at all (the agent's 'No PBM Coverage'). */
  noCoverageText?: string;
  /**
   * 'wide' (default, the member page): each coverage's details in two columns from the sm
   * breakpoint. 'narrow' (a side column such as the agent's): one label/value pair a line, so a
   * value is never squeezed into a sliver of the card.
   */
  layout?: 'wide' | 'narrow';
}

function CoverageItem({
  coverage,
  active,
  canEdit,
  onTempCard,
  onNewCard,
  requesting,
  narrow,
}: {
  coverage: Coverage;
  active: boolean;
  canEdit: boolean;
  onTempCard: (coverage: Coverage) => void;
  onNewCard: (coverage: Coverage) => void;
  requesting: boolean;
  narrow: boolean;
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
        column={narrow ? 1 : { xs: 1, sm: 2 }}
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
 * A member's coverages (spec 1 §2, §3, §4; spec 2 §4 "Coverages"): active and prior, each active
 * one with its temp ID card (download or e-mailed link) and new card request. Self-contained: it
 * loads its own data from the member's coverages. The member page shows it as 'Coverage'; the
 * agent's member detail as 'Plan/Eligibility' in its narrow left column, without the card buttons
 * (its ID Card block has them): `<CoveragePanel organizationNo employeeNo canEdit
 * title="Plan/Eligibility" cardActions={false} noCoverageText="No PBM Coverage" layout="narrow" />`.
 */
export function CoveragePanel({
  organizationNo,
  employeeNo,
  canEdit,
  title = 'Coverage',
  cardActions = true,
  noCoverageText,
  layout = 'wide',
}: CoveragePanelProps) {
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
          active={active && cardActions}
          canEdit={canEdit}
          onTempCard={setCardFor}
          onNewCard={requestCard}
          requesting={newCard.isPending && newCard.variables?.coverageNo === coverage.coverageNo}
          narrow={layout === 'narrow'}
        />
      ))
    );

  return (
    <Card
      className={layout === 'narrow' ? 'id-card-panel id-card-panel--narrow' : 'id-card-panel'}
      title={<Typography.Title level={2}>{title}</Typography.Title>}
    >
      {coverages.isPending ? (
        <Spin aria-label="Loading coverages" />
      ) : coverages.isError ? (
        <Alert
          type="error"
          showIcon
          title="The coverages could not be loaded."
          description={describeError(coverages.error).description}
        />
      ) : noCoverageText && split.active.length + split.prior.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noCoverageText} />
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
