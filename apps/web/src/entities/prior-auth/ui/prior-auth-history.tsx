import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import {
  PA_EMPTY_MESSAGE,
  PA_PAGE_SIZE,
  comparePaCases,
  formatDate,
  paIdentifiersOf,
  paNextSteps,
  sortPaCases,
  type PaCase,
  type PaSortKey,
} from '@pillar/domain';
import { TableScrollFrame } from '../../../shared/table-scroll/table-scroll-frame.tsx';
import { usePriorAuthCases } from '../api/prior-auth-calls.ts';
import { AuthorizationDetailDrawer, type PaMemberRecord } from './authorization-detail-drawer.tsx';
import { PaDates } from './pa-dates.tsx';
import { PaStatusTag } from './pa-status-tag.tsx';
import { PaLoadError } from './pa-unavailable.tsx';
import './prior-auth.css';

export interface PriorAuthHistoryProps {
  /**
   * The member (or dependent) as their record has it: `alternateId` is the member's alternate
   * ID, or their generated ID when they have none (a dependent passes the member's), with the
   * person's own names and birth date (YYYY-MM-DD). Nothing is asked until all four are known.
   */
  member: PaMemberRecord;
}

/** A column sorted on the client; equal values fall back to the newest request (domain). */
function sorted(key: PaSortKey) {
  return {
    key,
    sorter: (a: PaCase, b: PaCase, order?: 'ascend' | 'descend' | null) =>
      // antd reverses the result itself for 'descend'; the ties' order must not be reversed.
      order === 'descend'
        ? -comparePaCases(key, 'descend')(a, b)
        : comparePaCases(key, 'ascend')(a, b),
    sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
  };
}

/**
 * The 'Prior Auth History' tab: the member's PA cases from the PA system, 3 a page, sortable on
 * the client, each with its status badge, its end date or coverage period and the member's next
 * steps; the case ID opens the Authorization Detail drawer. Empty: 'No Prior Authorizations
 * detected in Agadia System'; an unreachable PA system: the technical-difficulties message.
 */
export function PriorAuthHistory({ member }: PriorAuthHistoryProps) {
  const ids = paIdentifiersOf(member);
  const cases = usePriorAuthCases(ids);
  const [openCase, setOpenCase] = useState<string | null>(null);
  // A new sort goes back to the first page, as the project's paged tables do.
  const [page, setPage] = useState(1);
  const rows = useMemo(() => sortPaCases(cases.data?.data ?? []), [cases.data]);

  if (!ids) {
    return (
      <Alert
        type="info"
        showIcon
        title="Prior authorizations are looked up by the member's ID, first and last name and birth date; one of them is missing."
      />
    );
  }
  if (cases.isError) return <PaLoadError error={cases.error} what="Prior authorizations" />;

  const columns: TableColumnsType<PaCase> = [
    {
      title: 'PA Case ID',
      dataIndex: 'PACaseId',
      // The case stays in view while the other columns scroll sideways.
      fixed: 'start',
      width: 140,
      ...sorted('PACaseId'),
      render: (id: string) => (
        <Button type="link" onClick={() => setOpenCase(id)}>
          {id}
        </Button>
      ),
    },
    { title: 'Service Name', dataIndex: 'ServiceName', width: 190, ...sorted('ServiceName') },
    {
      title: 'Status',
      dataIndex: 'Status',
      width: 230,
      ...sorted('Status'),
      render: (_: unknown, row) => <PaStatusTag status={row.Status} />,
    },
    {
      title: 'Request Date',
      dataIndex: 'RequestDate',
      width: 130,
      ...sorted('RequestDate'),
      defaultSortOrder: 'descend',
      render: (value: string) => formatDate(value),
    },
    {
      title: 'Prescriber',
      dataIndex: 'PrescriberName',
      width: 170,
      ...sorted('PrescriberName'),
    },
    {
      title: 'End Date / Coverage',
      width: 180,
      ...sorted('CoverageEndDate'),
      key: 'dates',
      render: (_: unknown, row) => <PaDates paCase={row} />,
    },
    {
      title: "Member's Next Steps",
      key: 'nextSteps',
      width: 320,
      render: (_: unknown, row) => (
        <Typography.Text type={row.ReplacedByPACaseId ? 'secondary' : undefined}>
          {paNextSteps(row)}
        </Typography.Text>
      ),
    },
  ];

  return (
    <TableScrollFrame className="pa-history">
      <Table<PaCase>
        size="small"
        rowKey="PACaseId"
        aria-label="Prior authorization history"
        loading={cases.isPending}
        columns={columns}
        dataSource={rows}
        pagination={{
          current: page,
          pageSize: PA_PAGE_SIZE,
          hideOnSinglePage: false,
          showSizeChanger: false,
        }}
        onChange={(pagination, _filters, _sorter, { action }) =>
          setPage(action === 'sort' ? 1 : (pagination.current ?? 1))
        }
        locale={{ emptyText: <Empty description={PA_EMPTY_MESSAGE} /> }}
        scroll={{ x: 'max-content' }}
      />
      <AuthorizationDetailDrawer
        member={member}
        paCaseId={openCase}
        open={openCase !== null}
        onClose={() => setOpenCase(null)}
      />
    </TableScrollFrame>
  );
}
