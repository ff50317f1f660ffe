import { Alert, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  MEMBER_DETAIL_TEXT,
  PROCESS_STATUS_LABELS,
  formatDate,
  isIsoDate,
  offsetOfPage,
  statusLabel,
  type BenefitPackageHistoryRow,
  type DivisionHistoryGroup,
  type GroupAssignmentRow,
  type MemberChangeHistoryRow,
  type ProcessStatus,
} from '@pillar/domain';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { TableScrollFrame } from '../../../shared/table-scroll/table-scroll-frame.tsx';
import {
  useBenefitPackageHistory,
  useDivisionHistory,
  useGroupAssignments,
  useMemberChangeHistory,
} from '../../../entities/member/index.ts';

/** Spec 2 §9: member history page size 10; group history capped at 10 records. */
export const MEMBER_HISTORY_PAGE_SIZE = 10;
export const GROUP_HISTORY_LIMIT = 10;

export type HistoryDrawerKind = 'member' | 'plan' | 'group' | 'benefitPackage';

const TITLES: Record<HistoryDrawerKind, string> = {
  member: 'Member History',
  plan: 'Plan History',
  group: 'Group/Division History',
  benefitPackage: 'Benefit Package History',
};

/** The tables' empty text (spec 2 §8 'No data'), dark enough to read (antd's grey is not). */
const NO_DATA = <span className="agent-empty">{MEMBER_DETAIL_TEXT.noData}</span>;

/** A table wider than the drawer (a narrow screen) scrolls sideways rather than being cut. */
const SCROLL = { x: true } as const;

/** IDs and dates stay on one line ('00001-03' never breaks at its hyphen). */
const nowrap = (value: string) => <span className="agent-nowrap">{value}</span>;
const date = (value: string | null) => nowrap(value ? formatDate(value) : '—');

