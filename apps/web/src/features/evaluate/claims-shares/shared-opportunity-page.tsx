import { Alert, Breadcrumb, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { sharedClaimsContracts } from '@pillar/domain';
import { ClaimsCallsContext } from '../../../entities/claims-file/index.ts';
import { usePageTitle } from '../../../shared/page/use-page-title.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { ClaimsTab } from '../claims/claims-tab.tsx';
import { useSharedOpportunity } from './api.ts';

/**
 * /shared-claims/{id} (decision 0144): a shared opportunity's claims workflow for an external
 * user, the Claims tab's File, Mapping and Summary stages over /shared-claims/v1 (no Pricing).
 */
export default function SharedOpportunityPage() {
  const id = Number(useParams().id);
  const opportunity = useSharedOpportunity(id);
  usePageTitle(opportunity.data?.name ?? 'Shared Claims');
  return (
    <div>
      <Breadcrumb
        items={[
          { title: <Link to="/shared-claims">Shared Claims</Link> },
          { title: opportunity.data?.name ?? '…' },
        ]}
      />
      {opportunity.isError ? (
        <Alert type="error" showIcon title={describeError(opportunity.error).description} />
      ) : !opportunity.data ? (
        <Skeleton active />
      ) : (
        <>
          <header className="page-header">
            <Typography.Title level={1}>{opportunity.data.name}</Typography.Title>
          </header>
          <ClaimsCallsContext.Provider value={sharedClaimsContracts}>
            <ClaimsTab opportunityId={id} />
          </ClaimsCallsContext.Provider>
        </>
      )}
    </div>
  );
}
