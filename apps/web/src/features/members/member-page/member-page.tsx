import { Breadcrumb, Col, Descriptions, Row, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PERMISSIONS, formatDate, type EmployeeDetail } from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { usePageTitle } from '../../../shared/page/use-page-title.ts';
import { NotFoundPage } from '../../../shared/pages/not-found-page.tsx';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import { StatusTag } from '../../../shared/status/status-tag.tsx';
import { CoveragePanel } from '../../../entities/coverage/index.ts';
import { useEmployee } from '../../../entities/member/index.ts';
import { AddDependentDrawer } from '../dependent-form/add-dependent-drawer.tsx';
import { MemberDetailsForm } from '../member-form/member-details-form.tsx';
import { BenefitPackagePanel } from './benefit-package-panel.tsx';
import { DependentsPanel } from './dependents-panel.tsx';
import { GroupAssignmentPanel } from './group-assignment-panel.tsx';
import { MemberActionsPanel } from './member-actions-panel.tsx';
import { MemberHistoryPanel } from './member-history-drawer.tsx';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { RecordPageBody } from '../../../shared/page/record-page-body.tsx';
import './member-page.css';

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function MemberHeader({ employee }: { employee: EmployeeDetail }) {
  return (
    <header className="page-header">
      <Typography.Title level={1}>{employee.name}</Typography.Title>
      <Descriptions
        size="small"
        className="member-summary"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          {
            key: 'organization',
            label: 'Organization',
            children: (
              <Link to={`/organizations/${employee.organizationNo}/dashboard`}>
                {employee.organizationName}
              </Link>
            ),
          },
          {
            key: 'status',
            label: 'Status',
            children: (
              <StatusTag status={employee.processStatus} expirationDate={employee.expirationDate} />
            ),
          },
          {
            key: 'originalEffectiveDate',
            label: 'Original Effective Date',
            children: formatDate(employee.originalEffectiveDate),
          },
          { key: 'generatedId', label: 'Member ID', children: employee.generatedId },
        ]}
      />
    </header>
  );
}

function MemberWorkspace({
  employee,
  dataVersion,
}: {
  employee: EmployeeDetail;
  dataVersion: number;
}) {
  const { can } = usePermissions();
  const canEdit = can({ allOf: [PERMISSIONS.editMember] });
  const orgId = employee.organizationNo;
  // Forms start over whenever the record reloads (spec 1 §4 "Forms reset when data reloads").
  const version = `${employee.employeeNo}-${dataVersion}`;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={16}>
        <div className="member-page__column">
          <PanelCard block="member-panel" title="Member Details">
            <MemberDetailsForm key={version} employee={employee} />
          </PanelCard>
          <GroupAssignmentPanel key={`group-${version}`} employee={employee} />
          {employee.settings.supportsDivisions && (
            <BenefitPackagePanel key={`package-${version}`} employee={employee} />
          )}
          <DependentsPanel
            employee={employee}
            renderAddDrawer={({ open, onClose }) => (
              <AddDependentDrawer
                organizationNo={orgId}
                employeeNo={employee.employeeNo}
                open={open}
                onClose={onClose}
              />
            )}
          />
          <CoveragePanel
            organizationNo={orgId}
            employeeNo={employee.employeeNo}
            canEdit={canEdit && employee.actions.edit}
          />
        </div>
      </Col>
      <Col xs={24} xl={8}>
        <div className="member-page__column">
          {canEdit && <MemberActionsPanel key={`actions-${version}`} employee={employee} />}
          <MemberHistoryPanel orgId={orgId} employeeNo={employee.employeeNo} />
        </div>
      </Col>
    </Row>
  );
}

/** The member page (spec 1 §2 "Member page"): /organizations/{orgId}/employees/{employeeId}. */
export default function MemberPage() {
  const params = useParams();
  const orgId = parseId(params.orgId);
  const employeeNo = parseId(params.employeeId);
  const employee = useEmployee(orgId ?? 0, employeeNo ?? 0, orgId !== null && employeeNo !== null);
  usePageTitle(employee.data?.name ?? 'Member');

  if (orgId === null || employeeNo === null) return <NotFoundPage />;
  if (employee.isError && hasStatus(employee.error, 404, 400)) return <NotFoundPage />;

  const data = employee.data;
  return (
    <section className="page member-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/organizations">Organizations</Link> },
          {
            title: data ? (
              <Link to={`/organizations/${orgId}/members`}>{data.organizationName}</Link>
            ) : (
              '…'
            ),
          },
          { title: data?.name ?? '…' },
        ]}
      />
      <RecordPageBody query={employee} noun="Member">
        {(record) => (
          <>
            <MemberHeader employee={record} />
            <MemberWorkspace employee={record} dataVersion={employee.dataUpdatedAt} />
          </>
        )}
      </RecordPageBody>
    </section>
  );
}
