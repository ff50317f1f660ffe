import { Alert, Breadcrumb, Card, Col, Descriptions, Row, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { employeePath, formatDate } from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { RecordPageBody } from '../../../shared/page/record-page-body.tsx';
import { usePageTitle } from '../../../shared/page/use-page-title.ts';
import { NotFoundPage } from '../../../shared/pages/not-found-page.tsx';
import { StatusTag } from '../../../shared/status/status-tag.tsx';
import { useDependent } from '../../../entities/member/index.ts';
import { DependentActionsPanel } from './dependent-actions-panel.tsx';
import { DependentDetailsForm } from './dependent-details-form.tsx';
import { DependentGroupPanel } from './dependent-group-panel.tsx';
import '../member-page/member-page.css';

function idOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A panel whose title is a level-2 heading, so headings stay in order. */
function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      style={{ marginBottom: 16 }}
    >
      {children}
    </Card>
  );
}

/**
 * The dependent page (spec 1 §2 "Dependent page"): header with the organization, a link to the
 * member, status, relationship, original effective date and effective period; Dependent Details,
 * Group Assignment and the status actions. An unknown member or dependent gives the not-found page.
 */
export default function DependentPage() {
  const params = useParams();
  const orgId = idOf(params.orgId);
  const employeeNo = idOf(params.employeeId);
  const dependentNo = idOf(params.dependentId);
  const valid = orgId !== null && employeeNo !== null && dependentNo !== null;
  const query = useDependent(orgId ?? 0, employeeNo ?? 0, dependentNo ?? 0, valid);
  const dependent = query.data;
  usePageTitle(dependent?.fullName ?? 'Dependent');

  if (!valid) return <NotFoundPage />;
  if (query.isError && hasStatus(query.error, 404, 400)) return <NotFoundPage />;

  return (
    <section className="page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/organizations">Organizations</Link> },
          {
            title: dependent ? (
              <Link to={`/organizations/${dependent.organizationNo}`}>
                {dependent.organizationName}
              </Link>
            ) : (
              '…'
            ),
          },
          {
            title: dependent ? (
              <Link to={employeePath(dependent.organizationNo, dependent.employeeNo)}>
                {dependent.memberName}
              </Link>
            ) : (
              '…'
            ),
          },
          { title: dependent?.fullName ?? '…' },
        ]}
      />
      <RecordPageBody query={query} noun="Dependent">
        {(dependent) => (
          <>
            <header className="page-header">
              <Typography.Title level={1}>{dependent.fullName}</Typography.Title>
              <Descriptions
                size="small"
                // Room below the second row, which otherwise sits on the panels' border.
                className="member-summary"
                column={{ xs: 1, sm: 2, lg: 3 }}
                items={[
                  {
                    key: 'organization',
                    label: 'Organization',
                    children: dependent.organizationName,
                  },
                  {
                    key: 'member',
                    label: 'Member',
                    children: (
                      <Link to={employeePath(dependent.organizationNo, dependent.employeeNo)}>
                        {dependent.memberName}
                      </Link>
                    ),
                  },
                  {
                    key: 'status',
                    label: 'Status',
                    children: (
                      <StatusTag
                        status={dependent.processStatus}
                        expirationDate={dependent.expirationDate}
                      />
                    ),
                  },
                  {
                    key: 'relationship',
                    label: 'Relationship',
                    children: dependent.relationshipLabel,
                  },
                  {
                    key: 'original',
                    label: 'Original Effective Date',
                    children: formatDate(dependent.originalEffectiveDate),
                  },
                  {
                    key: 'period',
                    label: 'Effective Period',
                    children: dependent.effectiveDateLabel,
                  },
                ]}
              />
            </header>
            {dependent.actions.reinstateBlockedMessage && (
              <Alert
                type="warning"
                showIcon
                title={dependent.actions.reinstateBlockedMessage}
                style={{ margin: '8px 0 16px' }}
              />
            )}
            <Row gutter={16}>
              <Col xs={24} lg={16}>
                <Panel title="Dependent Details">
                  <DependentDetailsForm dependent={dependent} />
                </Panel>
              </Col>
              <Col xs={24} lg={8}>
                <Panel title="Group Assignment">
                  <DependentGroupPanel dependent={dependent} />
                </Panel>
                <Panel title="Status">
                  <DependentActionsPanel dependent={dependent} />
                </Panel>
              </Col>
            </Row>
          </>
        )}
      </RecordPageBody>
    </section>
  );
}
