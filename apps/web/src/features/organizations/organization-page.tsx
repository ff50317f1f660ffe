import { Alert, Breadcrumb, Button, Descriptions, Skeleton, Tabs, Typography } from 'antd';
import { Suspense, lazy, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PERMISSIONS, formatDate, type OrganizationDetail, type Permission } from '@pillar/domain';
import { hasStatus } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { AccessDeniedPage } from '../../shared/pages/access-denied-page.tsx';
import { NotFoundPage } from '../../shared/pages/not-found-page.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { StatusTag } from '../../shared/status/status-tag.tsx';
import { useOrganization } from '../../entities/organization/index.ts';
import { OrganizationDashboardTab } from './organization-dashboard-tab.tsx';
import './organization-workspace.css';

type TabBody = ComponentType<{ organization: OrganizationDetail }>;

// The Members and Users tabs load when first opened; most visits stay on the dashboard.
const OrganizationMembersTab = lazy(() => import('./organization-members-tab.tsx'));
const OrganizationUsersTab = lazy(() => import('./organization-users-tab.tsx'));

const TABS: readonly {
  key: string;
  label: string;
  permission: Permission | undefined;
  Body: TabBody;
}[] = [
  { key: 'dashboard', label: 'Dashboard', permission: undefined, Body: OrganizationDashboardTab },
  {
    key: 'members',
    label: 'Members',
    permission: PERMISSIONS.viewMember,
    Body: OrganizationMembersTab,
  },
  { key: 'users', label: 'Users', permission: PERMISSIONS.viewUsers, Body: OrganizationUsersTab },
];

function parseOrgId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** /organizations/:orgId/:tab: one organization, with a tab per part of its workspace. */
export default function OrganizationPage() {
  const { orgId: orgIdParam, tab = 'dashboard' } = useParams();
  const orgId = parseOrgId(orgIdParam);
  const navigate = useNavigate();
  const { can } = usePermissions();
  const organization = useOrganization(orgId ?? 0, orgId !== null);
  usePageTitle(organization.data?.name ?? 'Organization');

  const tabs = TABS.filter((item) => !item.permission || can({ allOf: [item.permission] }));
  const requested = TABS.find((item) => item.key === tab);

  if (orgId === null || !requested) return <NotFoundPage />;
  if (organization.isError && hasStatus(organization.error, 404)) return <NotFoundPage />;
  if (!tabs.includes(requested)) return <AccessDeniedPage />;

  const data = organization.data;
  return (
    <section className="page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/organizations">Organizations</Link> },
          { title: data?.name ?? '…' },
        ]}
      />
      {organization.isError ? (
        <>
          <Typography.Title level={1}>Organization</Typography.Title>
          <Alert
            type="error"
            showIcon
            title="This organization could not be loaded."
            description={describeError(organization.error).description}
            action={<Button onClick={() => void organization.refetch()}>Try Again</Button>}
          />
        </>
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <header className="page-header">
          <Typography.Title level={1}>{data.name}</Typography.Title>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            className="organization-summary"
            items={[
              { key: 'type', label: 'Type', children: data.type },
              {
                key: 'status',
                label: 'Status',
                children: (
                  <StatusTag status={data.processStatus} expirationDate={data.expirationDate} />
                ),
              },
              {
                key: 'originalEffectiveDate',
                label: 'Original Effective Date',
                children: formatDate(data.originalEffectiveDate),
              },
            ]}
          />
        </header>
      )}
      {data && (
        <Tabs
          activeKey={requested.key}
          onChange={(key) => void navigate(`/organizations/${orgId}/${key}`)}
          items={tabs.map(({ key, label, Body }) => ({
            key,
            label,
            children: (
              <Suspense fallback={<Skeleton active />}>
                <Body organization={data} />
              </Suspense>
            ),
          }))}
        />
      )}
    </section>
  );
}
