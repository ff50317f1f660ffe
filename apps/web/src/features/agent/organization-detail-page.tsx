import { Alert, Descriptions, Result, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { formatDate } from '@pillar/domain';
import { useAgentOrganization } from '../../entities/organization/index.ts';
import { GroupInformation } from '../../entities/plan-info/index.ts';
import { hasStatus } from '../../shared/api/api-error.ts';
import { PanelCard } from '../../shared/page/panel-card.tsx';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { StatusTag } from '../../shared/status/status-tag.tsx';
import './agent-layout.css';
import { CallNotesRegion } from './call-notes-region.tsx';

function organizationNoOf(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
}

/**
 * The agent's organization detail (spec 2 §2 "Organization detail"): the organization panel,
 * the general-information banner, the group information, and the notes region.
 */
export default function OrganizationDetailPage() {
  const { orgId } = useParams();
  const organizationNo = organizationNoOf(orgId);
  const organization = useAgentOrganization(organizationNo ?? 0, organizationNo !== undefined);
  usePageTitle(organization.data?.name ?? 'Organization');

  if (organizationNo === undefined || hasStatus(organization.error, 404)) {
    return (
      <Result
        status="404"
        title="Organization not found"
        subTitle="The organization does not exist or is not one you may see."
        extra={<Link to="/agent">Back to Find Member</Link>}
      />
    );
  }
  if (organization.isPending) return <Skeleton active aria-label="Loading the organization" />;
  if (organization.isError) {
    return <Alert type="error" showIcon title="The organization could not be loaded." />;
  }
  const o = organization.data;
  return (
    <section className="page agent-organization">
      <Typography.Title level={1}>{o.name}</Typography.Title>
      <div className="agent-layout">
        <div className="agent-layout__main">
          <Alert
            type="info"
            showIcon
            role="note"
            title="General Information"
            description={`You are viewing ${o.name}'s organization and group information. To answer a member's call, find the member from the agent home.`}
          />
          <PanelCard title="Organization" block="agent-panel">
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label="Organization ID">{o.organizationNo}</Descriptions.Item>
              <Descriptions.Item label="Type">{o.type}</Descriptions.Item>
              <Descriptions.Item label="Status">
                <StatusTag
                  status={o.processStatus}
                  expirationDate={o.expirationDate}
                  wording="agent"
                />
              </Descriptions.Item>
              <Descriptions.Item label="Effective Date">
                {formatDate(o.effectiveDate)}
              </Descriptions.Item>
              <Descriptions.Item label="Expiration Date">
                {o.expirationDate ? formatDate(o.expirationDate) : '—'}
              </Descriptions.Item>
            </Descriptions>
          </PanelCard>
          <PanelCard title="Group Information" block="agent-panel">
            <GroupInformation orgId={organizationNo} headingLevel={3} />
          </PanelCard>
          <p>
            <Link to="/agent">Back to Find Member</Link>
          </p>
        </div>
        <CallNotesRegion subject={{ mode: 'organization', organizationNo, name: o.name }} />
      </div>
    </section>
  );
}
