import { useState } from 'react';
import { Breadcrumb, Button, Col, Row, Space, Tabs, Typography } from 'antd';
import { HistoryOutlined, UnlockOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import {
  MEMBER_CARD_SENDERS,
  MEMBER_DETAIL_TEXT,
  PERMISSIONS,
  formatMemberName,
  type DependentDetail,
  type EmployeeDetail,
} from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { usePageTitle } from '../../../shared/page/use-page-title.ts';
import { NotFoundPage } from '../../../shared/pages/not-found-page.tsx';
import { RecordPageBody } from '../../../shared/page/record-page-body.tsx';
import { PermissionGate } from '../../../shared/permissions/permission-gate.tsx';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import { CoveragePanel } from '../../../entities/coverage/index.ts';
import { ClaimsHistory } from '../../../entities/claim/index.ts';
import { RecentNotes } from '../../../entities/issue/index.ts';
import { useDependent, useEmployee } from '../../../entities/member/index.ts';
import {
  CommunicationPreferencesCard,
  useConfidentiality,
} from '../../../entities/member-preferences/index.ts';
import { PriorAuthHistory, type PaMemberRecord } from '../../../entities/prior-auth/index.ts';
import {
  AorList,
  GroupInformation,
  PbcViewer,
  type AorLookup,
} from '../../../entities/plan-info/index.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { CallNotesRegion } from '../call-notes-region.tsx';
import { UnlockMemberDialog } from '../unlock-member-dialog.tsx';
import { AorSummaryCard } from './aor-summary-card.tsx';
import { HistoryDrawer, type HistoryDrawerKind } from './history-drawers.tsx';
import { IdCardCard } from './id-card-card.tsx';
import { MemberBanners } from './member-banners.tsx';
import { MemberProfileCard } from './member-profile-card.tsx';
import { OrganizationCard } from './organization-card.tsx';
import './member-detail.css';

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The person as the PA system knows them: the member's alternate ID (else generated ID), with the
 * person's own names and birth date (a dependent's under the member's ID).
 */
function paMemberOf(
  employee: EmployeeDetail,
  dependent: DependentDetail | undefined,
): PaMemberRecord {
  const person = dependent ?? employee;
  return {
    alternateId: employee.alternateId ?? employee.generatedId,
    firstName: person.firstName,
    lastName: person.lastName,
    birthdate: person.birthdate,
  };
}

/** The AOR lookup of the person shown (spec 2 §5: memberID, orgID and employeeNo). */
function aorLookupOf(employee: EmployeeDetail, dependent: DependentDetail | undefined): AorLookup {
  return {
    memberID: employee.generatedId,
    orgID: employee.organizationNo,
    employeeNo: employee.employeeNo,
    dependentNo: dependent?.dependentNo ?? null,
  };
}

interface DetailProps {
  employee: EmployeeDetail;
  dependent: DependentDetail | undefined;
}

/** The left column (spec 2 §2): profile, plan, organization, ID card, preferences, AOR. */
function LeftColumn({ employee, dependent }: DetailProps) {
  const { can } = usePermissions();
  const orgId = employee.organizationNo;
  return (
    <div className="agent-member-detail__column agent-member-detail__left">
      <MemberProfileCard employee={employee} dependent={dependent} />
      <CoveragePanel
        organizationNo={orgId}
        employeeNo={employee.employeeNo}
        canEdit={can({ anyOf: MEMBER_CARD_SENDERS })}
        title="Plan/Eligibility"
        cardActions={false}
        noCoverageText={MEMBER_DETAIL_TEXT.noPbmCoverage}
        layout="narrow"
      />
      <OrganizationCard employee={employee} dependent={dependent} />
      <IdCardCard organizationNo={orgId} employeeNo={employee.employeeNo} />
      <CommunicationPreferencesCard
        orgId={orgId}
        employeeNo={employee.employeeNo}
        dependentNo={dependent?.dependentNo ?? null}
        birthDate={(dependent ?? employee).birthdate}
        isDependent={dependent !== undefined}
        names={formatMemberName(dependent ?? employee)}
      />
      <AorSummaryCard {...aorLookupOf(employee, dependent)} />
    </div>
  );
}

/** The main area (spec 2 §2): banners, the history tabs, the plan tabs, the AOR list. */
function MainArea({ employee, dependent }: DetailProps) {
  // The members hub's confidentiality of a dependent (no request for a member): the HIPAA banner.
  const confidentiality = useConfidentiality({
    orgId: employee.organizationNo,
    employeeNo: employee.employeeNo,
    dependentNo: dependent?.dependentNo ?? null,
    birthDate: dependent?.birthdate ?? null,
  });
  const choice = confidentiality.data?.isConfidential;
  const isConfidential = choice === undefined || choice === null ? undefined : choice === 1;
  return (
    <div className="agent-member-detail__column">
      <MemberBanners employee={employee} dependent={dependent} isConfidential={isConfidential} />
      <section aria-label="Member activity">
        <Tabs
          items={[
            {
              key: 'pa',
              label: 'Prior Auth History',
              children: <PriorAuthHistory member={paMemberOf(employee, dependent)} />,
            },
            {
              key: 'claims',
              label: 'Claims History',
              children: (
                <ClaimsHistory
                  orgId={employee.organizationNo}
                  employeeNo={employee.employeeNo}
                  dependentNo={dependent?.dependentNo}
                />
              ),
            },
            {
              key: 'notes',
              label: 'Recent Notes',
              children: (
                <RecentNotes
                  organizationNo={employee.organizationNo}
                  employeeNo={employee.employeeNo}
                  dependentNo={dependent?.dependentNo}
                />
              ),
            },
          ]}
        />
      </section>
      <section aria-label="Plan information">
        <Tabs
          items={[
            {
              key: 'group',
              label: 'Group Information',
              children: <GroupInformation orgId={employee.organizationNo} />,
            },
            {
              key: 'pbc',
              label: 'PBC',
              children: (
                <PbcViewer
                  target={{
                    employeeNo: employee.employeeNo,
                    ...(dependent ? { dependentNo: dependent.dependentNo } : {}),
                  }}
                />
              ),
            },
          ]}
        />
      </section>
      <PanelCard block="agent-panel" title="Appointments of Representative">
        <AorList {...aorLookupOf(employee, dependent)} />
      </PanelCard>
    </div>
  );
}

function DetailActions({
  onHistory,
  supportsDivisions,
}: {
  onHistory: (kind: HistoryDrawerKind) => void;
  supportsDivisions: boolean;
}) {
  const [unlocking, setUnlocking] = useState(false);
  return (
    <Space wrap className="agent-member-detail__actions">
      <Button icon={<HistoryOutlined />} onClick={() => onHistory('member')}>
        Member History
      </Button>
      <Button onClick={() => onHistory('plan')}>Plan History</Button>
      <Button onClick={() => onHistory('group')}>Group/Division History</Button>
      {supportsDivisions && (
        <Button onClick={() => onHistory('benefitPackage')}>Benefit Package History</Button>
      )}
      <PermissionGate rule={{ allOf: [PERMISSIONS.agentUnlockMemberPortal] }}>
        <Button icon={<UnlockOutlined />} onClick={() => setUnlocking(true)}>
          Unlock Member Account
        </Button>
        <UnlockMemberDialog open={unlocking} onClose={() => setUnlocking(false)} />
      </PermissionGate>
    </Space>
  );
}

function MemberDetail({ employee, dependent }: DetailProps) {
  const [drawer, setDrawer] = useState<HistoryDrawerKind | null>(null);
  const name = dependent ? formatMemberName(dependent) : formatMemberName(employee);
  return (
    <>
      <header className="page-header">
        <Typography.Title level={1}>{name}</Typography.Title>
        {dependent && (
          <Typography.Paragraph type="secondary">
            {dependent.relationshipLabel} of {formatMemberName(employee)}
          </Typography.Paragraph>
        )}
      </header>
      <DetailActions
        onHistory={setDrawer}
        supportsDivisions={employee.settings.supportsDivisions}
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={9}>
          <LeftColumn employee={employee} dependent={dependent} />
        </Col>
        <Col xs={24} lg={15}>
          <MainArea employee={employee} dependent={dependent} />
        </Col>
      </Row>
      <HistoryDrawer
        open={drawer}
        onClose={() => setDrawer(null)}
        orgId={employee.organizationNo}
        employeeNo={employee.employeeNo}
        dependentNo={dependent?.dependentNo ?? null}
      />
    </>
  );
}

/**
 * The agent's member detail (spec 2 §2 "Member detail"):
 * /agent/{orgId}/member/{employeeId}/{dependentId?}. Everything the agent needs on a call, on one
 * screen. Opening it records a read in the read-access audit (the server does, on the record GET).
 */
export default function AgentMemberDetailPage() {
  const params = useParams();
  const orgId = parseId(params.orgId);
  const employeeNo = parseId(params.employeeId);
  const dependentNo = params.dependentId === undefined ? undefined : parseId(params.dependentId);
  const valid = orgId !== null && employeeNo !== null && dependentNo !== null;
  const employee = useEmployee(orgId ?? 0, employeeNo ?? 0, valid);
  const dependent = useDependent(
    orgId ?? 0,
    employeeNo ?? 0,
    dependentNo ?? 0,
    valid && dependentNo !== undefined,
  );
  const shownName = dependent.data
    ? formatMemberName(dependent.data)
    : employee.data
      ? formatMemberName(employee.data)
      : 'Member Detail';
  usePageTitle(shownName);

  if (!valid) return <NotFoundPage />;
  if (employee.isError && hasStatus(employee.error, 404, 400)) return <NotFoundPage />;
  if (dependent.isError && hasStatus(dependent.error, 404, 400)) return <NotFoundPage />;

  return (
    <section className="page agent-member-detail">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/agent">Agent Desktop</Link> },
          {
            title: employee.data ? (
              <Link to={`/agent/${orgId}`}>{employee.data.organizationName}</Link>
            ) : (
              '…'
            ),
          },
          { title: employee.data ? shownName : '…' },
        ]}
      />
      <div className="agent-layout">
        <div className="agent-layout__main">
          <RecordPageBody query={employee} noun="Member">
            {(record) =>
              dependentNo !== undefined && !dependent.data ? (
                <RecordPageBody query={dependent} noun="Dependent">
                  {(dep) => <MemberDetail employee={record} dependent={dep} />}
                </RecordPageBody>
              ) : (
                <MemberDetail employee={record} dependent={dependent.data} />
              )
            }
          </RecordPageBody>
        </div>
        {/* The call-notes region: the form waits while the member loads (spec 2 §4). */}
        <CallNotesRegion
          subject={{
            mode: 'member',
            organizationNo: orgId,
            employeeNo,
            ...(dependentNo !== undefined ? { dependentNo } : {}),
            name: employee.data ? shownName : 'this member',
          }}
          loading={employee.isPending || (dependentNo !== undefined && dependent.isPending)}
          paMember={employee.data ? paMemberOf(employee.data, dependent.data) : null}
        />
      </div>
    </section>
  );
}