function instant(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? value
    : d.toLocaleString('en-US', {
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
}

function shown(field: string | null, value: string | null): string {
  if (value === null || value === '') return '—';
  if (field === 'processStatus')
    return PROCESS_STATUS_LABELS[Number(value) as ProcessStatus] ?? value;
  return isIsoDate(value) ? formatDate(value) : value;
}

const historyColumns: TableColumnsType<MemberChangeHistoryRow> = [
  { title: 'Changed Date', dataIndex: 'changedAt', render: (v: string) => nowrap(instant(v)) },
  { title: 'Changed By', dataIndex: 'changedByName', render: (v: string | null) => v ?? '—' },
  { title: 'Event', dataIndex: 'event' },
  { title: 'Field', dataIndex: 'field', render: (v: string | null) => v ?? '—' },
  {
    title: 'Old Value',
    key: 'old',
    render: (_: unknown, row) => shown(row.field, row.oldValue),
  },
  {
    title: 'New Value',
    key: 'new',
    render: (_: unknown, row) => shown(row.field, row.newValue),
  },
];

/** Member History: who changed what, 10 a page; 'Failed to Load the Member's History' on error. */
function MemberHistory({
  orgId,
  employeeNo,
  dependentNo,
}: {
  orgId: number;
  employeeNo: number;
  dependentNo: number | null;
}) {
  const [page, setPage] = useState(1);
  const history = useMemberChangeHistory(
    orgId,
    employeeNo,
    {
      limit: MEMBER_HISTORY_PAGE_SIZE,
      offset: offsetOfPage(page, MEMBER_HISTORY_PAGE_SIZE),
      ...(dependentNo === null ? {} : { dependentId: dependentNo }),
    },
    true,
  );
  if (history.isError) {
    return <Alert type="error" showIcon role="alert" title={MEMBER_DETAIL_TEXT.historyFailed} />;
  }
  return (
    <Table<MemberChangeHistoryRow>
      size="small"
      rowKey="historyNo"
      loading={history.isPending}
      columns={historyColumns}
      dataSource={history.data?.data ?? []}
      locale={{ emptyText: NO_DATA }}
      scroll={SCROLL}
      pagination={{
        current: page,
        pageSize: MEMBER_HISTORY_PAGE_SIZE,
        total: history.data?.totalCount ?? 0,
        showSizeChanger: false,
        onChange: setPage,
      }}
    />
  );
}

const planColumns: TableColumnsType<GroupAssignmentRow> = [
  { title: 'Group ID', dataIndex: 'benefitGroupId', render: nowrap },
  { title: 'Plan', dataIndex: 'name' },
  {
    // The agent screens' status wording, with the derived 999 for a future termination.
    title: 'Status',
    dataIndex: 'processStatus',
    render: (v: number, row) => statusLabel(v, row.expirationDate, undefined, 'agent'),
  },
  { title: 'Effective Date', dataIndex: 'effectiveDate', render: date },
  { title: 'Expiration Date', dataIndex: 'expirationDate', render: date },
  { title: 'Assignment Date', dataIndex: 'assignmentDate', render: date },
];

/** Plan History: the member's plan (group) assignments, newest first. */
function PlanHistory({ orgId, employeeNo }: { orgId: number; employeeNo: number }) {
  const rows = useGroupAssignments(orgId, employeeNo);
  if (rows.isError)
    return <Alert type="error" showIcon title={MEMBER_DETAIL_TEXT.noDataAvailable} />;
  return (
    <Table<GroupAssignmentRow>
      size="small"
      rowKey="groupAssignmentNo"
      loading={rows.isPending}
      columns={planColumns}
      dataSource={rows.data ?? []}
      locale={{ emptyText: NO_DATA }}
      scroll={SCROLL}
      pagination={false}
    />
  );
}

interface GroupHistoryRow {
  key: string;
  benefitGroupId: string;
  name: string;
  effectiveDate: string;
  assignmentDate: string;
  recordType: string;
  divisions: string;
}

function groupRows(groups: DivisionHistoryGroup[]): GroupHistoryRow[] {
  return groups.slice(0, GROUP_HISTORY_LIMIT).map((g) => ({
    key: `${g.groupNo}-${g.groupAssignmentDate}`,
    benefitGroupId: g.groupId,
    name: g.groupName,
    effectiveDate: g.groupEffectiveDate,
    assignmentDate: g.groupAssignmentDate,
    recordType: 'Group',
    divisions:
      g.divisionHistory
        .map(
          (d) => `${d.divisionName} (${d.divisionId}) from ${formatDate(d.divisionEffectiveDate)}`,
        )
        .join('; ') || '—',
  }));
}

const groupColumns: TableColumnsType<GroupHistoryRow> = [
  { title: 'Group ID', dataIndex: 'benefitGroupId', render: nowrap },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Effective Date', dataIndex: 'effectiveDate', render: date },
  { title: 'Assignment Date', dataIndex: 'assignmentDate', render: date },
  { title: 'Record Type', dataIndex: 'recordType' },
  { title: 'Divisions', dataIndex: 'divisions' },
];

/** Group/Division History: at most 10 records (spec 2 §9). */
function GroupHistory({ orgId, employeeNo }: { orgId: number; employeeNo: number }) {
  const rows = useDivisionHistory(orgId, employeeNo);
  if (rows.isError)
    return <Alert type="error" showIcon title={MEMBER_DETAIL_TEXT.noDataAvailable} />;
  return (
    <Table<GroupHistoryRow>
      size="small"
      loading={rows.isPending}
      columns={groupColumns}
      dataSource={groupRows(rows.data ?? [])}
      locale={{ emptyText: NO_DATA }}
      scroll={SCROLL}
      pagination={false}
    />
  );
}

const packageColumns: TableColumnsType<BenefitPackageHistoryRow> = [
  { title: 'Benefit Package ID', dataIndex: 'benefitPackageId', render: nowrap },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Effective Date', dataIndex: 'effectiveDate', render: date },
  { title: 'Assignment Date', dataIndex: 'assignmentDate', render: date },
];

function BenefitPackageHistory({ orgId, employeeNo }: { orgId: number; employeeNo: number }) {
  const rows = useBenefitPackageHistory(orgId, employeeNo);
  if (rows.isError)
    return <Alert type="error" showIcon title={MEMBER_DETAIL_TEXT.noDataAvailable} />;
  return (
    <Table<BenefitPackageHistoryRow>
      size="small"
      rowKey={(row) => `${row.benefitPackageNo}-${row.assignmentDate}`}
      loading={rows.isPending}
      columns={packageColumns}
      dataSource={rows.data ?? []}
      locale={{ emptyText: NO_DATA }}
      scroll={SCROLL}
      pagination={false}
    />
  );
}

/** The member detail's history drawers (spec 2 §2); `open` null = closed. */
export function HistoryDrawer({
  open,
  onClose,
  orgId,
  employeeNo,
  dependentNo,
}: {
  open: HistoryDrawerKind | null;
  onClose: () => void;
  orgId: number;
  employeeNo: number;
  dependentNo: number | null;
}) {
  return (
    <AppDrawer
      size="wide"
      rootClassName="agent-history-drawer"
      title={open ? TITLES[open] : ''}
      open={open !== null}
      onClose={onClose}
    >
      {/* Compact cells fit the tables in the drawer at 1024 px; wider data scrolls with the cue. */}
      <TableScrollFrame>
        {open === 'member' && (
          <MemberHistory orgId={orgId} employeeNo={employeeNo} dependentNo={dependentNo} />
        )}
        {open === 'plan' && <PlanHistory orgId={orgId} employeeNo={employeeNo} />}
        {open === 'group' && <GroupHistory orgId={orgId} employeeNo={employeeNo} />}
        {open === 'benefitPackage' && (
          <BenefitPackageHistory orgId={orgId} employeeNo={employeeNo} />
        )}
      </TableScrollFrame>
    </AppDrawer>
  );
}
