import { Breadcrumb, Button, Result, Skeleton, Tabs, Typography } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type OpportunityDetail } from '@pillar/domain';
import { hasStatus } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { GoBackButton } from '../../shared/pages/go-back-button.tsx';
import { NotFoundPage } from '../../shared/pages/not-found-page.tsx';
import { StageTag, parseOpportunityId, useOpportunity } from '../../entities/opportunity/index.ts';
import { ClaimsTab } from './claims/claims-tab.tsx';
import { FinancialAnalysisTab } from './financial-analysis/fa-tab.tsx';
import { IncumbentTab } from './incumbent-tab.tsx';
import { RxbPricingTab } from './rxb-pricing-tab.tsx';
import { formatInstant, formatTimeSince } from './time-since.ts';
import './evaluate.css';

interface OpportunityTab {
  key: string;
  label: string;
  render: (opportunity: OpportunityDetail) => ReactNode;
}

const TABS: readonly OpportunityTab[] = [
  {
    key: 'incumbent',
    label: 'Incumbent Info',
    render: (opportunity) => <IncumbentTab opportunity={opportunity} />,
  },
  {
    key: 'rxb-pricing',
    label: 'RxB Pricing',
    render: (opportunity) => <RxbPricingTab opportunityId={opportunity.id} />,
  },
  {
    key: 'claims',
    label: 'Claims',
    render: (opportunity) => <ClaimsTab opportunityId={opportunity.id} />,
  },
  {
    key: 'fa',
    label: 'Financial Analysis',
    render: (opportunity) => <FinancialAnalysisTab opportunityId={opportunity.id} />,
  },
];

/** The page's own error page: the opportunity could not be read (spec 3 §2 "a load error"). */
function LoadErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={<h1 className="result-heading">This opportunity could not be loaded</h1>}
      subTitle={describeError(error).description}
      extra={[
        <Button key="retry" onClick={onRetry}>
          Try Again
        </Button>,
        <GoBackButton key="back" />,
      ]}
    />
  );
}

/**
 * /evaluate/opportunities/{id}/{tab} (spec 3 §2 "Opportunity page"): the header with the time
 * since the last update, and the tabs Incumbent Info, RxB Pricing, Claims and Financial Analysis.
 */
export default function OpportunityPage() {
  const { id: idParam, tab = 'incumbent' } = useParams();
  const id = parseOpportunityId(idParam);
  const navigate = useNavigate();
  const opportunity = useOpportunity(id);
  usePageTitle(opportunity.data?.employer ?? 'Opportunity');

  const requested = TABS.find((item) => item.key === tab);
  if (id === null || !requested) return <NotFoundPage />;
  if (opportunity.isError) {
    if (hasStatus(opportunity.error, 404)) return <NotFoundPage />;
    return <LoadErrorPage error={opportunity.error} onRetry={() => void opportunity.refetch()} />;
  }
  const data = opportunity.data;
  return (
    <section className="page evaluate-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/evaluate/opportunities">Prospect Opportunities</Link> },
          { title: data?.employer ?? '…' },
        ]}
      />
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <header className="page-header evaluate-header">
            <div className="evaluate-header__title">
              <Typography.Title level={1}>{data.employer}</Typography.Title>
              <StageTag stage={data.sfStage} />
            </div>
            <p className="evaluate-header__updated">
              Updated{' '}
              <time dateTime={data.updatedAt} title={formatInstant(data.updatedAt)}>
                {formatTimeSince(data.updatedAt)}
              </time>
              {data.updatedBy ? ` by ${data.updatedBy}` : ''}
            </p>
          </header>
          <Tabs
            activeKey={requested.key}
            onChange={(key) => void navigate(`/evaluate/opportunities/${id}/${key}`)}
            destroyOnHidden
            items={TABS.map(({ key, label, render }) => ({
              key,
              label,
              children: <Suspense fallback={<Skeleton active />}>{render(data)}</Suspense>,
            }))}
          />
        </>
      )}
    </section>
  );
}
