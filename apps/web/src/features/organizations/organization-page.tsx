import { Alert, Breadcrumb, Button, Descriptions, Skeleton, Tabs, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { PERMISSIONS, formatDate } from '@pillar/domain';
import { hasStatus } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { AccessDeniedPage } from '../../shared/pages/access-denied-page.tsx';
import { NotFoundPage } from '../../shared/pages/not-found-page.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { StatusTag } from '../../shared/status/status-tag.tsx';
import { useOrganization } from './api/get-organization.ts';

const TABS = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    permission: undefined,
    body: 'The organization dashboard, with groups, plans, invoices, contacts and locations, arrives with the organization workspace release.',
  },
  {
    key: 'members',
    label: 'Members',
    permission: PERMISSIONS.viewMember,
    body: "Searching and adding this organization's members arrives with the organization workspace release.",
  },
  {
    key: 'users',
    label: 'Users',
    permission: PERMISSIONS.viewUsers,
    body: "The list of this organization's users arrives with the organization workspace release.",
  },
] as const;

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
          items={tabs.map((item) => ({
            key: item.key,
            label: item.label,
            children: (
              <div className="tab-placeholder">
                <Typography.Title level={2}>{item.label}</Typography.Title>
                <Typography.Paragraph>{item.body}</Typography.Paragraph>
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}
