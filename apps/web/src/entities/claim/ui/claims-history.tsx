import { Alert, Space, Tag, Typography } from 'antd';
import {
  BRAND_GENERIC_LABELS,
  CLAIM_CHANNEL_LABELS,
  CLAIM_STATUS_LABELS,
  NO_PBM_COVERAGE,
  formatDate,
  formatNdc,
  formatUsd,
  pbmBrowserNote,
  type ClaimSortField,
  type ClaimStatus,
  type PharmacyClaim,
} from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import {
  PagedTable,
  usePagedTableState,
  type PagedTableColumn,
} from '../../../shared/search-table/paged-table.tsx';
import { TableScrollFrame } from '../../../shared/table-scroll/table-scroll-frame.tsx';
import { useClaimsHistory, usePbmLinks } from '../api/claims-history.ts';

// Dark text on light fills, as the status tags elsewhere (antd's presets fall under AA contrast).
const STATUS_STYLES: Record<ClaimStatus, { color: string; background: string; border: string }> = {
  paid: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  reversed: { color: '#873800', background: '#fff7e6', border: '#ffd591' },
  rejected: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
};

function ClaimStatusTag({ status }: { status: ClaimStatus }) {
  const style = STATUS_STYLES[status];
  return (
    <Tag
      variant="outlined"
      style={{ color: style.color, background: style.background, borderColor: style.border }}
    >
      {CLAIM_STATUS_LABELS[status]}
    </Tag>
  );
}

/** The claims table's columns; each is sortable on the server (CLAIM_SORT_FIELDS). */
const CLAIM_COLUMNS: PagedTableColumn<PharmacyClaim, ClaimSortField>[] = [
  {
    title: 'Fill Date',
    dataIndex: 'fillDate',
    // The fill date stays in view while the other columns scroll sideways.
    fixed: 'start',
    width: 120,
    sortField: 'fillDate',
    render: (date: string) => formatDate(date),
  },
  { title: 'Rx Number', dataIndex: 'rxNumber', width: 130, sortField: 'rxNumber' },
  { title: 'Drug Name', dataIndex: 'drugName', width: 200, sortField: 'drugName' },
  {
    title: 'NDC',
    dataIndex: 'ndc',
    width: 140,
    sortField: 'ndc',
    render: (ndc: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatNdc(ndc)}</span>,
  },
  { title: 'Quantity', dataIndex: 'quantity', align: 'right', width: 110, sortField: 'quantity' },
  {
    title: 'Days Supply',
    dataIndex: 'daysSupply',
    align: 'right',
    width: 120,
    sortField: 'daysSupply',
  },
  {
    title: 'Pharmacy',
    dataIndex: 'pharmacyName',
    width: 220,
    sortField: 'pharmacyName',
    render: (name: string, claim) => (
      <span>
        {name}
        <br />
        <Typography.Text type="secondary">NPI {claim.pharmacyNpi}</Typography.Text>
      </span>
    ),
  },
  {
    title: 'Channel',
    dataIndex: 'channel',
    width: 110,
    sortField: 'channel',
    render: (channel: PharmacyClaim['channel']) => CLAIM_CHANNEL_LABELS[channel],
  },
  {
    title: 'Brand/Generic',
    dataIndex: 'brandGeneric',
    width: 140,
    sortField: 'brandGeneric',
    render: (value: PharmacyClaim['brandGeneric']) => BRAND_GENERIC_LABELS[value],
  },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 110,
    sortField: 'status',
    render: (status: ClaimStatus) => <ClaimStatusTag status={status} />,
  },
  {
    title: 'Member Paid',
    dataIndex: 'memberPaid',
    align: 'right',
    width: 130,
    sortField: 'memberPaid',
    render: (amount: string) => formatUsd(amount),
  },
  {
    title: 'Plan Paid',
    dataIndex: 'planPaid',
    align: 'right',
    width: 120,
    sortField: 'planPaid',
    render: (amount: string) => formatUsd(amount),
  },
];

export interface ClaimsHistoryProps {
  orgId: number;
  /** The employee's number; the claims are theirs unless dependentNo names a dependent. */
  employeeNo: number;
  dependentNo?: number | undefined;
}

/**
 * The member detail's Claims History tab (issue 12): the PBM claim links in the spec's preferred
 * order with the browser each needs, then the member's pharmacy claims, server-paged and
 * sortable, 'No data' when there are none. H12F places it:
 *
 *   <ClaimsHistory orgId={orgId} employeeNo={employeeNo} dependentNo={dependentNo} />
 */
export function ClaimsHistory({ orgId, employeeNo, dependentNo }: ClaimsHistoryProps) {
  const paging = usePagedTableState();
  const claims = useClaimsHistory(orgId, employeeNo, {
    ...paging.query,
    ...(dependentNo === undefined ? {} : { dependentNo }),
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PbmClaimLinks orgId={orgId} employeeNo={employeeNo} />
      {claims.isError && (
        <Alert
          type="error"
          showIcon
          title="The claims could not be loaded."
          description={describeError(claims.error).description}
        />
      )}
      <TableScrollFrame>
        <PagedTable<PharmacyClaim>
          rowKey="claimNo"
          size="small"
          aria-label="Claims history"
          columns={CLAIM_COLUMNS}
          state={paging.state}
          onStateChange={paging.onStateChange}
          page={claims.data}
          isError={claims.isError}
          loading={claims.isFetching}
          scroll={{ x: 'max-content' }}
          showTotal={(count) => `${count} claims`}
        />
      </TableScrollFrame>
    </Space>
  );
}

/** The member's PBM claim systems, each with the browser it needs (spec 2 §9). */
export function PbmClaimLinks({ orgId, employeeNo }: { orgId: number; employeeNo: number }) {
  const links = usePbmLinks(orgId, employeeNo);
  if (links.isPending) return null;
  if (links.isError || links.data.links.length === 0) {
    return <Typography.Text type="secondary">{NO_PBM_COVERAGE}</Typography.Text>;
  }
  return (
    <nav aria-label="PBM claim links">
      <Space wrap size="large">
        {links.data.links.map((link) => (
          <span key={link.name}>
            <Typography.Link href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
            </Typography.Link>{' '}
            <Typography.Text type="secondary">({pbmBrowserNote(link.pbm)})</Typography.Text>
          </span>
        ))}
      </Space>
    </nav>
  );
}
