import { Alert, Button, Table } from 'antd';
import { useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  FIELD_LABELS,
  PROCESS_STATUS_LABELS,
  formatDate,
  isIsoDate,
  offsetOfPage,
  type MemberChangeHistoryRow,
  type ProcessStatus,
} from '@pillar/domain';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useMemberChangeHistory } from '../../../entities/member/index.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';

const EVENT_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  terminate: 'Terminated',
  'change-termination': 'Termination date changed',
  'remove-termination': 'Termination removed',
  reinstate: 'Reinstated',
  'group-change': 'Group changed',
  'division-change': 'Division changed',
  'benefit-package-change': 'Benefit package changed',
  'alternate-group-change': 'Alternate group changed',
};

/** History fields the forms do not label, named as the page shows them. */
const HISTORY_FIELD_LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  expirationDate: 'Termination Date',
  processStatus: 'Status',
  division: 'Division',
  isCOBSecondary: 'COB Secondary',
};

/** A field as users know it: its label, else its name in words ('hicNumber' → 'Hic Number'). */
function fieldLabel(field: string): string {
  return (
    HISTORY_FIELD_LABELS[field] ??
    field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())
  );
}

/** A value as the page shows it: dates MM/DD/YYYY, statuses by name. */
function fieldValue(field: string | null, value: string | null): string {
  if (value === null || value === '') return '—';
  if (field === 'processStatus')
    return PROCESS_STATUS_LABELS[Number(value) as ProcessStatus] ?? value;
  return isIsoDate(value) ? formatDate(value) : value;
}

function formatInstant(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function HistoryTable({ orgId, employeeNo }: { orgId: number; employeeNo: number }) {
  const [page, setPage] = useState(1);
  const history = useMemberChangeHistory(
    orgId,
    employeeNo,
    { limit: DEFAULT_PAGE_SIZE, offset: offsetOfPage(page, DEFAULT_PAGE_SIZE) },
    true,
  );
  if (history.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="The history could not be loaded."
        description={describeError(history.error).description}
      />
    );
  }
  return (
    <>
      <div className="member-panel__actions member-history__toolbar">
        <Button loading={history.isFetching} onClick={() => void history.refetch()}>
          Refresh
        </Button>
      </div>
      <Table<MemberChangeHistoryRow>
        rowKey="historyNo"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.data ?? []}
        locale={{ emptyText: <span className="member-panel__muted">No changes recorded</span> }}
        pagination={{
          current: page,
          pageSize: DEFAULT_PAGE_SIZE,
          total: history.data?.totalCount ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          { title: 'When', dataIndex: 'changedAt', render: (at: string) => formatInstant(at) },
          {
            title: 'Who',
            dataIndex: 'changedByName',
            render: (name: string | null) => name ?? 'System',
          },
          {
            title: 'What',
            dataIndex: 'event',
            render: (event: string, row) =>
              row.dependentNo
                ? `${EVENT_LABELS[event] ?? event} (dependent)`
                : (EVENT_LABELS[event] ?? event),
          },
          {
            title: 'Field',
            dataIndex: 'field',
            render: (field: string | null) => (field ? fieldLabel(field) : '—'),
          },
          {
            title: 'Old Value',
            dataIndex: 'oldValue',
            render: (v: string | null, row) => fieldValue(row.field, v),
          },
          {
            title: 'New Value',
            dataIndex: 'newValue',
            render: (v: string | null, row) => fieldValue(row.field, v),
          },
        ]}
      />
    </>
  );
}

/** History: who changed what on the member and when (design.md §4), in a 55% drawer. */
export function MemberHistoryPanel({ orgId, employeeNo }: { orgId: number; employeeNo: number }) {
  const [open, setOpen] = useState(false);
  return (
    <PanelCard block="member-panel" title="History">
      <p className="member-panel__muted">Every change to this member: who, when, and what.</p>
      <Button block onClick={() => setOpen(true)}>
        View Change History
      </Button>
      <AppDrawer title="Change History" size="wide" open={open} onClose={() => setOpen(false)}>
        <HistoryTable orgId={orgId} employeeNo={employeeNo} />
      </AppDrawer>
    </PanelCard>
  );
}
